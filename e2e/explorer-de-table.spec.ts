import fs from 'node:fs';
import { DE_TABLE_MSG } from '@atlas/contracts';
import { sharedData } from '@atlas/spatial/testing';
import { ADMIN, drawLasso, expect, importSharedRun, meanDifference, plotPixels, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-DE-TABLE] (issue 34): a real AnnData (scanpy's pbmc68k_reduced: 700 cells × 765 genes, with its own
 * uns['rank_genes_groups']) imported through the admin route. A lasso on the UMAP, then the DE results tab: the
 * whole table with means and % expressing in and out, search, sort by a column, a volcano point that colours the
 * plots by its gene, CSV export of every row; every cluster against the rest; and the file's own ranking.
 */
const RUN = 'D90134';
const SOURCE = sharedData('scanpy-pbmc68k-reduced', '10x_pbmc68k_reduced.h5ad');

test('[EXPLORER-DE-TABLE]: lasso → searchable, sortable DE table with volcano, CSV, cluster vs rest, file ranking', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await importSharedRun(page, SOURCE, {
    runId: RUN,
    key: 'uploads/e2e/pbmc68k_de.h5ad',
    title: 'PBMC 68k reduced (DE table)',
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 60_000 },
  );

  // Lasso on the UMAP (the left half of the plots); the top-10 dialog comes as before, then is closed.
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  await drawLasso(page, box.x + box.width / 4, box.y + box.height / 2, Math.min(box.width / 4, box.height / 2) * 0.5);
  const dialog = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The DE results tab: the selection's whole table, every column.
  await page.getByTestId('de-tab').click();
  const panel = page.getByTestId('de-panel');
  await expect(panel.getByTestId('de-summary')).toContainText('765 features', { timeout: 60_000 });
  await expect(panel.getByTestId('de-summary')).toContainText('against the rest (Welch t-test)');
  for (const header of ['Mean in', 'Mean out', '% in', '% out', 'log2FC', 'Score', 'p', 'p adj (BH)'])
    await expect(panel.getByRole('button', { name: DE_TABLE_MSG.sortBy(header), exact: true })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'de-table-selection');

  // Sort by % in (descending, then ascending): the header says so and the first row's value follows.
  const pctIn = panel.getByRole('button', { name: DE_TABLE_MSG.sortBy('% in') });
  await pctIn.click();
  await expect(panel.getByRole('columnheader', { name: DE_TABLE_MSG.sortBy('% in') })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const firstPct = async () => Number(await panel.getByTestId('de-row').first().getByRole('cell').nth(3).textContent());
  const highest = await firstPct();
  await pctIn.click();
  expect(await firstPct()).toBeLessThanOrEqual(highest);

  // Search a gene: one row; its volcano point is marked; clicking it colours the plots by that gene.
  await panel.getByTestId('de-search').fill('LYZ');
  await expect(panel.getByTestId('de-summary')).toContainText('1 of 765 features');
  await expect(panel.getByTestId('de-row')).toHaveCount(1);
  const before = await plotPixels(page);
  const point = panel.getByTestId('volcano-highlight');
  await expect(point).toHaveAttribute('aria-label', 'LYZ');
  await point.click();
  await expect(page).toHaveURL(/LYZ/);
  await expect
    .poll(async () => meanDifference(before.data, (await plotPixels(page)).data), { timeout: 30_000 })
    .toBeGreaterThan(1);
  await shot(page, 'de-table-volcano-pick');

  // CSV export: every row (the search does not limit it), the columns and what was compared.
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('de-export').click()]);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('gene,Mean in,Mean out,% in,% out,log2FC,Score,p,p adj (BH),comparison');
  expect(csv).toHaveLength(766);

  // Thresholds: p adj ≤ 0.05 and |log2FC| ≥ 1 limit the rows and the CSV, which says so on each row.
  await panel.getByTestId('de-search').fill('');
  for (const [field, value] of [
    ['p adj ≤', '0.05'],
    ['|log2FC| ≥', '1'],
  ] as const) {
    await panel.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: value, exact: true }).click();
  }
  await expect(panel.getByTestId('de-summary')).toContainText(/\d+ of 765 features/);
  const kept = Number(/(\d+) of 765/.exec((await panel.getByTestId('de-summary').textContent())!)![1]);
  expect(kept).toBeGreaterThan(0);
  const [filtered] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('de-export').click()]);
  const rows = fs
    .readFileSync((await filtered.path())!, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
  expect(rows).toHaveLength(kept);
  for (const row of rows) {
    expect(Number(row[8])).toBeLessThanOrEqual(0.05);
    expect(Math.abs(Number(row[5]))).toBeGreaterThanOrEqual(1);
  }
  expect(rows[0]!.slice(9).join(',')).toContain('p adj <= 0.05, |log2FC| >= 1');
  await shot(page, 'de-table-filtered');

  // Cluster vs rest: every cluster ranked at once; another cluster is chosen from the list.
  await panel.getByTestId('de-search').fill('');
  await panel.getByRole('combobox', { name: 'Compare' }).click();
  await page.getByRole('option', { name: 'Cluster vs rest' }).click();
  await expect(panel.getByTestId('de-summary')).toContainText('against the rest', { timeout: 60_000 });
  await panel.getByRole('combobox', { name: 'Cluster' }).click();
  const second = page.getByRole('option').nth(1);
  const secondName = ((await second.textContent()) ?? '').replace(/ \(\d+\)$/, '');
  await second.click();
  await expect(panel.getByTestId('de-summary')).toContainText(`Cluster ${secondName} (`, { timeout: 60_000 });
  await shot(page, 'de-table-cluster');

  // The file's own rank_genes_groups (logreg by bulk_labels): names and scores only, in the file's rank order.
  await panel.getByRole('combobox', { name: 'Compare' }).click();
  await page.getByRole('option', { name: "File's rank_genes_groups" }).click();
  await expect(panel.getByTestId('de-summary')).toContainText(DE_TABLE_MSG.fileRanking('bulk_labels', 'logreg'), {
    timeout: 60_000,
  });
  await expect(panel.getByTestId('de-row').first().getByRole('cell').first()).toHaveText('RGS19');
  await expect(panel.getByRole('button', { name: DE_TABLE_MSG.sortBy('% in') })).toHaveCount(0);
  await shot(page, 'de-table-file');
});
