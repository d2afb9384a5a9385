import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  ANNOTATION_MSG,
  EXPLORER_MSG,
  LOGIN_COOKIE_NAME,
  MSG,
  SELECTION_TABLE_ROWS,
  type ExplorerTimings,
  type FeatureKind,
} from '@atlas/contracts';
import {
  ADMIN,
  animationFrames,
  apiToken,
  drawLasso,
  expect,
  openFromCatalogue,
  plotHalves,
  shot,
  signIn,
  test,
  waitForRunData,
  pickSuggestedFeature,
} from './fixtures';

/**
 * [EXPLORER]: AtlasXplore on a demo run — open it from the catalogue, both plots drawn, a gene search colours
 * them with a colour scale, a lasso on the UMAP posts gene.compute_qc and shows the top 10, Save downloads the
 * ranked table, clearing returns to the cluster view. The demo run's web files are generated in the background
 * after start, so the spec waits for them first.
 */

const RUN = 'D90004';

const timings = (page: Page) =>
  page.evaluate(() => (window as unknown as { __explorerTimings: ExplorerTimings }).__explorerTimings);

test('[EXPLORER]: open a run, colour by a gene, lasso → top 10, save, clear', async ({ page }) => {
  test.setTimeout(180_000);
  await waitForRunData(page, RUN);

  await signIn(page, ADMIN.username, ADMIN.password);
  await openFromCatalogue(page, RUN);
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 30_000 },
  );
  await expect
    .poll(async () => Math.min(...(await plotHalves(page))), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.01);
  const t0 = await timings(page);
  console.log(
    `explorer: ${t0.tixels} tixels, navigation → drawn ${t0.navigationToDrawnMs} ms (mount → drawn ${t0.mountToDrawnMs} ms)`,
  );
  await expect(page.getByTestId('cluster-legend')).toBeVisible();
  await shot(page, 'explorer-clusters');

  // Metadata dialog.
  await page.getByRole('button', { name: 'Metadata' }).click();
  await expect(page.getByRole('dialog', { name: 'Metadata' }).getByLabel('Run ID')).toHaveValue(RUN);
  await page.getByRole('button', { name: 'Close' }).click();

  // Gene search: the first suggested gene colours the plots and shows the colour scale.
  const gene = await pickSuggestedFeature(page, 'a');
  await expect(page.getByText(`Expression ${gene} found`)).toBeVisible();
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(new RegExp(`features=${encodeURIComponent(gene)}`));
  await page.waitForFunction(() => {
    const t = (window as unknown as { __explorerTimings: ExplorerTimings }).__explorerTimings;
    return t.lastRecolourKind === 'features' && t.lastRecolourMs !== null;
  });
  const t1 = await timings(page);
  console.log(`explorer: recolour after a gene change ${t1.lastRecolourMs} ms`);
  await shot(page, 'explorer-expression');

  // A second gene: while its values load the plots keep the first gene's colours (no flash of the clusters), so
  // the plots are drawn once, with the average of both.
  const drawsBefore = (await timings(page)).draws;
  await pickSuggestedFeature(page, 'a');
  await page.waitForFunction((n) => {
    const t = (window as unknown as { __explorerTimings: ExplorerTimings }).__explorerTimings;
    return t.recolours > n;
  }, t1.recolours);
  await page.keyboard.press('Escape');
  await animationFrames(page);
  expect((await timings(page)).draws).toBe(drawsBefore + 1);

  // Palette switch: only the colour table changes (applied in the shader).
  await page.getByRole('button', { name: 'Heat Map' }).click();
  await page.getByRole('menuitem', { name: 'inferno' }).click();
  await expect(page).toHaveURL(/palette=inferno/);
  await page.waitForFunction(
    () =>
      (window as unknown as { __explorerTimings: ExplorerTimings }).__explorerTimings.lastRecolourKind === 'palette',
  );
  console.log(`explorer: recolour after a palette change ${(await timings(page)).lastRecolourMs} ms`);

  // Back to clusters (lasso is only offered in cluster view).
  await page.getByRole('button', { name: 'Back to clusters' }).click();
  await expect(page.getByTestId('cluster-legend')).toBeVisible();

  // Lasso on the UMAP (left half): a polygon around the middle of the view. Every poll of its task asks the server
  // to hold it until the task ends (so the answer shows when the ranking ends, not at the next second's tick).
  const taskPolls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/v1\/task\/[^/?]+/.test(request.url())) taskPolls.push(request.url());
  });
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const cx = box.x + box.width / 4;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width / 4, box.height / 2) * 0.6;
  await drawLasso(page, cx, cy, r);
  await expect(page.getByTestId('selection-count')).toBeVisible({ timeout: 10_000 });
  const dialog = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Top 10 Genes')).toBeVisible();
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  await expect(dialog.getByTestId('selection-summary')).toContainText('(Welch t-test)');
  expect(taskPolls.length).toBeGreaterThan(0);
  for (const url of taskPolls) expect(new URL(url).searchParams.get('wait_ms')).toBe('1000');
  await shot(page, 'explorer-top10');

  // DE options (issue 18): Wilcoxon, scanpy's default without tie correction or tie-corrected, ranks the same
  // selection again; the dialog and the saved CSV name the test.
  await dialog.getByRole('combobox', { name: 'Test' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Welch t-test',
    'Wilcoxon rank-sum',
    'Wilcoxon rank-sum, tie-corrected',
  ]);
  await page.getByRole('option', { name: 'Wilcoxon rank-sum, tie-corrected' }).click();
  await expect(dialog.getByTestId('selection-summary')).toContainText('(Wilcoxon rank-sum, tie-corrected)', {
    timeout: 30_000,
  });
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  await shot(page, 'explorer-top10-wilcoxon');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save' }).click(),
  ]);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('rank,gene,score,log2fc,p_value,p_adj,test');
  // Save writes every feature's row, not only the top rows the lasso's answer carried.
  expect(csv.length).toBeGreaterThan(SELECTION_TABLE_ROWS + 1);
  expect(csv[1]).toMatch(/^1,[^,]+,-?[\d.e+-]+,.*,"Wilcoxon rank-sum, tie-corrected"$/);
  // Closing the dialog (the focus goes back, the explorer renders again) leaves the plots as they are: deck draws
  // no frame, which costs hundreds of milliseconds without a GPU.
  const drawsWithDialog = (await timings(page)).draws;
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await animationFrames(page);
  expect((await timings(page)).draws).toBe(drawsWithDialog);

  // Clearing returns to the cluster view without a selection.
  await page.getByTestId('explorer-legend').getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
  await expect(page.getByTestId('tool-lasso')).toHaveAttribute('aria-pressed', 'false');

  // A second lasso, as a scientist goes on exploring: ranked and shown again.
  await page.getByTestId('tool-lasso').click();
  await drawLasso(page, cx, cy, r);
  await expect(page.getByTestId('selection-count')).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
});

test('[EXPLORER]: Metadata without a run, permalink restores the features', async ({ page }) => {
  const token = await waitForRunData(page, RUN);
  const names = (await (
    await page.request.get(`/api/v1/genes/feature_names?run_id=${RUN}&kind=genes`, {
      headers: { authorization: `JWT ${token}` },
    })
  ).json()) as string[];
  await signIn(page, ADMIN.username, ADMIN.password);

  await page.goto('/?component=AtlasXplore');
  await page.getByRole('button', { name: 'Metadata' }).click();
  await expect(page.getByText('Must select a Run ID')).toBeVisible();

  const pair = names.slice(0, 2);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}&features=${pair.join(',')}&palette=inferno`);
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(`Average of 2`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Avg' })).toBeVisible();
});

test('[EXPLORER]: a saved session that the server refuses opens the sign-in page, not a broken explorer', async ({
  page,
  baseURL,
}) => {
  await waitForRunData(page, RUN);
  // The explorer mounts before whoami answers (the < 1 s open target); a refused token must still end at sign-in.
  await page.context().addCookies([
    {
      name: LOGIN_COOKIE_NAME,
      value: encodeURIComponent(JSON.stringify({ url: baseURL, token: 'not-a-token' })),
      url: baseURL!,
      sameSite: 'Lax',
    },
  ]);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await expect(page.getByText(MSG.signInRequired)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('explorer')).toHaveCount(0);
  // The refused cookie is gone, so the next visit starts signed out.
  expect((await page.context().cookies()).some((c) => c.name === LOGIN_COOKIE_NAME)).toBe(false);
});

test("[EXPLORER]: a run that cannot be opened shows why, with the bars and tools that wait for a run's plots", async ({
  page,
}) => {
  // Opened with the page and a saved session, the explorer draws a run's plots before its chrome
  // (apps/web/src/app/pageChrome.ts); a run that will not draw must not leave the page without it.
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AtlasXplore&run_id=D99999');
  await expect(page.getByText(EXPLORER_MSG.failedToLoad, { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: "Run ID's" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expect(page.getByTestId('explorer-legend')).toBeVisible();
});

test("[EXPLORER]: the plots are drawn when the explorer's bars and tools cannot be fetched, and their place says so", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForRunData(page, RUN);
  // The bars, tools and legend are a module of their own (features/explorer/boot/chrome.ts), run after the first frame.
  await page.route(/\/assets\/chrome-[^/]+\.js$/, (route) => route.abort('failed'));
  await openExplorer(page, RUN);
  await expect(page.getByRole('alert').filter({ hasText: EXPLORER_MSG.toolsNotLoaded })).toBeVisible();
  await expect(page.getByRole('button', { name: "Run ID's" })).toHaveCount(0);
  await expect(page.getByTestId('explorer-chrome-place')).toHaveCount(3);
  await shot(page, 'explorer-chrome-failed');
});

test('[EXPLORER]: opened with the page, the plots keep their place when the bars and tools arrive, at laptop and wide widths', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await waitForRunData(page, RUN);
  // Every frame from the page's start: where the plots and their canvas are (the first frame's, drawn before the
  // app, is the one the explorer goes on with), and whether the chrome's places are still shown.
  type Frame = { y: number; height: number; held: boolean; canvas: string | null };
  await page.addInitScript(() => {
    const frames: Frame[] = [];
    (window as unknown as { __plotFrames: typeof frames }).__plotFrames = frames;
    const record = () => {
      const rect = document.querySelector('[data-testid="linked-plots"]')?.getBoundingClientRect();
      const c = document.querySelector('canvas')?.getBoundingClientRect();
      const held = document.querySelector('[data-testid="explorer-chrome-place"]') !== null;
      const canvas = c ? `${c.x.toFixed(1)} ${c.y.toFixed(1)} ${c.width.toFixed(1)} ${c.height.toFixed(1)}` : null;
      if (rect || canvas) frames.push({ y: rect?.y ?? NaN, height: rect?.height ?? NaN, held, canvas });
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  for (const width of [1000, 1280, 1440]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
    await expect(page.getByRole('button', { name: 'Genes/Motifs' })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const frames = await page.evaluate(() => (window as unknown as { __plotFrames: Frame[] }).__plotFrames);
    // Seen both ways, and the same place throughout (the bar has two lines below 1320 px: layout.ts).
    expect(frames.some((f) => f.held) && frames.some((f) => !f.held), `width ${width}`).toBe(true);
    const plots = frames.filter((f) => !Number.isNaN(f.y));
    const places = new Set(plots.map((f) => `${f.y.toFixed(1)} ${f.height.toFixed(1)}`));
    expect([...places], `width ${width}`).toHaveLength(1);
    // The canvas, from the first frame on (drawn before the app: frames without the explorer's plots yet).
    expect(
      frames.some((f) => f.canvas !== null && Number.isNaN(f.y)),
      `width ${width}: first frame`,
    ).toBe(true);
    const canvases = new Set(frames.flatMap((f) => (f.canvas ? [f.canvas] : [])));
    expect([...canvases], `width ${width}`).toHaveLength(1);
  }
  await shot(page, 'explorer-wide');
});

// ---- explorer controls ------------------------------------------------------------------------------------------

/** A run's feature names of one kind, straight from the API. */
async function featureNames(page: Page, token: string, runId: string, kind: FeatureKind): Promise<string[]> {
  const response = await page.request.get(`/api/v1/genes/feature_names?run_id=${runId}&kind=${kind}`, {
    headers: { authorization: `JWT ${token}` },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as string[];
}

/** Signs in and opens AtlasXplore on a run (optionally with features in the permalink), waiting until both plots are drawn. */
async function openExplorer(page: Page, runId: string, features: string[] = []): Promise<void> {
  await signIn(page, ADMIN.username, ADMIN.password);
  const query = features.length ? `&features=${features.map(encodeURIComponent).join(',')}` : '';
  await page.goto(`/?component=AtlasXplore&run_id=${runId}${query}`);
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 30_000 },
  );
  await expect
    .poll(async () => Math.min(...(await plotHalves(page))), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.01);
}

/** Plain names only (the csv cleaner keeps '-', '.', '_' and ':'; skip those to keep the expectation simple). */
const plainNames = (names: string[]) => names.filter((n) => /^[A-Za-z][A-Za-z0-9]*$/.test(n));

const heatTicks = (page: Page) => page.getByTestId('heat-bar').locator('span.MuiTypography-root').allTextContents();

test('[EXPLORER]: Quad selection on the spatial plot → count and top 10; Lasso and Quad exclude each other', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForRunData(page, RUN);
  await openExplorer(page, RUN);
  await expect(page.getByTestId('cluster-legend')).toBeVisible();

  const lasso = page.getByTestId('tool-lasso');
  const quad = page.getByTestId('tool-quad');
  await expect(lasso).toHaveAttribute('aria-pressed', 'false');
  await expect(quad).toHaveAttribute('aria-pressed', 'false');
  await lasso.click();
  await expect(lasso).toHaveAttribute('aria-pressed', 'true');
  await quad.click();
  await expect(quad).toHaveAttribute('aria-pressed', 'true');
  await expect(lasso).toHaveAttribute('aria-pressed', 'false');
  await lasso.click();
  await expect(lasso).toHaveAttribute('aria-pressed', 'true');
  await expect(quad).toHaveAttribute('aria-pressed', 'false');
  await quad.click();
  await expect(quad).toHaveAttribute('aria-pressed', 'true');
  await expect(lasso).toHaveAttribute('aria-pressed', 'false');

  // A rectangle over the middle of the spatial plot (right half).
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const x0 = box.x + box.width * 0.6;
  const y0 = box.y + box.height * 0.3;
  const x1 = box.x + box.width * 0.9;
  const y1 = box.y + box.height * 0.75;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 5 });
  await page.mouse.move(x1, y1, { steps: 5 });
  await page.mouse.up();

  const count = page.getByTestId('selection-count');
  await expect(count).toBeVisible({ timeout: 10_000 });
  await expect(count).toHaveText(/^[\d,]+ tixels selected$/);
  const selected = Number((await count.textContent())!.replace(/[^\d]/g, ''));
  expect(selected).toBeGreaterThan(0);
  const dialog = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Top 10 Genes')).toBeVisible();
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  await expect(dialog.getByText(`${selected.toLocaleString('en-US')} tixels selected`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The result stays reachable from the tool column.
  await page.getByTestId('view-ids').click();
  await expect(dialog).toBeVisible();
});

test('[EXPLORER]: Color Configuration rejects non-hex text and applies a valid colour to the legend', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForRunData(page, RUN);
  await openExplorer(page, RUN);
  const legend = page.getByTestId('cluster-legend');
  await expect(legend).toBeVisible();
  const firstBox = legend.getByRole('checkbox').first();
  const name = (await firstBox.getAttribute('aria-label'))!;
  const swatch = (n: string) =>
    legend
      .getByRole('checkbox', { name: n, exact: true })
      .evaluate((el) => getComputedStyle(el.closest('.MuiCheckbox-root')!).color);
  const before = await swatch(name);
  expect(before).not.toBe('rgb(255, 0, 255)');

  await page.getByRole('button', { name: 'Color Configuration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Color Configuration' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel(`Colour of ${name}`, { exact: true });
  await field.fill('ff00ff');
  await expect(dialog.getByText(EXPLORER_MSG.mustBeHex)).toBeVisible();
  await field.fill('#gg00ff');
  await expect(dialog.getByText(EXPLORER_MSG.mustBeHex)).toBeVisible();
  await field.fill('#ff00ff');
  await expect(dialog.getByText(EXPLORER_MSG.mustBeHex)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => swatch(name)).toBe('rgb(255, 0, 255)');
  // Applied colours are kept for the run's group: put this run's back, other specs draw it with its palette.
  await expect(page.getByText(ANNOTATION_MSG.coloursSaved)).toBeVisible();
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const reset = await page.request.put('/api/v1/cluster_colors', {
    headers: { authorization: `JWT ${token}` },
    data: { run_id: RUN, colors: {} },
  });
  expect(reset.ok(), await reset.text()).toBeTruthy();
});

test('[EXPLORER]: Min/Max Range rejects non-digits, Apply changes the heat bar ticks, Reset restores them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForRunData(page, RUN);
  await openExplorer(page, RUN);
  await expect(page.getByTestId('range')).toBeDisabled();

  await pickSuggestedFeature(page, 'a');
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
  await expect.poll(async () => (await heatTicks(page)).length).toBe(5);
  const original = await heatTicks(page);

  await page.getByTestId('range').click();
  const dialog = page.getByRole('dialog', { name: 'Min/Max Range' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Min').fill('abc');
  await expect(dialog.getByText(EXPLORER_MSG.valueMustBeDigit)).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeVisible(); // not applied
  await dialog.getByLabel('Min').fill('0');
  await dialog.getByLabel('Max').fill('100');
  await expect(dialog.getByText(EXPLORER_MSG.valueMustBeDigit)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => heatTicks(page)).toEqual(['0.00', '25.0', '50.0', '75.0', '100']);
  await expect(page.getByText(/Range set by hand/)).toBeVisible();

  await page.getByTestId('range').click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Max')).toHaveValue('100');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => heatTicks(page)).toEqual(original);
  await expect(page.getByText(/Range set by hand/)).toHaveCount(0);
});

test('[EXPLORER]: feature csv upload — a .txt is refused, a csv selects only the known names', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await waitForRunData(page, RUN);
  const known = plainNames(await featureNames(page, token, RUN, 'genes')).slice(0, 2);
  expect(known).toHaveLength(2);
  await openExplorer(page, RUN);

  const dir = testInfo.outputPath('upload');
  fs.mkdirSync(dir, { recursive: true });
  const txt = path.join(dir, 'names.txt');
  fs.writeFileSync(txt, `${known.join(',')}\n`);
  const csv = path.join(dir, 'names.csv');
  fs.writeFileSync(csv, `${known[0]},NotAGeneXyz1\nQqqUnknown9,${known[1]}\n`);

  const upload = page.getByTestId('feature-upload');
  await upload.setInputFiles(txt);
  await expect(page.getByText(EXPLORER_MSG.wrongFileType)).toBeVisible();
  await expect(page.getByTestId('heat-bar')).toHaveCount(0);

  await upload.setInputFiles(csv);
  await expect(page.getByText(EXPLORER_MSG.featureFound('genes', known.join(', ')))).toBeVisible();
  await expect(page.locator('.MuiAutocomplete-root .MuiChip-label')).toHaveText(known);
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Average of 2')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`features=${known.join('(,|%2C)')}(&|$)`));
});

test('[EXPLORER]: gene/motif/eRegulon toggle — Transcriptome offers genes only; ATAC motif resets the features', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await waitForRunData(page, RUN);
  await openExplorer(page, RUN);
  const kindGroup = page.getByRole('group', { name: 'Feature type' });
  await expect(kindGroup.getByRole('button', { name: 'gene', exact: true })).toBeEnabled();
  await expect(kindGroup.getByRole('button', { name: 'gene', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(kindGroup.getByRole('button', { name: 'motif', exact: true })).toBeDisabled();
  await expect(kindGroup.getByRole('button', { name: 'eRegulon', exact: true })).toBeDisabled();

  const ATAC = 'D90001';
  const token = await waitForRunData(page, ATAC);
  const gene = plainNames(await featureNames(page, token, ATAC, 'genes'))[0]!;
  const motifs = await featureNames(page, token, ATAC, 'motifs');
  expect(motifs.length).toBeGreaterThan(0);
  await page.goto(`/?component=AtlasXplore&run_id=${ATAC}&features=${encodeURIComponent(gene)}`);
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.MuiAutocomplete-root .MuiChip-label')).toHaveText([gene]);

  const motif = kindGroup.getByRole('button', { name: 'motif', exact: true });
  await expect(motif).toBeEnabled({ timeout: 20_000 });
  await motif.click();
  await expect(motif).toHaveAttribute('aria-pressed', 'true');
  await expect(kindGroup.getByRole('button', { name: 'gene', exact: true })).toHaveAttribute('aria-pressed', 'false');
  // The chosen genes are dropped: back to the cluster view with an empty Motifs search.
  await expect(page.getByTestId('heat-bar')).toHaveCount(0);
  await expect(page.getByTestId('cluster-legend')).toBeVisible();
  await expect(page.locator('.MuiAutocomplete-root .MuiChip-label')).toHaveCount(0);
  await expect(page).not.toHaveURL(/features=/);
  await expect(page.getByLabel('Motifs', { exact: true })).toBeVisible();

  const search = page.getByTestId('feature-search');
  await search.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible({ timeout: 10_000 });
  const shown = (await options.allTextContents()).map((t) => t.trim());
  expect(shown.length).toBeGreaterThan(0);
  const motifSet = new Set(motifs);
  for (const name of shown) expect(motifSet.has(name), `${name} is a motif of ${ATAC}`).toBe(true);
  await options.first().click();
  await expect(page.getByText(EXPLORER_MSG.featureFound('motifs', shown[0]!))).toBeVisible();
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 10_000 });
});
