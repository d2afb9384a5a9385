import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { hasSharedData, sharedData, SHARED_DATA } from '@atlas/spatial/testing';
import { ADMIN, expect, putInBucket, shot, signIn, test, watchContentSecurityPolicy } from './fixtures';
import { figureMatches, lassoMatchesReference, permalinkRoundTrip } from './real-data-checks';
import {
  categoryCounts,
  cliImport,
  limited,
  postImport,
  storedTixelTable,
  taskEnd,
  type Answer,
  type CliOutcome,
} from './real-data-import';
import { ROWS, runIdsOf, type RefusalRow, type Row, type RunRow } from './real-data-sets';
import { gapsBetween, placementError, sourceImage } from './real-data-tissue';
import { drawnTixels, legendCounts, litShare, pixelsAt, projector, runTable, type RunTable } from './real-data-view';

/**
 * [REAL-DATA] (issue 32): every public data set in ../shared/data (e2e/real-data-sets.ts), imported as a user would
 * and opened in the explorer; or refused, with the message the user reads. All imports are posted, and the CLI
 * refusals started, once in beforeAll, so the web-file queue works through them while the rows are checked in order.
 * A worker started again after a failure reads what was posted from the data folder instead of posting it twice.
 * The rows share one signed-in page (its cache keeps the app's bundle between runs), watched for CSP violations.
 * ATLAS_REAL_DATA_ONLY=id,id limits the rows (while working on some).
 */
const HAVE = hasSharedData();
if (!HAVE) console.warn(`\n*** SKIPPING the real-data suite: ${SHARED_DATA} is absent ***\n`);
const ONLY = process.env.ATLAS_REAL_DATA_ONLY?.split(',');
const SELECTED = ROWS.filter((row) => !ONLY || ONLY.includes(row.id));
const present = (row: Row) =>
  (row.kind === 'run' ? row.inputs : [row.input]).every((i) => typeof i !== 'string' || hasSharedData(i));
const inputName = (input: RunRow['inputs'][number]) => (typeof input === 'string' ? path.basename(input) : input.name);

/** GET /api/v1/genes/tissue_image (ZTissueImage). */
interface TissueAnswer {
  available: boolean;
  width?: number;
  height?: number;
  bounds?: number[];
  spot_diameter?: number;
}

let token = '';
let shared: { page: Page; violations: string[] };
const imports = new Map<string, Promise<Answer>>();
/** Each run's input on this machine (a built one under WORK), and the CLI's import of the rows marked so. */
const sources = new Map<string, string>();
const cliRuns = new Map<string, Promise<CliOutcome>>();
let WORK = '';
const refusals = new Map<string, Promise<{ cli: CliOutcome | null; route: Answer }>>();

/**
 * The rows share one page (beforeAll), watched for CSP violations there: each test opens no page or context of its
 * own (a page per row cost 1–2 s on the shared machine, most of a refused row's time).
 */
const rowTest = test.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  contentSecurityPolicy: async ({}, use) => use(),
  // eslint-disable-next-line no-empty-pattern
  closeOwnContexts: async ({}, use) => use(),
});

/** A promise that a test awaits later: its failure is that test's, not an unhandled rejection meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Copies each run row's inputs into the bucket and posts their imports one after another, in the table's order,
 * without waiting: each row awaits its own. What was posted is kept in the data folder for a restarted worker.
 */
function postImports(api: APIRequestContext): Promise<void> {
  const file = path.join(process.env.ATLAS_E2E_DATA_DIR!, 'real-data-imports.json');
  const earlier = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Answer>) : {};
  let chain: Promise<unknown> = Promise.resolve();
  for (const row of SELECTED.filter((r): r is RunRow => r.kind === 'run' && r.via === 'bucket' && present(r))) {
    for (const [i, runId] of runIdsOf(row).entries()) {
      const input = row.inputs[i]!;
      const source = typeof input === 'string' ? sharedData(input) : input.build(path.join(WORK, runId, input.name));
      sources.set(runId, source);
      const answer = chain.then(async () => {
        if (!earlier[runId]) {
          const key = putInBucket(source, `uploads/real-data/${runId}/${inputName(input)}`);
          earlier[runId] = await postImport(api, token, { run_id: runId, source: key, title: `${row.id} (real data)` });
          fs.writeFileSync(file, JSON.stringify(earlier));
        }
        return earlier[runId];
      });
      imports.set(runId, quiet(answer));
      chain = answer.catch(() => undefined);
    }
  }
  return chain.then(() => undefined);
}

rowTest.describe('[REAL-DATA]', () => {
  rowTest.beforeAll(async ({ browser, playwright }, info) => {
    expect(HAVE, `${SHARED_DATA} is absent`).toBe(true);
    rowTest.setTimeout(240_000);
    const started = Date.now();
    const { baseURL } = info.project.use;
    const api = await playwright.request.newContext({ baseURL });
    const page = await (await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } })).newPage();
    shared = { page, violations: watchContentSecurityPolicy(page) };
    await signIn(page, ADMIN.username, ADMIN.password);
    const login = await api.post('/api/v1/auth/login', { data: ADMIN });
    token = ((await login.json()) as { access_token: string }).access_token;
    WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-real-data-'));
    const posted = postImports(api);
    // After the imports (whose checks the server makes while the first rows are looked at), two at a time: the CLI
    // imports of the rows marked so, then the route's answer to each refused input, and the CLI's on the rows
    // marked so.
    const cliRows = SELECTED.filter((r): r is RunRow => r.kind === 'run' && r.cli === true && present(r));
    const refused = SELECTED.filter((r): r is RefusalRow => r.kind === 'refusal' && present(r));
    const jobs: (() => Promise<unknown>)[] = [
      ...cliRows.map((row) => () => {
        const [runId] = runIdsOf(row);
        return cliImport(sources.get(runId!)!, runId!, true);
      }),
      ...refused.map((row) => async () => {
        const key = `uploads/real-data/refused/${row.id}/${path.basename(row.input)}`;
        const route = await postImport(api, token, {
          run_id: 'D08999',
          source: putInBucket(sharedData(row.input), key),
          title: row.id,
        });
        return { cli: row.cli ? await cliImport(sharedData(row.input), 'D08999') : null, route };
      }),
    ];
    const outcomes = posted.then(() => limited(jobs, 2, (job) => job()));
    const outcome = <T>(i: number) => quiet(outcomes.then((all) => all[i]! as Promise<T>));
    cliRows.forEach((row, i) => cliRuns.set(runIdsOf(row)[0]!, outcome<CliOutcome>(i)));
    refused.forEach((row, i) => refusals.set(row.id, outcome(cliRows.length + i)));
    console.info(`real data: signed in in ${Date.now() - started} ms; ${imports.size} imports being posted`);
  });

  rowTest.afterAll(async () => {
    // The shared page keeps an explorer (WebGL) open: later spec files must not run beside it.
    await shared?.page.context().close();
    for (const cli of cliRuns.values())
      fs.rmSync((await cli.catch(() => null))?.dataDir ?? '', { recursive: true, force: true });
    if (WORK) fs.rmSync(WORK, { recursive: true, force: true });
  });

  for (const row of SELECTED) {
    const what = row.kind === 'run' ? `${row.spots} spots${row.spatial ? '' : ', UMAP only'}` : 'refused';
    rowTest(`[REAL-DATA] ${row.id}: ${what}`, async () => {
      // The shared data sets are the test basis (../shared/data, its README): missing, the row fails, never skips.
      expect(present(row), `${SHARED_DATA}: ${row.id} is absent`).toBe(true);
      if (row.kind === 'refusal') return checkRefusal(row);
      test.setTimeout(300_000);
      shared.violations.length = 0;
      if (row.via === 'uploader') await uploadAndImport(shared.page, row);
      await checkRun(shared.page, row);
      expect(shared.violations, 'Content-Security-Policy violations').toEqual([]);
    });
  }
});

async function checkRefusal(row: RefusalRow): Promise<void> {
  const { cli, route } = await refusals.get(row.id)!;
  expect([route.status >= 400 && route.status < 500, route.body.msg]).toEqual([
    true,
    expect.stringMatching(row.message),
  ]);
  if (cli) {
    expect(cli.code, cli.output).toBe(1);
    expect(cli.output).toContain('D08999: nothing imported.');
    expect(cli.output).toMatch(row.message);
    expect(cli.untouched, 'the CLI started no database or storage').toBe(true);
  }
  if (row.issue) test.info().annotations.push({ type: 'covered by', description: row.issue });
}

/** The Uploader's Gene Matrix slot, then the admin import of what it stored (data/{run}/h5/obj/genes.h5ad). */
async function uploadAndImport(page: Page, row: RunRow): Promise<void> {
  const [runId] = runIdsOf(row);
  await page.goto('/?component=AtlasUploader');
  await page.getByRole('tab', { name: 'Gene Matrix Upload' }).click();
  await page.getByLabel('Run ID (DXXX)').fill(runId!);
  await page.getByLabel('Gene Matrix file').setInputFiles(sharedData(row.inputs[0] as string));
  const area = page.getByRole('group', { name: 'Gene Matrix', exact: true });
  await area.getByRole('button', { name: 'Upload' }).click();
  await expect(area).toContainText(`Stored at data/${runId}/h5/obj/genes.h5ad`, { timeout: 60_000 });
  await shot(page, `real-${row.id}-uploaded`);
  const posted = await postImport(page.request, token, {
    run_id: runId!,
    source: `data/${runId}/h5/obj/genes.h5ad`,
    title: `${row.id} (real data, Uploader)`,
  });
  imports.set(runId!, Promise.resolve(posted));
}

async function checkRun(page: Page, row: RunRow): Promise<void> {
  const started = Date.now();
  const ids = runIdsOf(row);
  const tasks = [];
  for (const runId of ids) {
    const posted = await imports.get(runId)!;
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const end = await taskEnd(page.request, token, posted.body._id!, 240_000);
    expect([end.status, end.error]).toEqual(['SUCCESS', null]);
    expect(end.result?.tixels).toBe(row.spots);
    tasks.push(end);
  }
  if (row.cli) {
    const cli = await cliRuns.get(ids[0]!)!;
    expect(cli.code, cli.output).toBe(0);
    expect(cli.output).toContain(`${ids[0]}: web files written`);
    // The CLI made the same run from the same folder as the server did from the bucket.
    expect(storedTixelTable(cli.dataDir, ids[0]!)).toBe(storedTixelTable(process.env.ATLAS_E2E_DATA_DIR!, ids[0]!));
  }
  const tables = await Promise.all(ids.map((id) => runTable(page, token, id)));
  // Several stores of one row hold the same object: the same runs.
  for (const other of tables.slice(1)) expect({ ...other, run_id: '' }).toEqual({ ...tables[0], run_id: '' });
  const [runId] = ids;
  const table = tables[0]!;

  const imported = Date.now();
  const tissueAnswer = page.waitForResponse(
    (r: Response) => new URL(r.url()).pathname === '/api/v1/genes/tissue_image',
  );
  await page.goto(`/?component=AtlasXplore&run_id=${runId}`);
  expect(await drawnTixels(page)).toBe(row.spots);
  await expect(page.getByTestId('no-spatial-coordinates')).toHaveCount(row.spatial ? 0 : 1);
  await expect.poll(() => litShare(page), { timeout: 20_000 }).toBeGreaterThan(0);

  const legend = await legendCounts(page);
  expect(legend).toEqual(await expectedClusters(page, row, tasks[0]!.result?.clusters));

  const tissue = (await (await tissueAnswer).json()) as TissueAnswer;
  expect(tissue.available).toBe(row.tissue !== null);
  if (row.tissue) await checkTissue(page, row, table, tissue);
  else await expect(page.getByTestId('tissue-image-control')).toHaveCount(0);
  await shot(page, `real-${row.id}`);
  const opened = Date.now();

  // On the page as opened: the figure, then the lasso (cleared again), then the permalink, which reloads it.
  if (row.figure) {
    const circles = row.spots * (row.spatial ? 2 : 1);
    await figureMatches(page, runId!, legend, { circles, image: row.tissue !== null });
  }
  if (row.reference) {
    const group = await lassoMatchesReference(page, table, row.reference);
    test.info().annotations.push({ type: 'lasso', description: `${row.reference.groupby} ${group} = DERIVED top 10` });
    await page.keyboard.press('Escape');
    await shot(page, `real-${row.id}-lasso`);
    await page.getByTestId('clear-selection').click();
    await expect(page.getByTestId('selection-count')).toHaveCount(0);
  }
  if (row.permalink) await permalinkRoundTrip(page, `real-${row.id}-permalink`);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.info(
    `${row.id}: import waited ${s(imported - started)}, opened and checked ${s(opened - imported)}, ` +
      `lasso/figure/permalink ${s(Date.now() - opened)}`,
  );
}

async function expectedClusters(
  page: Page,
  row: RunRow,
  computed: number | undefined,
): Promise<Record<string, number>> {
  const c = row.clusters;
  if ('h5ad' in c)
    return Object.fromEntries(Object.entries(await categoryCounts(c.h5ad, c.column)).filter(([, n]) => n > 0));
  if ('counts' in c) return c.counts;
  const other = 'sameAs' in c ? ROWS.find((r): r is RunRow => r.id === c.sameAs && r.kind === 'run') : undefined;
  const table = await runTable(page, token, runIdsOf(other ?? row)[0]!);
  const counts: Record<string, number> = {};
  for (const name of table.clusters) counts[name] = (counts[name] ?? 0) + 1;
  if (!other) expect(Object.keys(counts).length, 'the clusters the import computed').toBe(computed);
  return counts;
}

/** The file's image is the one drawn, and it lies under the spots (real-data-tissue.ts). */
async function checkTissue(page: Page, row: RunRow, table: RunTable, tissue: TissueAnswer): Promise<void> {
  const image = await sourceImage(row.tissue!);
  expect([tissue.width, tissue.height]).toEqual([image.width, image.height]);
  const expected = [0, 0, image.width / image.scalef, image.height / image.scalef];
  tissue.bounds!.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 0));
  const control = page.getByTestId('tissue-image-control');
  await expect(control).toHaveAttribute('data-state', 'shown', { timeout: 30_000 });
  await page.mouse.move(0, 0);
  const project = await projector(page, table, 'spatial');
  const corner = (await control.boundingBox())!;
  const spots = table.clusters.map((_, i): [number, number] => [table.spatial[2 * i]!, table.spatial[2 * i + 1]!]);
  // Clear of the spots' rims by 3 px, and of the corner control.
  const gaps = gapsBetween(spots, tissue.spot_diameter! / 2, 3 / project.scale).filter(([x, y]) => {
    const [sx, sy] = project(x, y);
    return !(sx > corner.x - 10 && sy < corner.y + corner.height + 10);
  });
  expect(gaps.length, 'points between spots to read the image at').toBeGreaterThan(10);
  await page.waitForTimeout(500);
  const seen = await pixelsAt(
    page,
    gaps.map(([x, y]) => project(x, y)),
  );
  const placed = placementError(image, gaps, seen);
  const shifted = [-6, 6].flatMap((d) => [
    placementError(image, gaps, seen, [d, 0]),
    placementError(image, gaps, seen, [0, d]),
  ]);
  const summary = `${gaps.length} points between spots: ${placed.toFixed(1)} levels off the image there; ${shifted.map((e) => e.toFixed(1)).join(', ')} with the image 6 px away`;
  console.info(`tissue ${row.id}: ${summary}`);
  test.info().annotations.push({ type: 'tissue', description: summary });
  // Measured: 10 and 5 levels at the place (fine H&E texture, resampled on screen), 17–19 and 9–15 at 6 px away.
  expect(placed).toBeLessThan(13);
  expect(placed).toBeLessThan(0.75 * Math.min(...shifted));
}
