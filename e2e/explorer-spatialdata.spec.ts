import fs from 'node:fs';
import path from 'node:path';
import type { Response } from '@playwright/test';
import { BLOBS_STORE, blobsWithFullLabels, hasSharedData } from '@atlas/spatial/testing';
import { ADMIN, apiToken, importRun, expect, plotHalves, plotsDrawn, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-SPATIALDATA] (issue 32 §2): a SpatialData store imported through the admin route opens as a spatial
 * run: the table's 26 observations are drawn where their labels lie, over the store's image. The store is the
 * shared blobs store with a label image holding all 26 labels of its table (its own is cropped to 3).
 */
const RUN = 'D90102';

test('[EXPLORER-SPATIALDATA]: a SpatialData store opens with its spots over its image', async ({ page }) => {
  // The store is one of the shared test data sets (../shared/data, its README): missing, the spec fails, never skips.
  expect(hasSharedData(BLOBS_STORE), `${BLOBS_STORE} is absent`).toBe(true);
  test.setTimeout(300_000);
  // The admin import reads from the bucket: put the store where the e2e server's fs storage keeps it.
  const key = 'uploads/e2e/section1.sdata.zarr';
  const target = path.join(process.env.ATLAS_E2E_DATA_DIR!, 'storage', 'atx-data', key);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  blobsWithFullLabels(target);

  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await importRun(page, token, { run_id: RUN, source: key, title: 'Blobs section 1 (SpatialData)' });

  await signIn(page, ADMIN.username, ADMIN.password);
  const placed = page.waitForResponse((r: Response) => new URL(r.url()).pathname === '/api/v1/genes/tissue_image');
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  expect(await (await placed).json()).toMatchObject({
    available: true,
    file: 'tissue_hires_image.png',
    width: 100,
    height: 100,
    bounds: [0, 0, 100, 100],
  });
  // 26 small dots light little of the UMAP half.
  await plotsDrawn(page, 0.002);
  await expect(page.getByTestId('no-spatial-coordinates')).toHaveCount(0);
  // The control appears once the image has loaded: slow on a loaded machine.
  await expect(page.getByTestId('tissue-image-control')).toHaveAttribute('data-state', 'shown', { timeout: 30_000 });
  // The image lights the spatial half well beyond the 26 spots alone.
  await expect.poll(async () => (await plotHalves(page))[1]!, { timeout: 10_000 }).toBeGreaterThan(0.3);
  await shot(page, 'sdata-explorer-spots-over-image');
});
