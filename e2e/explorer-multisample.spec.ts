import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { EXPLORER_MSG } from '@atlas/contracts';
import {
  ADMIN,
  expect,
  plotHalves,
  plotsDrawn,
  plotsScreenshot,
  shot,
  signIn,
  test,
  tick,
  waitForRunData,
  pickSuggestedFeature,
} from './fixtures';

/**
 * [EXPLORER]: multi-sample runs (spec 03 §2.1, §9) — tick runs in Run ID's, Begin opens the first as the main run
 * and draws the others as extra spatial plots, three per row, with their run ids; a gene recolours them, a motif
 * they lack greys them out with a note, the address restores the samples after a reload, and a sample that
 * cannot be loaded says so in its cell.
 */

const MAIN = 'D90001';
/** Two transcriptome runs (genes only) and one ATAC run (with motifs), so a motif is lacking in some. */
const SAMPLES = ['D90004', 'D90005', 'D90009'];

/** The cell's pixels below its title, as RGB bytes. */
async function cellPixels(page: Page, cell: Locator): Promise<{ data: Buffer; width: number; height: number }> {
  const box = (await cell.boundingBox())!;
  const png = await plotsScreenshot(page, {
    x: box.x + 4,
    y: box.y + 40,
    width: box.width - 8,
    height: box.height - 44,
  });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Share of lit (non-black) pixels in a cell: its tixels drawn on the black background. */
async function litShare(page: Page, cell: Locator): Promise<number> {
  const { data } = await cellPixels(page, cell);
  let lit = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i]! + data[i + 1]! + data[i + 2]! > 60) lit++;
  return lit / (data.length / 3);
}

/** Share of pixels whose colour differs between two captures of the same cell. */
function changedShare(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let i = 0; i < a.length; i += 3)
    if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 30) changed++;
  return changed / (a.length / 3);
}

/**
 * The page's canvases, and how many of them hold a WebGL context: asking a canvas for 'webgl2' answers the context
 * it has, or null when it has a 2D one (igv's, echarts'). The total is asserted too, because asking a canvas that
 * has no context yet would make one.
 */
function webglCanvases(page: Page): Promise<{ canvases: number; webgl: number }> {
  return page.evaluate(() => {
    const canvases = Array.from(document.querySelectorAll('canvas'));
    const webgl = canvases.filter((c) => (c.getContext('webgl2') ?? c.getContext('webgl')) !== null).length;
    return { canvases: canvases.length, webgl };
  });
}

const cells = (page: Page) => page.getByTestId('sample-cell');
const cellOf = (page: Page, runId: string) => page.locator(`[data-testid="sample-cell"][data-run-id="${runId}"]`);

/** All sample cells are drawn: each shows tixels. */
async function expectSamplesDrawn(page: Page): Promise<void> {
  await expect(page.getByTestId('samples-loaded')).toHaveText(`${SAMPLES.length} of ${SAMPLES.length} loaded`, {
    timeout: 60_000,
  });
  for (const id of SAMPLES) {
    await expect
      .poll(() => litShare(page, cellOf(page, id)), { timeout: 20_000, intervals: [250, 500, 1000] })
      .toBeGreaterThan(0.01);
  }
}

async function chooseFirstFeature(page: Page, prefix: string): Promise<string> {
  const name = await pickSuggestedFeature(page, prefix);
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
  return name;
}

test('[EXPLORER]: multi-sample runs — tick, Begin, three per row, recolour, restored from the address', async ({
  page,
}) => {
  test.setTimeout(360_000);
  for (const id of [MAIN, ...SAMPLES]) await waitForRunData(page, id);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AtlasXplore');
  await page.getByRole('button', { name: "Run ID's" }).click();
  const panel = page.getByTestId('run-search');
  const begin = panel.getByRole('button', { name: 'Begin' });
  await expect(begin).toBeDisabled();

  // Tick with the mouse and with the keyboard; the order of ticking decides the main run.
  await tick(panel.getByRole('checkbox', { name: `Tick ${MAIN}` }));
  await tick(panel.getByRole('checkbox', { name: `Tick ${SAMPLES[0]}` }));
  await tick(panel.getByRole('checkbox', { name: 'Tick D90002' }));
  await panel.getByRole('checkbox', { name: `Tick ${SAMPLES[1]}` }).focus();
  await page.keyboard.press('Space');
  await tick(panel.getByRole('checkbox', { name: `Tick ${SAMPLES[2]}` }));
  const chips = panel.getByTestId('ticked-runs').locator('.MuiChip-root');
  await expect(chips).toHaveText([`${MAIN} · main`, SAMPLES[0]!, 'D90002', SAMPLES[1]!, SAMPLES[2]!]);
  // A ticked run is removed from its chip with the keyboard.
  await chips.filter({ hasText: 'D90002' }).focus();
  await page.keyboard.press('Delete');
  await expect(chips).toHaveText([`${MAIN} · main`, ...SAMPLES]);
  await expect(panel.getByRole('checkbox', { name: 'Tick D90002' })).not.toBeChecked();
  await shot(page, 'explorer-multisample-ticked');

  await begin.click();
  await expect(page).toHaveURL(new RegExp(`run_id=${MAIN}.*samples=${SAMPLES.join('%2C')}`));
  await plotsDrawn(page);

  // One plot per sample with its run id as the title, three per row (one row of equal thirds).
  await expect(cells(page)).toHaveCount(SAMPLES.length);
  for (const [i, id] of SAMPLES.entries()) await expect(cells(page).nth(i)).toContainText(id);
  await expectSamplesDrawn(page);
  const grid = (await page.getByTestId('sample-grid').boundingBox())!;
  const boxes = await Promise.all(SAMPLES.map((id) => cellOf(page, id).boundingBox()));
  boxes.forEach((box, i) => {
    expect(box!.y).toBeCloseTo(grid.y, 0);
    expect(box!.width).toBeCloseTo(grid.width / 3, 0);
    expect(box!.x).toBeCloseTo(grid.x + (i * grid.width) / 3, 0);
  });
  // The main plots and every sample are views of one Deck: the page holds exactly one WebGL canvas (DESIGN §6).
  expect(await webglCanvases(page)).toEqual({ canvases: 1, webgl: 1 });
  // Each view pans on its own: dragging a sample moves its tixels and leaves the main plots and the other samples.
  await cellOf(page, SAMPLES[0]!).scrollIntoViewIfNeeded();
  const mainBefore = await plotHalves(page);
  const firstBefore = await cellPixels(page, cellOf(page, SAMPLES[0]!));
  const otherBefore = await cellPixels(page, cellOf(page, SAMPLES[1]!));
  const first = (await cellOf(page, SAMPLES[0]!).boundingBox())!;
  await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
  await page.mouse.down();
  await page.mouse.move(first.x + first.width / 2 + 60, first.y + first.height / 2 + 30, { steps: 6 });
  await page.mouse.up();
  await expect
    .poll(async () => changedShare(firstBefore.data, (await cellPixels(page, cellOf(page, SAMPLES[0]!))).data), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0.02);
  expect(changedShare(otherBefore.data, (await cellPixels(page, cellOf(page, SAMPLES[1]!))).data)).toBeLessThan(0.001);
  expect(await plotHalves(page)).toEqual(mainBefore);
  await shot(page, 'explorer-multisample-clusters');

  // A gene recolours every sample, each on its own range.
  const before = await Promise.all(SAMPLES.map((id) => cellPixels(page, cellOf(page, id))));
  const gene = await chooseFirstFeature(page, 'a');
  await expect(page).toHaveURL(new RegExp(`features=${encodeURIComponent(gene)}`));
  for (const [i, id] of SAMPLES.entries()) {
    await expect(cellOf(page, id)).toContainText(/\d+\.\d{2}–\d+\.\d{2}/);
    await expect
      .poll(async () => changedShare(before[i]!.data, (await cellPixels(page, cellOf(page, id))).data), {
        timeout: 20_000,
        intervals: [250, 500, 1000],
      })
      .toBeGreaterThan(0.01);
  }
  await shot(page, 'explorer-multisample-gene');

  // The address restores the samples (and the gene) after a reload.
  await page.reload();
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 60_000 },
  );
  await expect(page).toHaveURL(new RegExp(`samples=${SAMPLES.join('%2C')}`));
  await expect(cells(page)).toHaveCount(SAMPLES.length);
  for (const [i, id] of SAMPLES.entries()) await expect(cells(page).nth(i)).toContainText(id);
  await expectSamplesDrawn(page);
  for (const id of SAMPLES) await expect(cellOf(page, id)).toContainText(/\d+\.\d{2}–\d+\.\d{2}/);

  // A motif: the transcriptome samples have none and turn grey with a note; the ATAC sample is coloured.
  await page.getByRole('button', { name: 'motif', exact: true }).click();
  const motif = await chooseFirstFeature(page, 'MA');
  await expect(cellOf(page, SAMPLES[0]!)).toContainText(EXPLORER_MSG.sampleLacksFeatures([motif]));
  await expect(cellOf(page, SAMPLES[2]!)).toContainText(EXPLORER_MSG.sampleLacksFeatures([motif]));
  await expect(cellOf(page, SAMPLES[1]!)).toContainText(/\d+\.\d{2}–\d+\.\d{2}/);
  await shot(page, 'explorer-multisample-motif');

  // A sample whose data cannot be loaded says so in its cell; the others are drawn.
  await page.goto(`/?component=AtlasXplore&run_id=${MAIN}&samples=${SAMPLES[0]},D99999`);
  await expect(cellOf(page, 'D99999')).toContainText(EXPLORER_MSG.failedToLoadDetails('D99999'), { timeout: 30_000 });
  await expect
    .poll(() => litShare(page, cellOf(page, SAMPLES[0]!)), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.01);
  await expect(page.getByTestId('samples-loaded')).toHaveText('1 of 2 loaded');
  await shot(page, 'explorer-multisample-error');
});
