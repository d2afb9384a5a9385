import fs from 'node:fs';
import path from 'node:path';
import { fisherExact } from '../packages/spatial/src/stats/fisher';
import { ADMIN, drawLasso, expect, importSharedRun, plotsDrawn, shot, signIn, test, tick } from './fixtures';

/**
 * [EXPLORER-GROUP-ANALYSIS] (issue 34): on a real run (squidpy's Visium test file, 49 spots of the 10x adult mouse
 * brain with its own `leiden` clusters, imported as a lab would), a lasso's composition: the table's counts add up
 * to the selection and to each cluster's size in the run, and each p is Fisher's exact test of the table's own
 * counts; then a violin, a dot plot and a heatmap of two of the run's marker genes by cluster, exported as SVG and
 * PNG.
 */
const RUN = 'D90134';
const SOURCE = path.resolve(import.meta.dirname, '../../shared/data/visium-squidpy-tests/test_data.h5ad');
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('[EXPLORER-GROUP-ANALYSIS]: a lasso’s composition table, and violin, dot plot and heatmap exported', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const token = await importSharedRun(page, SOURCE, {
    runId: RUN,
    key: 'uploads/e2e/group-analysis/test_data.h5ad',
    title: 'squidpy Visium test data (composition)',
  });
  const headers = { authorization: `JWT ${token}` };
  const rows = (await (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers })).json()) as {
    clusters: string[];
  };
  const sizes = new Map<string, number>();
  for (const c of rows.clusters) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  const topTen = (await (
    await page.request.get(`/api/v1/genes/top_ten?run_id=${RUN}&kind=genes`, { headers })
  ).json()) as {
    '1': string[][];
  };
  const genes = [topTen['1'][0]![0]!, topTen['1'][0]![1]!];

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page, 0.002);
  await page.getByRole('tab', { name: 'Composition' }).click();
  await expect(page.getByTestId('composition-panel').getByRole('alert')).toContainText('Lasso or quad-select');

  // Lasso most of the UMAP.
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  await drawLasso(page, box.x + box.width / 4, box.y + box.height / 2, Math.min(box.width / 4, box.height / 2) * 0.7);
  const selected = count(await page.getByTestId('selection-count').textContent());
  expect(selected).toBeGreaterThan(0);
  const ranked = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(ranked).toBeVisible({ timeout: 60_000 });
  await ranked.getByRole('button', { name: 'Close' }).click();

  const table = page.getByTestId('composition-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('composition-figure')).toBeVisible();
  const tableRows = table.getByTestId('composition-row');
  expect(await tableRows.count()).toBe(sizes.size);
  let totalIn = 0;
  const cells: string[][] = [];
  for (const row of await tableRows.all()) cells.push(await row.locator('td').allInnerTexts());
  for (const [name, inCount, , rest] of cells) {
    expect(count(inCount!) + count(rest!), `cluster ${name} in ${JSON.stringify(cells)}`).toBe(sizes.get(name!.trim()));
    totalIn += count(inCount!);
  }
  expect(totalIn).toBe(selected);
  // Each p is Fisher's exact test of the row's counts against the other clusters.
  for (const [, inCount, , rest, , , p] of cells) {
    const a = count(inCount!);
    const c = count(rest!);
    const expected = fisherExact({ a, b: selected - a, c, d: rows.clusters.length - selected - c }).p;
    const shown = Number(p);
    expect(Math.abs(shown - expected)).toBeLessThanOrEqual(expected < 0.001 ? expected * 0.01 : 0.0005);
  }
  await shot(page, 'group-analysis-composition');

  // Distributions of two marker genes by cluster.
  await page.getByRole('tab', { name: 'Distributions' }).click();
  const panel = page.getByTestId('distributions-panel');
  await expect(panel.getByRole('alert')).toContainText('Choose genes');
  const search = panel.getByTestId('distributions-genes');
  for (const gene of genes) {
    await search.fill(gene);
    await page.getByRole('option', { name: gene, exact: true }).click();
  }
  const figure = page.getByTestId('distributions-figure');
  await expect(figure.locator('[data-role="violin"]').first()).toBeVisible({ timeout: 60_000 });
  expect(await figure.locator('[data-role="feature"]').allTextContents()).toEqual(genes);
  expect(await figure.locator('[data-role="group"]').count()).toBe(sizes.size);
  await shot(page, 'group-analysis-violin');
  await panel.getByTestId('distributions-dot').click();
  await expect(figure.locator('circle').first()).toBeVisible();
  await shot(page, 'group-analysis-dot');
  await panel.getByTestId('distributions-heatmap').click();
  await expect(figure.locator('[data-role="colour-bar"]')).toBeVisible();
  await shot(page, 'group-analysis-heatmap');

  // The figure export: SVG of the heatmap, then a PNG at 150 DPI.
  await panel.getByTestId('distributions-export').click();
  const dialog = page.getByRole('dialog', { name: 'Export Figure' });
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe(`${RUN}_heatmap.svg`);
  const svg = fs.readFileSync((await svgDownload.path())!, 'utf8');
  for (const gene of genes) expect(svg).toContain(`data-role="feature">${gene}</text>`);
  expect(svg).toContain('data-role="colour-bar"');
  await panel.getByTestId('distributions-violin').click();
  await panel.getByTestId('distributions-export').click();
  await tick(dialog.getByLabel('PNG'));
  await dialog.getByLabel('Resolution (DPI)').fill('150');
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe(`${RUN}_violin_150dpi.png`);
  const png = fs.readFileSync((await pngDownload.path())!);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
});
