import type { Page } from '@playwright/test';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-COMPARE]: Atlas Compare (admin) on two demo runs: both drawn in one WebGL context, a feature both runs
 * have colours them on one range, zooming one run zooms the other (linked), the chosen clusters are ranked in every
 * run into adjacent tables, a rectangle drawn over each run is ranked in that run, and the address restores it all.
 */
const RUNS = ['D90001', 'D90002'];
const auth = (token: string) => ({ authorization: `JWT ${token}` });

async function waitForRuns(page: Page, token: string): Promise<void> {
  for (const run of RUNS)
    await expect
      .poll(
        async () => (await page.request.get(`/api/v1/genes/data?run_id=${run}`, { headers: auth(token) })).status(),
        {
          timeout: 150_000,
          intervals: [1000],
        },
      )
      .toBe(200);
}

/** The zoom a run's view is drawn at; NaN while the run is not drawn (its values still loading). */
const zoomOf = async (page: Page, run: string) => {
  const zoom = await page.locator(`[data-testid="compare-cell"][data-run-id="${run}"]`).getAttribute('data-zoom');
  return zoom ? Number(zoom) : NaN;
};

/** Share of lit pixels in a compare cell (its run was drawn). */
async function lit(page: Page, run: string): Promise<number> {
  const png = await page.locator(`[data-testid="compare-cell"][data-run-id="${run}"]`).screenshot();
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let on = 0;
  for (let i = 0; i < info.width * info.height; i++) if (data[3 * i]! + data[3 * i + 1]! + data[3 * i + 2]! > 60) on++;
  return on / (info.width * info.height);
}

test('[EXPLORER-COMPARE]: two runs side by side, shared range, linked zoom, ranked tables, permalink', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await waitForRuns(page, token);
  const names = await Promise.all(
    RUNS.map(
      async (run) =>
        (await (
          await page.request.get(`/api/v1/genes/feature_names?run_id=${run}&kind=genes`, { headers: auth(token) })
        ).json()) as string[],
    ),
  );
  const shared = names[0]!.find((n) => names[1]!.includes(n))!;
  expect(shared).toBeTruthy();

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AtlasCompare');
  await expect(page.getByText('Choose two or more runs to compare them side by side.')).toBeVisible();
  const runs = page.getByRole('combobox', { name: 'Runs' });
  for (const run of RUNS) {
    await runs.click();
    await runs.fill(run);
    await page.getByRole('option', { name: new RegExp(`^${run}`) }).click();
  }
  await expect(page).toHaveURL(
    new RegExp(`run_id=${RUNS[0]}.*samples=${RUNS[1]}|samples=${RUNS[1]}.*run_id=${RUNS[0]}`),
  );
  const cells = page.getByTestId('compare-cell');
  await expect(cells).toHaveCount(2);
  // One WebGL context for every run.
  await expect(page.getByTestId('compare-plots').locator('canvas')).toHaveCount(1);
  await expect.poll(() => lit(page, RUNS[1]!), { timeout: 30_000 }).toBeGreaterThan(0.01);
  expect(await lit(page, RUNS[0]!)).toBeGreaterThan(0.01);

  // A feature of both runs: one colour bar for both.
  const features = page.getByRole('combobox', { name: 'Features' });
  await features.fill(shared);
  await features.press('Enter');
  await expect(page).toHaveURL(new RegExp(`features=${encodeURIComponent(shared)}`));
  const legend = page.getByTestId('compare-legend');
  await expect(legend.getByTestId('heat-bar')).toBeVisible({ timeout: 20_000 });
  await expect(legend).toContainText(shared);

  // Linked zoom: the buttons and the wheel over one run move both by the same step.
  for (const run of RUNS) await expect.poll(() => zoomOf(page, run), { timeout: 20_000 }).not.toBeNaN();
  const z0 = [await zoomOf(page, RUNS[0]!), await zoomOf(page, RUNS[1]!)];
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => zoomOf(page, RUNS[1]!)).toBeCloseTo(z0[1]! + Math.log2(1.1), 2);
  expect(await zoomOf(page, RUNS[0]!)).toBeCloseTo(z0[0]! + Math.log2(1.1), 2);
  const box = (await cells.nth(0).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => zoomOf(page, RUNS[0]!)).toBeGreaterThan(z0[0]! + 0.3);
  const step0 = (await zoomOf(page, RUNS[0]!)) - z0[0]!;
  expect((await zoomOf(page, RUNS[1]!)) - z0[1]!).toBeCloseTo(step0, 2);
  await shot(page, 'compare-zoomed');
  await page.getByRole('button', { name: 'Fit to view' }).click();
  await expect.poll(() => zoomOf(page, RUNS[1]!)).toBeCloseTo(z0[1]!, 2);

  // The selection: clusters chosen, ranked in every run, top features side by side.
  await page.getByRole('button', { name: 'C1', exact: true }).click();
  await expect(page).toHaveURL(/clusters=C1/);
  await page.getByRole('button', { name: 'Rank selection in every run' }).click();
  const tables = page.getByTestId('compare-table');
  await expect(tables).toHaveCount(2);
  for (const run of RUNS)
    await expect(page.locator(`[data-testid="compare-table"][data-run-id="${run}"] tbody tr`)).toHaveCount(10, {
      timeout: 90_000,
    });
  await shot(page, 'compare-ranked');

  // The lasso: a rectangle over the middle of each run selects that run's tixels there; each is ranked on its own.
  await page.getByRole('button', { name: 'Rectangle select' }).click();
  await expect(page).toHaveURL(/select=lasso/);
  const counts = page.getByTestId('compare-selected-counts');
  await expect(counts).toContainText(`No lasso drawn over ${RUNS[0]}`);
  for (const [i, run] of RUNS.entries()) {
    const cell = (await cells.nth(i).boundingBox())!;
    await page.mouse.move(cell.x + cell.width * 0.3, cell.y + cell.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(cell.x + cell.width * 0.5, cell.y + cell.height * 0.5, { steps: 5 });
    await page.mouse.move(cell.x + cell.width * 0.7, cell.y + cell.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await expect(counts.locator(`[data-run-id="${run}"]`)).toContainText(/[\d,]+ tixels selected/);
  }
  await expect(page).toHaveURL(new RegExp(`lasso=${RUNS[0]}%3A.*%3B${RUNS[1]}%3A`));
  const selected = await Promise.all(RUNS.map((run) => counts.locator(`[data-run-id="${run}"]`).innerText()));
  await page.getByRole('button', { name: 'Rank selection in every run' }).click();
  for (const run of RUNS)
    await expect(page.locator(`[data-testid="compare-table"][data-run-id="${run}"] tbody tr`)).toHaveCount(10, {
      timeout: 90_000,
    });
  for (const run of RUNS) {
    const caption = page.locator(`[data-testid="compare-table"][data-run-id="${run}"]`).getByText(/tixels ·/);
    const n = (await counts.locator(`[data-run-id="${run}"]`).innerText()).match(/([\d,]+) tixels/)![1]!;
    await expect(caption).toContainText(`${n} tixels`);
  }
  await page.getByRole('button', { name: 'Pan and zoom' }).click();
  await shot(page, 'compare-lasso-ranked');

  // The permalink restores runs, feature, both lassos and the clusters.
  const url = page.url();
  await page.goto('/');
  await page.goto(url);
  await expect(page.getByTestId('compare-cell')).toHaveCount(2);
  await expect(page.getByTestId('compare-legend')).toContainText(shared, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Lasso', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const [i, run] of RUNS.entries())
    await expect(page.getByTestId('compare-selected-counts').locator(`[data-run-id="${run}"]`)).toHaveText(
      selected[i]!,
      { timeout: 30_000 },
    );
  await page.getByRole('button', { name: 'Clusters', exact: true }).click();
  await expect(page.getByRole('button', { name: 'C1', exact: true })).toHaveAttribute('aria-pressed', 'true');
});
