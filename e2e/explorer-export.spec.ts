import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { EXPORT_MSG } from '@atlas/contracts';
import { ADMIN, drawLasso, expect, plotsDrawn, shot, signIn, test, waitForRunData } from './fixtures';

/**
 * [EXPLORER-EXPORT] (issue 34): after a lasso, "Export as .h5ad" saves the selection as an AnnData file (with a
 * progress line while it is made) and its barcodes as CSV. The file is an HDF5 file; where Debian's python3-anndata
 * is installed it is opened and its shape checked against the selection. "Re-cluster selection" then saves the
 * selection's sub-clusters as a new annotation set and colours the plots by it.
 */
const RUN = 'D90012';
const HDF5_SIGNATURE = Buffer.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);

test('[EXPLORER-EXPORT]: a lasso selection exported as .h5ad, barcodes as CSV, re-clustered', async ({ page }) => {
  test.setTimeout(240_000);
  await waitForRunData(page, RUN);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);
  await page.getByRole('tab', { name: 'Annotations' }).click();

  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  await drawLasso(page, box.x + box.width / 4, box.y + box.height / 2, Math.min(box.width / 4, box.height / 2) * 0.5);
  const count = Number(((await page.getByTestId('selection-count').textContent()) ?? '').replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  const ranked = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(ranked).toBeVisible({ timeout: 60_000 });
  await ranked.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: EXPORT_MSG.action }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('menuitem', { name: `Selection of ${count.toLocaleString('en')} tixels (.h5ad)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${RUN}_selection_${count}.h5ad`);
  const file = (await download.path())!;
  expect(fs.readFileSync(file).subarray(0, 8)).toEqual(HDF5_SIGNATURE);
  await expect(page.getByText(EXPORT_MSG.done(`${RUN}_selection_${count}.h5ad`))).toBeVisible();
  await shot(page, 'export-selection-done');
  const opened = spawnSync(
    '/usr/bin/python3',
    [
      '-c',
      'import anndata,sys,json; a=anndata.read_h5ad(sys.argv[1]); print(json.dumps([list(a.shape), list(a.obsm)]))',
      file,
    ],
    { encoding: 'utf8' },
  );
  if (opened.status === 0) {
    const [shape, obsm] = JSON.parse(opened.stdout) as [[number, number], string[]];
    expect(shape[0]).toBe(count);
    expect(obsm).toContain('X_umap');
  }

  await page.getByRole('button', { name: EXPORT_MSG.action }).click();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: `${EXPORT_MSG.barcodesAction}: selection` }).click(),
  ]);
  const lines = fs
    .readFileSync((await csv.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('index,barcode,cluster');
  expect(lines).toHaveLength(count + 1);

  // Re-cluster the same selection: its sub-clusters become a new annotation set, the plots coloured by it.
  await page.getByRole('button', { name: EXPORT_MSG.subclusterAction }).click();
  await expect(page.getByText(/sub-clusters saved as annotations Sub-clusters 1/)).toBeVisible({ timeout: 120_000 });
  const rows = page.getByTestId('annotation-row').filter({ hasText: 'Sub-clusters 1 · C' });
  expect(await rows.count()).toBeGreaterThan(1);
  const legend = page.getByTestId('explorer-legend');
  await expect(legend.getByText('Annotations')).toBeVisible();
  await expect(legend.getByText('Sub-clusters 1 · C1')).toBeVisible();
  await shot(page, 'export-reclustered');
});
