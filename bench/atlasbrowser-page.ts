// AtlasXbrowser's figures as a browser sees them (issue 13): the lab page /viz-lab/atlasbrowser runs the tool's
// own threshold worker, autofill and stage on a 4,000 × 4,000 image in headless Chromium.
import fs from 'node:fs';
import type { AtlasBrowserLabTimings } from '@atlas/contracts';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH, CHROMIUM_PATH } from '../e2e/chromium.js';
import type { Row } from './row.js';

type Probe = { __atlasBrowserLab?: AtlasBrowserLabTimings };
const FRAME_TARGET = 30;

export async function atlasBrowserPageRows(url: string): Promise<Row[]> {
  if (!fs.existsSync(CHROMIUM_PATH))
    return [{ measure: 'AtlasXbrowser in a headless browser', target: '—', figure: 'no Chromium', verdict: 'info' }];
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${url}/viz-lab/atlasbrowser`);
    await page.waitForFunction(() => (globalThis as unknown as Probe).__atlasBrowserLab !== undefined, null, {
      timeout: 180_000,
      polling: 250,
    });
    await page.getByRole('img', { name: 'Processed image' }).waitFor();
    const t = await page.evaluate(() => {
      const lab = (globalThis as unknown as Probe).__atlasBrowserLab!;
      return {
        thresholdMs: lab.thresholdMs,
        againMs: lab.againMs,
        loadMs: lab.loadMs,
        workerMs: lab.workerMs,
        autofillMs: lab.autofillMs,
        bare: lab.bareLoopMs,
      };
    });

    // A bare animation-frame loop first (the page idle: the frame rate this browser gives at all), then the same
    // count while a corner is dragged across the image with the 220 × 220 grid and every tixel drawn.
    const frames = async (drag: boolean) => {
      await page.evaluate(() => (globalThis as unknown as Probe).__atlasBrowserLab!.startFrames());
      const corner = await page.evaluate(() => (globalThis as unknown as Probe).__atlasBrowserLab!.corner);
      if (drag) {
        await page.mouse.move(corner.x, corner.y);
        await page.mouse.down();
      }
      for (let i = 1; i <= 90; i++) {
        if (drag) await page.mouse.move(corner.x - i, corner.y - i / 2);
        await page.waitForTimeout(16);
      }
      if (drag) await page.mouse.up();
      const done = await page.evaluate(() => (globalThis as unknown as Probe).__atlasBrowserLab!.stopFrames());
      return (1000 * done.frames) / done.ms;
    };
    const idleFps = await frames(false);
    const dragFps = await frames(true);
    const roi = await page.getByRole('img', { name: 'Processed image' }).getAttribute('data-roi');
    const moved = roi !== '200,200 3800,200 3800,3800 200,3800';
    return [
      {
        measure:
          'adaptive threshold of a 4,000×4,000 image in the browser (Threshold button → black and white drawn at the stage’s size)',
        target: '< 300 ms',
        figure:
          `${t.thresholdMs.toFixed(0)} ms median on a new image, ${t.againMs.toFixed(0)} ms with another C (workers ${t.workerMs.toFixed(0)} ms of it); ` +
          `reading a new image into the workers when it is made ${t.loadMs.toFixed(0)} ms; a bare pass over the same pixels ${t.bare.toFixed(0)} ms (× ${(t.thresholdMs / t.bare).toFixed(1)})`,
        verdict: t.thresholdMs < 300 ? 'met' : 'MISSED',
      },
      {
        measure: 'autofill of 48,400 tixels (220×220) in the browser',
        target: '< 100 ms',
        figure: `${t.autofillMs.toFixed(1)} ms median`,
        verdict: t.autofillMs < 100 ? 'met' : 'MISSED',
      },
      {
        measure: 'ROI corner drag with the 220×220 grid and every tixel drawn (headless)',
        target: `> ${FRAME_TARGET} frames/s`,
        figure: moved
          ? `${dragFps.toFixed(0)} frames/s while dragging; the idle page ${idleFps.toFixed(0)} frames/s (× ${(dragFps / idleFps).toFixed(2)})`
          : 'the drag did not move the corner; not measured',
        verdict: moved && dragFps > FRAME_TARGET ? 'met' : 'MISSED',
      },
    ];
  } finally {
    await browser.close();
  }
}
