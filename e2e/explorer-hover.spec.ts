import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, animationFrames, expect, importSharedRun, plotsDrawn, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-HOVER]: the tixel under the pointer is named in both plots (issue "Real data through the explorer",
 * item 8): squidpy's Visium test file imported as a lab would, then the pointer swept over each plot until a
 * tooltip shows; what it says is checked against the file's own barcodes and the run's clusters.
 */
const RUN = 'D90120';
const SOURCE = path.resolve(import.meta.dirname, '../../shared/data/visium-squidpy-tests/test_data.h5ad');

/** Sweeps the pointer over one half of the plots (0 UMAP, 1 spatial) until the tooltip shows; its text. */
async function hoverSomeTixel(page: Page, half: 0 | 1): Promise<string> {
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const left = box.x + (half * box.width) / 2;
  for (let fy = 0.2; fy <= 0.8; fy += 0.05) {
    for (let fx = 0.15; fx <= 0.85; fx += 0.05) {
      await page.mouse.move(left + (fx * box.width) / 2, box.y + fy * box.height);
      // The lookup runs at the next frame and React shows its answer after: read the tooltip once both are done,
      // or a loaded machine shows the last place's tooltip just before this place's answer removes it.
      await animationFrames(page, 3);
      const tooltip = page.getByTestId('tixel-hover');
      if (await tooltip.isVisible().catch(() => false)) {
        // The barcodes are fetched at the first hover: the tooltip says '…' until they are there.
        await expect(tooltip).not.toContainText('Barcode: …');
        return tooltip.innerText();
      }
    }
  }
  throw new Error(`no tixel named under the pointer in plot ${half}`);
}

test('[EXPLORER-HOVER]: pointing at a tixel names its barcode and cluster, in the UMAP and the spatial plot', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const token = await importSharedRun(page, SOURCE, {
    runId: RUN,
    key: 'uploads/e2e/hover/test_data.h5ad',
    title: 'squidpy Visium test data',
  });
  const headers = { authorization: `JWT ${token}` };
  const barcodes = (await (
    await page.request.get(`/api/v1/genes/barcodes?run_id=${RUN}`, { headers })
  ).json()) as string[];
  const rows = (await (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers })).json()) as {
    clusters: string[];
  };
  expect(barcodes).toHaveLength(49);
  expect(barcodes[0]).toMatch(/^[ACGT]{16}-1$/);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page, 0.002); // 49 spots cover under 1 % of each plot

  for (const half of [1, 0] as const) {
    const text = await hoverSomeTixel(page, half);
    const barcode = /Barcode: (\S+)/.exec(text)?.[1];
    const index = barcodes.indexOf(barcode ?? '');
    expect(index, `tooltip "${text}" names a barcode of the file`).toBeGreaterThanOrEqual(0);
    expect(text).toContain(`Cluster: ${rows.clusters[index]}`);
    if (half === 1) await shot(page, 'explorer-hover-spatial');
  }
  // Off the points, the tooltip goes.
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  await page.mouse.move(box.x + 3, box.y + box.height - 3);
  await expect(page.getByTestId('tixel-hover')).toHaveCount(0);
});
