import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, shot, test } from './fixtures';

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
  frames: number;
}

const timings = (page: Page) => page.evaluate(() => (window as unknown as { __vizTimings: Timings }).__vizTimings);

/** Per half of the plots: share of non-background pixels and mean brightness, from a screenshot of the plots. */
async function halves(page: Page, name: string) {
  const png = await page.getByTestId('linked-plots').screenshot();
  await shot(page, name);
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
  await page.waitForFunction(() => (window as unknown as { __vizReady?: boolean }).__vizReady === true, null, { timeout });
  // The flag follows deck's first render; give SwiftShader's compositor time to put the pixels on screen.
  await expect
    .poll(async () => (await halves(page, `viz-${n}-wait`)).spatial.lit, { timeout, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.02);
}

test('10k tixels: both views drawn, recolour on the GPU, lasso dims both views', async ({ page }) => {
  await openLab(page, 10_000, 30_000);
  const first = await halves(page, 'viz-10k-first');
  const t0 = await timings(page);
  console.log(`10k: generate ${t0.generateMs.toFixed(0)} ms, first draw ${t0.firstDrawMs?.toFixed(0)} ms after navigation start (${t0.firstDrawSinceMountMs?.toFixed(0)} ms after mount)`);
  expect(first.embedding.lit).toBeGreaterThan(0.02);
  expect(first.spatial.lit).toBeGreaterThan(0.2);

  // Palette switch: only a texture changes.
  await page.getByTestId('palette').click();
  await page.waitForFunction(() => {
    const t = (window as unknown as { __vizTimings: Timings }).__vizTimings;
    return t.recolourKind === 'palette' && t.recolourFrameMs !== undefined;
  });
  const tp = await timings(page);
  console.log(`10k palette recolour: ${tp.recolourMs?.toFixed(1)} ms to deck render, ${tp.recolourFrameMs?.toFixed(1)} ms to next frame`);
  expect(tp.recolourMs!).toBeLessThan(100);
  await expect.poll(async () => diff(first.raw, (await halves(page, 'viz-10k-hot')).raw), { timeout: 10_000 }).toBeGreaterThan(0.05);

  // Gene switch: one float per tixel re-uploaded.
  await page.getByTestId('gene-b').click();
  await page.waitForFunction(() => {
    const t = (window as unknown as { __vizTimings: Timings }).__vizTimings;
    return t.recolourKind === 'geneB' && t.recolourFrameMs !== undefined;
  });
  const tg = await timings(page);
  console.log(`10k gene recolour: ${tg.recolourMs?.toFixed(1)} ms to deck render, ${tg.recolourFrameMs?.toFixed(1)} ms to next frame`);
  expect(tg.recolourMs!).toBeLessThan(100);

  await page.getByTestId('clusters').click();
  await page.waitForTimeout(1500);
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
    .poll(async () => {
      const after = await halves(page, 'viz-10k-lasso');
      return Math.max(after.embedding.brightness / before.embedding.brightness, after.spatial.brightness / before.spatial.brightness);
    }, { timeout: 10_000 })
    .toBeLessThan(0.85);
});

test('1M tixels: draws and pans', async ({ page }) => {
  test.setTimeout(180_000);
  await openLab(page, 1_000_000, 120_000);
  const first = await halves(page, 'viz-1m-first');
  const t0 = await timings(page);
  console.log(`1M: generate ${t0.generateMs.toFixed(0)} ms, first draw ${t0.firstDrawMs?.toFixed(0)} ms after navigation start (${t0.firstDrawSinceMountMs?.toFixed(0)} ms after mount)`);
  expect(first.embedding.lit).toBeGreaterThan(0.02);
  expect(first.spatial.lit).toBeGreaterThan(0.2);

  // Drag the spatial view 250 px to the left.
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const x = box.x + (box.width * 3) / 4;
  const y = box.y + box.height / 2;
  const framesBefore = (await timings(page)).frames;
  const t = Date.now();
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(x - 25 * k, y);
  await page.mouse.up();
  await page.waitForFunction((f) => (window as unknown as { __vizTimings: Timings }).__vizTimings.frames > f + 1, framesBefore, { timeout: 60_000 });
  const dragMs = Date.now() - t;
  const tf = await timings(page);
  console.log(`1M pan: 10 drag steps took ${dragMs} ms, ${tf.frames - framesBefore} frames drawn`);
  await expect.poll(async () => diff(first.raw, (await halves(page, 'viz-1m-panned')).raw), { timeout: 30_000 }).toBeGreaterThan(0.02);

  // Recolour at 1M.
  await page.getByTestId('palette').click();
  await page.waitForFunction(() => {
    const tt = (window as unknown as { __vizTimings: Timings }).__vizTimings;
    return tt.recolourKind === 'palette' && tt.recolourFrameMs !== undefined;
  }, null, { timeout: 30_000 });
  const tp = await timings(page);
  console.log(`1M palette recolour: ${tp.recolourMs?.toFixed(1)} ms to deck render, ${tp.recolourFrameMs?.toFixed(1)} ms to next frame`);
  await page.getByTestId('gene-b').click();
  await page.waitForFunction(() => {
    const tt = (window as unknown as { __vizTimings: Timings }).__vizTimings;
    return tt.recolourKind === 'geneB' && tt.recolourFrameMs !== undefined;
  }, null, { timeout: 30_000 });
  const tg = await timings(page);
  console.log(`1M gene recolour: ${tg.recolourMs?.toFixed(1)} ms to deck render, ${tg.recolourFrameMs?.toFixed(1)} ms to next frame`);
  await page.waitForTimeout(1500);
  await shot(page, 'viz-1m-geneb');
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
