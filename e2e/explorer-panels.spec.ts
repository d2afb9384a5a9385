import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, apiToken, expect, plotHalves, plotsDrawn, shot, signIn, test, tick } from './fixtures';

/**
 * [EXPLORER-PANELS]: the lower panels and tool extras of AtlasXplore on a demo run — the Feature Table (top ten
 * per cluster, Anti, clicking a name selects it), the Histogram panel, Cell Type Mapping from an uploaded marker
 * csv (gene.compute_cell_type on Apply) → the cell-type view, Save Display as PNG, Copy Public Link — and the public viewer
 * that link opens in a fresh browser without signing in; a tampered link shows the error page.
 */

const RUN = 'D90001';

test('[EXPLORER-PANELS]: feature table, histogram, cell typing, save display, public link and viewer', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const auth = { authorization: `JWT ${token}` };
  await expect
    .poll(async () => (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers: auth })).status(), {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe(200);

  // The run's own top-ten table (written after data.csv.gz), to build a marker csv whose markers mark their clusters.
  const buckets = (await (
    await page.request.get('/api/v1/storage/fetch_buckets', { headers: auth })
  ).json()) as string[];
  type TopTen = { '1': string[][]; '-1': string[][] };
  const readTopTen = async (): Promise<TopTen | false> => {
    const reply = await page.request.get('/api/v1/storage/json', {
      headers: auth,
      params: { bucket_name: buckets[0]!, filename: `data/${RUN}/h5/topTen_genes.json` },
    });
    return (await reply.json()) as TopTen | false;
  };
  await expect.poll(async () => Boolean(await readTopTen()), { timeout: 120_000, intervals: [1000] }).toBe(true);
  const topTen = (await readTopTen()) as TopTen;
  expect(topTen['1'].length).toBeGreaterThan(0);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);

  // ---- Feature Table ----
  const table = page.getByTestId('feature-table');
  await expect(table).toBeVisible();
  const clusterCount = topTen['1'][0]!.length;
  await expect(table.getByRole('table', { name: 'Feature table' }).locator('thead th')).toHaveCount(clusterCount + 1);
  const firstTop = topTen['1'][0]![0]!;
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(firstTop);
  await tick(page.getByRole('switch', { name: 'Anti' }));
  await expect(table.getByRole('table', { name: 'Anti feature table' })).toBeVisible();
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(topTen['-1'][0]![0]!);
  await tick(page.getByRole('switch', { name: 'Anti' }), false);
  const cell = table.locator(`td[data-feature="${firstTop}"]`).first();
  await cell.click();
  await expect(cell).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('heat-bar')).toContainText(firstTop);
  await expect(page).toHaveURL(new RegExp(firstTop));
  await plotsDrawn(page);
  await shot(page, 'explorer-feature-table');

  // ---- Histogram ----
  await page.getByRole('tab', { name: 'Histogram' }).click();
  const histogram = page.getByTestId('histogram-feature');
  await expect(histogram).toHaveCount(1);
  await expect(histogram).toContainText(firstTop);
  expect(await histogram.locator('rect').count()).toBeGreaterThan(5);
  await shot(page, 'explorer-histogram');
  await page.getByRole('tab', { name: /Peak\/Motif/ }).click();
  await expect(page.getByTestId('viewer-slot').getByTestId('track-browser')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Feature Table' }).click();

  // ---- Cell Type Mapping: a non-csv is refused, a marker csv runs gene.compute_cell_type ----
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-celltypes-'));
  const labels = Array.from({ length: clusterCount }, (_, c) => `Type ${String.fromCharCode(65 + c)}`);
  const csv = labels
    .map((label, c) => [label, ...topTen['1'].slice(0, 3).map((row) => `${row[c]!.toLowerCase()}!`)].join(','))
    .join('\n');
  fs.writeFileSync(path.join(dir, 'markers.csv'), `${csv}\n`);
  fs.writeFileSync(path.join(dir, 'markers.txt'), csv);

  await page.getByRole('button', { name: 'Cell Typing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cell Type Mapping' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(clusterCount);
  await dialog.getByTestId('cell-type-upload').setInputFiles(path.join(dir, 'markers.txt'));
  await expect(page.getByText('Wrong file type must be csv')).toBeVisible();
  await dialog.getByTestId('cell-type-upload').setInputFiles(path.join(dir, 'markers.csv'));
  // Upload only loads the markers; Apply runs gene.compute_cell_type and the dialog stays open with its result.
  await expect(dialog.getByTestId('cell-type-markers')).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Cell types applied')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const legend = page.getByTestId('explorer-legend');
  // The core draws the cell-type view from the store's clusterLabels.
  await expect.soft(legend.getByText(labels[0]!, { exact: false }).first()).toBeVisible();
  await plotsDrawn(page);
  await shot(page, 'explorer-celltypes');

  // ---- Save Display: transparent and opaque PNGs of the plots at the canvas' pixel size, each with its own name ----
  // The plots are views of the page's one plots canvas (which also draws the multi-sample grid): the PNG is their
  // rectangle of it, in canvas pixels.
  const canvasSize = await page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid="plots-canvas"] canvas')!;
    const plots = document.querySelector<HTMLElement>('[data-testid="linked-plots"]')!.getBoundingClientRect();
    return {
      width: Math.round((plots.width * c.width) / c.clientWidth),
      height: Math.round((plots.height * c.height) / c.clientHeight),
    };
  });
  for (const [item, opaque] of [
    ['Transparent png', false],
    ['Opaque png', true],
  ] as const) {
    await page.getByRole('button', { name: 'Save Display' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${RUN}_celltypes_${opaque ? 'opaque' : 'transparent'}.png`);
    const saved = path.join(dir, `${item}.png`);
    await file.saveAs(saved);
    const meta = await sharp(saved).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', canvasSize.width, canvasSize.height]);
    const { data } = await sharp(saved).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let transparent = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] === 0) transparent++;
    if (opaque) expect(transparent).toBe(0);
    else expect(transparent).toBeGreaterThan(0);
  }
  // FrontPage (admin) renders the spatial plot into the run's thumbnail.
  await page.getByRole('button', { name: 'Save Display' }).click();
  await page.getByRole('menuitem', { name: 'FrontPage' }).click();
  await expect(page.getByText(`Front page image of ${RUN} saved`)).toBeVisible();
  const thumb = await page.request.get(`/api/v1/run_db/frontpage/${RUN}.png`);
  expect(thumb.status()).toBe(200);
  const thumbMeta = await sharp(await thumb.body()).metadata();
  expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(200);

  // ---- Copy Public Link ----
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.getByRole('button', { name: 'Copy Public Link' }).click();
  await expect(page.getByText('Public link copied to clipboard')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const url = new URL(link);
  expect(url.pathname).toBe('/public');
  expect(url.searchParams.get('component')).toBe('PublicGeneViewer');
  expect(url.searchParams.get('public')).toBe('true');
  expect(url.searchParams.get('token')).toBeTruthy();
  expect(url.searchParams.get('token')).not.toBe(token);
  expect(url.searchParams.get('run_id')).not.toContain(RUN);

  // ---- The public viewer, in a fresh browser that never signed in ----
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const pub = await visitor.newPage();
  const runIdRequests: string[] = [];
  pub.on('request', (r) => {
    if (r.url().includes('/api/v1/genes/') && r.url().includes(`run_id=${RUN}`)) runIdRequests.push(r.url());
  });
  await pub.goto(link);
  await expect(pub.getByTestId('public-viewer')).toBeVisible({ timeout: 30_000 });
  await plotsDrawn(pub);
  const [umapLit, spatialLit] = await plotHalves(pub);
  expect(umapLit).toBeGreaterThan(0.01);
  expect(spatialLit).toBeGreaterThan(0.01);
  await expect(pub.getByRole('button', { name: "Run ID's" })).toHaveCount(0);
  await expect(pub.getByRole('button', { name: 'Metadata' })).toBeVisible();
  await expect(pub.getByRole('group', { name: 'Feature type' })).toBeVisible();
  await expect(pub.getByRole('link', { name: /catalogue/ })).toHaveAttribute('href', '/visualization');
  await expect(pub.getByTestId('explorer-lower-panel')).toBeVisible();
  await pub.getByRole('button', { name: 'Save Display' }).click();
  await expect(pub.getByRole('menuitem', { name: 'Opaque png' })).toBeVisible();
  await expect(pub.getByRole('menuitem', { name: 'FrontPage' })).toHaveCount(0);
  await pub.keyboard.press('Escape');
  expect(runIdRequests).toEqual([]);
  await shot(pub, 'public-viewer');

  // ---- A tampered link: the error page ----
  const encoded = url.searchParams.get('run_id')!;
  const middle = Math.floor(encoded.length / 2);
  const flipped = encoded.slice(0, middle) + (encoded[middle] === 'A' ? 'B' : 'A') + encoded.slice(middle + 1);
  url.searchParams.set('run_id', flipped);
  await pub.goto(url.toString());
  await expect(pub.getByText('This public link cannot be opened')).toBeVisible();
  await expect(pub.getByTestId('linked-plots')).toHaveCount(0);
  await visitor.close();
});
