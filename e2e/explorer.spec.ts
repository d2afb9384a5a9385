import type { Page } from '@playwright/test';
import fs from 'node:fs';
import { ADMIN, apiToken, expect, plotHalves, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER]: AtlasXplore on a demo run — open it from the catalogue, both plots drawn, a gene search colours
 * them with a colour scale, a lasso on the UMAP posts gene.compute_qc and shows the top 10, Save downloads the
 * ranked table, clearing returns to the cluster view. The demo run's web files are generated in the background
 * after start, so the spec waits for them first.
 */

const RUN = 'D90004';

interface Timings {
  runId: string | null;
  tixels: number;
  navigationToDrawnMs: number | null;
  mountToDrawnMs: number | null;
  lastRecolourMs: number | null;
  lastRecolourKind: string | null;
  recolours: number;
}
const timings = (page: Page) => page.evaluate(() => (window as unknown as { __explorerTimings: Timings }).__explorerTimings);


test('[EXPLORER]: open a run, colour by a gene, lasso → top 10, save, clear', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await expect
    .poll(async () => (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers: { authorization: `JWT ${token}` } })).status(), {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe(200);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/visualization');
  await page.getByRole('button', { name: `Open ${RUN}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`component=AtlasXplore.*run_id=${RUN}`));
  await page.waitForFunction(() => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true, null, { timeout: 30_000 });
  await expect.poll(async () => Math.min(...(await plotHalves(page))), { timeout: 20_000, intervals: [250, 500, 1000] }).toBeGreaterThan(0.01);
  const t0 = await timings(page);
  console.log(`explorer: ${t0.tixels} tixels, navigation → drawn ${t0.navigationToDrawnMs} ms (mount → drawn ${t0.mountToDrawnMs} ms)`);
  await expect(page.getByTestId('cluster-legend')).toBeVisible();
  await shot(page, 'explorer-clusters');

  // Metadata dialog.
  await page.getByRole('button', { name: 'Metadata' }).click();
  await expect(page.getByRole('dialog', { name: 'Metadata' }).getByLabel('Run ID')).toHaveValue(RUN);
  await page.getByRole('button', { name: 'Close' }).click();

  // Gene search: the first suggested gene colours the plots and shows the colour scale.
  const search = page.getByTestId('feature-search');
  await search.click();
  await search.fill('a');
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible({ timeout: 5_000 });
  const gene = (await option.textContent())!.trim();
  await option.click();
  await expect(page.getByText(`Expression ${gene} found`)).toBeVisible();
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(new RegExp(`features=${encodeURIComponent(gene)}`));
  await page.waitForFunction(() => {
    const t = (window as unknown as { __explorerTimings: Timings }).__explorerTimings;
    return t.lastRecolourKind === 'features' && t.lastRecolourMs !== null;
  });
  const t1 = await timings(page);
  console.log(`explorer: recolour after a gene change ${t1.lastRecolourMs} ms`);
  await page.waitForTimeout(500);
  await shot(page, 'explorer-expression');

  // Palette switch: only the colour table changes (applied in the shader).
  await page.getByRole('button', { name: 'Heat Map' }).click();
  await page.getByRole('menuitem', { name: 'inferno' }).click();
  await expect(page).toHaveURL(/palette=inferno/);
  await page.waitForFunction(() => (window as unknown as { __explorerTimings: Timings }).__explorerTimings.lastRecolourKind === 'palette');
  console.log(`explorer: recolour after a palette change ${(await timings(page)).lastRecolourMs} ms`);

  // Back to clusters (lasso is only offered in cluster view).
  await page.getByRole('button', { name: 'Back to clusters' }).click();
  await expect(page.getByTestId('cluster-legend')).toBeVisible();

  // Lasso on the UMAP (left half): a polygon around the middle of the view.
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const cx = box.x + box.width / 4;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width / 4, box.height / 2) * 0.6;
  await page.mouse.move(cx + r, cy);
  await page.mouse.down();
  for (let a = 0; a <= 24; a++) {
    const angle = (a / 24) * Math.PI * 2;
    await page.mouse.move(cx + r * Math.cos(angle), cy + r * Math.sin(angle), { steps: 2 });
  }
  await page.mouse.up();
  await expect(page.getByTestId('selection-count')).toBeVisible({ timeout: 10_000 });
  const dialog = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Top 10 Genes')).toBeVisible();
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  await shot(page, 'explorer-top10');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\n');
  expect(csv[0]).toBe('rank,gene,score,log2fc,p_value,p_adj');
  expect(csv.length).toBeGreaterThan(11);
  expect(csv[1]).toMatch(/^1,[^,]+,-?[\d.e+-]+,/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Clearing returns to the cluster view without a selection.
  await page.getByTestId('explorer-legend').getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
  await expect(page.getByTestId('tool-lasso')).toHaveAttribute('aria-pressed', 'false');
});

test('[EXPLORER]: Metadata without a run, permalink restores the features', async ({ page }) => {
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await expect
    .poll(async () => (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers: { authorization: `JWT ${token}` } })).status(), {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe(200);
  const names = (await (await page.request.get(`/api/v1/genes/feature_names?run_id=${RUN}&kind=genes`, { headers: { authorization: `JWT ${token}` } })).json()) as string[];
  await signIn(page, ADMIN.username, ADMIN.password);

  await page.goto('/?component=AtlasXplore');
  await page.getByRole('button', { name: 'Metadata' }).click();
  await expect(page.getByText('Must select a Run ID')).toBeVisible();

  const pair = names.slice(0, 2);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}&features=${pair.join(',')}&palette=inferno`);
  await page.waitForFunction(() => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true, null, { timeout: 30_000 });
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(`Average of 2`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Avg' })).toBeVisible();
});
