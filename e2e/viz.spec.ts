import type { Page } from '@playwright/test';
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { animationFrames, expect, test } from './fixtures';

const SHOTS = path.resolve(import.meta.dirname, '.out/screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

/**
 * The WebGL plots (packages/viz) on the /viz-lab page: points drawn in both views, GPU recolour timing,
 * lasso selection dimming both views, and a million tixels drawing and panning. Deck.gl pixels arrive a while
 * after the JS render under SwiftShader, so every check waits for the page's own flags first.
 */

interface Timings {
  n: number;
  generateMs: number;
  firstDrawMs?: number;
  firstDrawSinceMountMs?: number;
  recolourMs?: number;
  recolourFrameMs?: number;
  recolourKind?: string;
  selectMs?: number;
  selectedCount?: number;
  panFrameMs?: number;
  frames: number;
}

const timings = (page: Page) => page.evaluate(() => (window as unknown as { __vizTimings: Timings }).__vizTimings);

/** Per half of the plots: share of non-background pixels and mean brightness, from a screenshot of the plots. */
async function halves(page: Page, name: string) {
  // One screenshot per check: under SwiftShader each one waits for a composited frame.
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const png = await page.screenshot({ clip: box, path: path.join(SHOTS, `${name}.png`) });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const stats = [0, 1].map((h) => {
    let lit = 0;
    let sum = 0;
    let count = 0;
    const x0 = Math.floor((h * info.width) / 2);
    const x1 = Math.floor(((h + 1) * info.width) / 2);
    for (let y = 0; y < info.height; y += 2) {
      for (let x = x0; x < x1; x += 2) {
        const i = (y * info.width + x) * 3;
        const b = data[i]! + data[i + 1]! + data[i + 2]!;
        if (b > 60) lit++;
        sum += b;
        count++;
      }
    }
    return { lit: lit / count, brightness: sum / count };
  });
  return { embedding: stats[0]!, spatial: stats[1]!, raw: data };
}

async function openLab(page: Page, n: number, timeout: number) {
  await page.goto(`/viz-lab?n=${n}`);
  await page.waitForFunction(() => (window as unknown as { __vizReady?: boolean }).__vizReady === true, null, {
    timeout,
  });
  // The flag follows deck's first render; give SwiftShader's compositor time to put the pixels on screen.
  await expect
    .poll(async () => (await halves(page, `viz-${n}-wait`)).spatial.lit, { timeout, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.02);
}

test('10k tixels: both views drawn, recolour on the GPU, lasso dims both views', async ({ page }) => {
  await openLab(page, 10_000, 30_000);
  const first = await halves(page, 'viz-10k-first');
  const t0 = await timings(page);
  console.log(
    `10k: generate ${t0.generateMs.toFixed(0)} ms, first draw ${t0.firstDrawMs?.toFixed(0)} ms after navigation start (${t0.firstDrawSinceMountMs?.toFixed(0)} ms after mount)`,
  );
  expect(first.embedding.lit).toBeGreaterThan(0.02);
  expect(first.spatial.lit).toBeGreaterThan(0.2);

  // Palette switch: only a texture changes.
  await page.getByTestId('palette').click();
  await page.waitForFunction(() => {
    const t = (window as unknown as { __vizTimings: Timings }).__vizTimings;
    return t.recolourKind === 'palette' && t.recolourFrameMs !== undefined;
  });
  const tp = await timings(page);
  console.log(
    `10k palette recolour: ${tp.recolourMs?.toFixed(1)} ms to deck render, ${tp.recolourFrameMs?.toFixed(1)} ms to next frame`,
  );
  expect(tp.recolourMs!).toBeLessThan(100);
  await expect
    .poll(async () => diff(first.raw, (await halves(page, 'viz-10k-hot')).raw), { timeout: 10_000 })
    .toBeGreaterThan(0.05);

  // Gene switch: one float per tixel re-uploaded.
  await page.getByTestId('gene-b').click();
  await page.waitForFunction(() => {
    const t = (window as unknown as { __vizTimings: Timings }).__vizTimings;
    return t.recolourKind === 'geneB' && t.recolourFrameMs !== undefined;
  });
  const tg = await timings(page);
  console.log(
    `10k gene recolour: ${tg.recolourMs?.toFixed(1)} ms to deck render, ${tg.recolourFrameMs?.toFixed(1)} ms to next frame`,
  );
  expect(tg.recolourMs!).toBeLessThan(100);
  await animationFrames(page, 5);
  await halves(page, 'viz-10k-geneb');

  await page.getByTestId('clusters').click();
  await animationFrames(page, 5);
  const before = await halves(page, 'viz-10k-clusters');

  // Lasso a circle in the middle of the UMAP (left) view.
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const cx = box.x + box.width / 4;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width / 4, box.height / 2) * 0.45;
  await page.mouse.move(cx + r, cy);
  await page.mouse.down();
  for (let k = 1; k <= 48; k++) {
    const a = (2 * Math.PI * k) / 48;
    await page.mouse.move(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  await page.mouse.up();
  await expect.poll(async () => (await timings(page)).selectedCount ?? 0).toBeGreaterThan(0);
  const ts = await timings(page);
  console.log(`10k lasso: ${ts.selectedCount} selected in ${ts.selectMs?.toFixed(1)} ms (pointer up → worker answer)`);
  expect(ts.selectedCount!).toBeLessThan(10_000);
  await expect(page.getByTestId('selected-count')).toHaveText(`selected: ${ts.selectedCount}`);

  // Both views dim what was not selected.
  await expect
    .poll(
      async () => {
        const after = await halves(page, 'viz-10k-lasso');
        return Math.max(
          after.embedding.brightness / before.embedding.brightness,
          after.spatial.brightness / before.spatial.brightness,
        );
      },
      { timeout: 10_000 },
    )
    .toBeLessThan(0.85);

  // Quad select on the spatial view: the left half of the 100×100 grid (a little margin) is about 5,000 tixels.
  await page.getByTestId('tool-quad').click();
  const sx0 = box.x + box.width / 2 + 20;
  await page.mouse.move(sx0, box.y + 10);
  await page.mouse.down();
  await page.mouse.move(box.x + (box.width * 3) / 4, box.y + box.height - 10, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await timings(page)).selectedCount).not.toBe(ts.selectedCount);
  const tq = await timings(page);
  console.log(`10k quad: ${tq.selectedCount} selected in ${tq.selectMs?.toFixed(1)} ms`);
  expect(tq.selectedCount!).toBeGreaterThan(4000);
  expect(tq.selectedCount!).toBeLessThan(6000);
  await animationFrames(page, 5);
  await halves(page, 'viz-10k-quad');
});

/** Share of sampled pixels that differ noticeably between two same-sized raw RGB buffers. */
function diff(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) return 1;
  let changed = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += 3 * 7) {
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 40) changed++;
    count++;
  }
  return changed / count;
}
