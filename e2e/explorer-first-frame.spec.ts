import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import type { ExplorerTimings } from '@atlas/contracts';
import { ADMIN, expect, plotHalves, shot, signIn, test, waitForRunData } from './fixtures';

/**
 * [EXPLORER-FIRST-FRAME]: a run opened with the page and a saved session has its plots drawn before the app starts
 * (apps/web/src/features/explorer/boot), and the explorer goes on with them. The app's start is held back
 * (its chunk's request waits) to look at the page between the two: both plots drawn, nothing of the app rendered;
 * then the explorer takes the same canvas — one WebGL context — at the same place, draws the same pixels, and the
 * plots pan. A run without a tissue image, so that nothing else changes the pixels in between.
 */

const RUN = 'D90004';
const APP_START = /\/assets\/start-[^/]+\.js$/;

interface CanvasState {
  x: number;
  y: number;
  width: number;
  height: number;
  png: string;
  canvases: number;
  /** The canvas carries the mark set on the first frame's canvas: it is the same element. */
  marked: boolean;
}

/** The page's canvas: where it is, its pixels (the drawing buffer is kept: Save Display reads it) and whether it is marked. */
const canvasState = (page: Page): Promise<CanvasState> =>
  page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    const r = canvas.getBoundingClientRect();
    return {
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      png: canvas.toDataURL('image/png'),
      canvases: document.querySelectorAll('canvas').length,
      marked: canvas.dataset.firstFrame === 'yes',
    };
  });

/** How many pixels of two PNGs (data URLs of one size) differ, and how many have any colour. */
async function comparePixels(a: string, b: string): Promise<{ differing: number; lit: number; total: number }> {
  const raw = async (url: string) =>
    (
      await sharp(Buffer.from(url.split(',')[1]!, 'base64'))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
    ).data;
  const [x, y] = [await raw(a), await raw(b)];
  let differing = 0;
  let lit = 0;
  for (let i = 0; i < x.length; i += 3) {
    if (x[i] !== y[i] || x[i + 1] !== y[i + 1] || x[i + 2] !== y[i + 2]) differing++;
    if (x[i]! + x[i + 1]! + x[i + 2]! > 60) lit++;
  }
  return { differing, lit, total: x.length / 3 };
}

/**
 * Signs in and opens the run with the app held back (its start chunk's request waits), until the first frame is
 * drawn; returns what lets the app start.
 */
async function openHeldBack(page: Page): Promise<() => void> {
  await waitForRunData(page, RUN);
  await signIn(page, ADMIN.username, ADMIN.password);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_START, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await page.waitForFunction(() => performance.getEntriesByName('atlas:first-frame').length > 0, null, {
    timeout: 30_000,
  });
  return release;
}

test('[EXPLORER-FIRST-FRAME]: the plots drawn before the app are the explorer’s: same canvas, place and pixels', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The app's start chunk is answered only when the first frame has been looked at.
  const release = await openHeldBack(page);
  await expect(page.getByTestId('first-frame')).toBeVisible();
  // Nothing of the app yet: no React root content, no explorer.
  expect(await page.evaluate(() => document.getElementById('root')!.childElementCount)).toBe(0);
  await expect(page.getByTestId('explorer')).toHaveCount(0);
  await page.evaluate(() => (document.querySelector('canvas')!.dataset.firstFrame = 'yes'));
  const first = await canvasState(page);
  expect(first.canvases).toBe(1);
  await shot(page, 'explorer-first-frame');
  // Both plots have points: the UMAP on the left half, the spatial plot on the right.
  const halves = await page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    const probe = document.createElement('canvas');
    [probe.width, probe.height] = [canvas.width, canvas.height];
    const ctx = probe.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, probe.width, probe.height);
    return [0, 1].map((h) => {
      let lit = 0;
      for (let y = 0; y < height; y += 2)
        for (let x = Math.floor((h * width) / 2); x < Math.floor(((h + 1) * width) / 2); x += 2) {
          const i = (y * width + x) * 4;
          if (data[i + 3]! > 0 && data[i]! + data[i + 1]! + data[i + 2]! > 60) lit++;
        }
      return lit;
    });
  });
  expect(Math.min(...halves)).toBeGreaterThan(200);

  release();
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByTestId('first-frame')).toHaveCount(0);
  const taken = await canvasState(page);
  // The explorer's PlotsDeck has the first frame's canvas (and so its WebGL context), where it was.
  expect(taken.marked).toBe(true);
  expect(taken.canvases).toBe(1);
  expect(await page.getByTestId('plots-canvas').locator('canvas').count()).toBe(1);
  expect({ x: taken.x, y: taken.y, width: taken.width, height: taken.height }).toEqual({
    x: first.x,
    y: first.y,
    width: first.width,
    height: first.height,
  });
  // The explorer's own frame of the run's cluster view has the first frame's pixels.
  const pixels = await comparePixels(first.png, taken.png);
  expect(pixels.lit).toBeGreaterThan(1000);
  expect(pixels.differing).toBe(0);
  const timings = await page.evaluate(
    () => (window as unknown as { __explorerTimings: ExplorerTimings }).__explorerTimings,
  );
  expect(timings.drawnBeforeApp).toBe(true);
  expect(timings.navigationToDrawnMs).toBeLessThan(timings.navigationToInteractiveMs!);
  console.log(
    `first frame: drawn ${timings.navigationToDrawnMs} ms after navigation (app held back), ` +
      `explorer drawing ${timings.navigationToInteractiveMs} ms`,
  );

  // The views are the explorer's now: a drag pans the UMAP.
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 4 + 80, box.y + box.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  await expect
    .poll(async () => (await comparePixels(first.png, (await canvasState(page)).png)).differing, { timeout: 10_000 })
    .toBeGreaterThan(1000);
  expect(Math.min(...(await plotHalves(page)))).toBeGreaterThan(0.01);
  await shot(page, 'explorer-first-frame-taken');
});

test('[EXPLORER-FIRST-FRAME]: a page that does not open the run lets the first frame go', async ({ page }) => {
  test.setTimeout(120_000);
  // The first frame is drawn, then the app's first render is not the explorer (the run is left for the catalogue
  // before the app starts): the plots must not stay over the page.
  const release = await openHeldBack(page);
  await page.evaluate(() => window.history.replaceState(null, '', '/visualization'));
  release();
  // The catalogue is shown (its first page: other specs' newer runs may have pushed this run to a later one).
  await expect(page.getByTestId('catalogue-count')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Open D\d+$/ }).first()).toBeVisible();
  await expect(page.getByTestId('first-frame')).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('canvas').length)).toBe(0);
});
