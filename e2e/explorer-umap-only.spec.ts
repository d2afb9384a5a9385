import path from 'node:path';
import { EXPLORER_MSG } from '@atlas/contracts';
import { ADMIN, expect, importSharedRun, plotHalves, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-UMAP-ONLY]: a non-spatial AnnData (scanpy's pbmc68k_reduced, 700 cells, no obsm 'spatial') imported
 * through the admin route becomes a UMAP-only run: the explorer draws the UMAP, and where the spatial plot would
 * be it says the run has no spatial coordinates; colouring by a gene still works.
 */
const RUN = 'D90101';
const SOURCE = path.resolve(import.meta.dirname, '../../shared/data/scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad');

test('[EXPLORER-UMAP-ONLY]: an AnnData without spatial coordinates opens as a UMAP-only run', async ({ page }) => {
  test.setTimeout(300_000);
  const token = await importSharedRun(page, SOURCE, {
    runId: RUN,
    key: 'uploads/e2e/pbmc68k_reduced.h5ad',
    title: 'PBMC 68k reduced',
  });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('no-spatial-coordinates')).toContainText(EXPLORER_MSG.noSpatialCoordinates);
  // The plots take the left half only, and the UMAP is drawn in them.
  await expect
    .poll(async () => Math.min(...(await plotHalves(page))), { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.01);
  const plots = (await page.getByTestId('linked-plots').boundingBox())!;
  const message = (await page.getByTestId('no-spatial-coordinates').boundingBox())!;
  expect(message.x).toBeGreaterThanOrEqual(plots.x + plots.width - 2);
  // Its half is named "UMAP"; the note's half is not called "Spatial".
  await expect(page.getByText('UMAP', { exact: true })).toBeVisible();
  await expect(page.getByText('Spatial', { exact: true })).toHaveCount(0);
  await shot(page, 'explorer-umap-only');

  // The run's values are there: the gene table and expression of a gene read like any run's.
  const expression = await page.request.get(`/api/v1/genes/expression?run_id=${RUN}&kind=genes&name=CD3D`, {
    headers: { authorization: `JWT ${token}` },
  });
  expect(expression.status(), await expression.text()).toBe(200);
  await expect(page.getByText(EXPLORER_MSG.failedToLoad)).toHaveCount(0);
});
