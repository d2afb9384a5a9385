// `npm run bench -- guards`: how fast the guards answer what they refuse — decompression bombs, images over the
// pixel limit, bodies nested millions deep, a million tixel indices, bad import inputs — and the lasso over a
// million points, each beside a reference measured in the same run. These figures were time bounds inside the tests
// (issue 39 item 4); the tests keep what is refused and how, and the bound is each row's target here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMPORT_LIMITS } from '@atlas/contracts';
import { generateRun, readTenxMtx, writeSyntheticH5ad } from '@atlas/spatial';
import { BLOBS_STORE, gzipOfZeros, h5adBomb, hasSharedData, pngBomb, sharedData } from '@atlas/spatial/testing';
import { buildGrid, pointInPolygon, selectInPolygon } from '../packages/viz/src/selection/selectInPolygon.js';
import { nestsDeeperThan } from '../apps/server/src/http/json-body.js';
import { createImageConverter } from '../apps/server/src/domains/lab-storage/images.js';
import { prepareImport } from '../apps/server/src/domains/imports/prepare.js';
import { sourceFromPath } from '../apps/server/src/domains/imports/sources.js';
import { checkArrival } from '../apps/server/src/domains/uploads/arrival.js';
import { stagedAt } from '../apps/server/test/staged-file.js';
import { probeBomb } from '../apps/server/test/bombs.js';
import { benchToken } from './features.js';
import type { Row } from './row.js';
import type { BenchServer } from './server.js';

/** The run the annotation row saves a million indices on (400 tixels, imported before the server starts). */
export const GUARD_RUN = 'D99003';

interface Timed<T> {
  ms: number;
  value?: T;
  error?: unknown;
}

async function timed<T>(work: () => Promise<T> | T): Promise<Timed<T>> {
  const started = performance.now();
  try {
    const value = await work();
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A refusal's row: met when it was refused (`refused`) within the bound the test used to hold. */
function guardRow(measure: string, boundMs: number, figureMs: number, reference: string, refused: boolean): Row {
  return {
    measure,
    target: `< ${boundMs} ms`,
    figure: `${ms(figureMs)}${refused ? '' : ' (NOT refused)'}; same run: ${reference}`,
    verdict: refused && figureMs < boundMs ? 'met' : 'MISSED',
  };
}

/** The in-process rows: no server needed. */
export async function guardRows(): Promise<Row[]> {
  return [
    lassoRow(),
    nestingRow(),
    ...(await matrixMarketRows()),
    await imageGuardRow(),
    await arrivalRow(),
    ...(await importRefusalRows()),
    ...bombProbeRows(),
  ];
}

/** Deterministic points in [-20, 80)² (a linear congruential generator: enough for a spread). */
function points(n: number): Float32Array {
  const p = new Float32Array(2 * n);
  let s = 3;
  for (let i = 0; i < p.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    p[i] = (s / 2 ** 32) * 100 - 20;
  }
  return p;
}

/** The lasso's worker search (packages/viz): grid index, then the polygon over it; every point tested as reference. */
function lassoRow(): Row {
  const p = points(1_000_000);
  let started = performance.now();
  const grid = buildGrid(p);
  const buildMs = performance.now() - started;
  const lasso: number[] = [];
  for (let k = 0; k < 400; k++) {
    const a = (2 * Math.PI * k) / 400;
    lasso.push(30 + 40 * Math.cos(a), 30 + 35 * Math.sin(a));
  }
  started = performance.now();
  const selected = selectInPolygon(p, lasso, grid).length;
  const selectMs = performance.now() - started;
  started = performance.now();
  let brute = 0;
  for (let i = 0; i < p.length / 2; i++) if (pointInPolygon(p[2 * i]!, p[2 * i + 1]!, lasso)) brute++;
  const bruteMs = performance.now() - started;
  return {
    measure: `lasso of 400 vertices over 1M points (grid index), ${selected.toLocaleString('en')} selected`,
    target: '< 1500 ms',
    figure: `${ms(selectMs)}; same run: grid built in ${ms(buildMs)}, every point tested in ${ms(bruteMs)}`,
    verdict: selected === brute && selectMs < 1500 ? 'met' : 'MISSED',
  };
}

/** The JSON body guard's scan (http/json-body.ts) over 4 million levels, beside JSON.parse of as many flat bytes. */
function nestingRow(): Row {
  const n = 4_000_000;
  const deep = '['.repeat(n) + ']'.repeat(n);
  const started = performance.now();
  const refused = nestsDeeperThan(deep, 65) && !nestsDeeperThan(`"${deep}"`, 65);
  const scanMs = performance.now() - started;
  const flat = `[${'0,'.repeat(n - 1)}0]`;
  const parsed = performance.now();
  JSON.parse(flat);
  const parseMs = performance.now() - parsed;
  return guardRow(
    'JSON body guard: 4M levels found too deep (and the same text as a string not)',
    1000,
    scanMs,
    `JSON.parse of ${(flat.length / 1e6).toFixed(0)} MB of a flat array ${ms(parseMs)}`,
    refused,
  );
}

const text = (s: string) => new TextEncoder().encode(s);
const MTX_HEADER = '%%MatrixMarket matrix coordinate integer general\n';
const mtxFolder = (name: string, matrix: Uint8Array) =>
  new Map<string, Uint8Array>([
    [name, matrix],
    ['barcodes.tsv', text('A-1\nC-1\n')],
    ['features.tsv', text('g0\tG0\tGene Expression\n')],
  ]);

/** Matrix Market bombs against the reader, beside the same folder with a truthful size line. */
async function matrixMarketRows(): Promise<Row[]> {
  const honest = await timed(() => readTenxMtx(mtxFolder('matrix.mtx', text(`${MTX_HEADER}1 2 1\n1 1 5\n`))));
  const reference = `an honest 3-line folder read in ${ms(honest.ms)}`;
  const sizeLine = await timed(() =>
    readTenxMtx(mtxFolder('matrix.mtx', text(`${MTX_HEADER}1 2 1000000000\n1 1 5\n`))),
  );
  const gz = mtxFolder('matrix.mtx.gz', new Uint8Array(gzipOfZeros(1 << 30)));
  const inflating = await timed(() => readTenxMtx(gz, 'outs', IMPORT_LIMITS));
  return [
    guardRow(
      'matrix.mtx whose size line declares 1e9 entries in 3 lines',
      100,
      sizeLine.ms,
      reference,
      !!sizeLine.error,
    ),
    guardRow(
      'a 1 MB matrix.mtx.gz inflating to 1 GiB, cut at the budget',
      1500,
      inflating.ms,
      reference,
      !!inflating.error,
    ),
  ];
}

/** The one guarded image path (lab storage, tissue image, thumbnails) on a 25000² PNG, beside a 40 × 20 one. */
async function imageGuardRow(): Promise<Row> {
  const converter = createImageConverter({ maxPixels: 200_000_000 });
  const small = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  // Timed after one untimed conversion: the first pays for loading libvips's codecs.
  await converter.toJpeg(small, { rotation: 0 });
  const reference = await timed(() => converter.toJpeg(small, { rotation: 0 }));
  const bomb = pngBomb();
  const refusal = await timed(() => converter.toJpeg(bomb, { rotation: 0 }));
  return guardRow(
    'image guard: a 25000 × 25000 PNG (608 KB) refused from its header',
    2000,
    refusal.ms,
    `a 40 × 20 PNG converted in ${ms(reference.ms)}`,
    (refusal.error as { statusCode?: number } | undefined)?.statusCode === 413,
  );
}

/** The Uploader's arrival check on an AnnData declaring 1e8 observations, beside a real 400-tixel one. */
async function arrivalRow(): Promise<Row> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bench-arrival-'));
  try {
    const bomb = path.join(dir, 'bomb.h5ad');
    fs.writeFileSync(bomb, await h5adBomb());
    const real = path.join(dir, 'genes.h5ad');
    await writeSyntheticH5ad(generateRun({ seed: 7, tixels: 400, features: 60, assay: 'rna' }), real);
    const check = () => checkArrival('h5ad', stagedAt(real), 'genes.h5ad', IMPORT_LIMITS);
    // Timed after one untimed check: the first pays for compiling h5wasm.
    await check();
    const reference = await timed(check);
    const refusal = await timed(() => checkArrival('h5ad', stagedAt(bomb), 'bomb.h5ad', IMPORT_LIMITS));
    return guardRow(
      'upload arrival check: an .h5ad declaring 1e8 observations refused from its shapes',
      2000,
      refusal.ms,
      `a 400-tixel .h5ad checked in ${ms(reference.ms)}`,
      !!refusal.error && !reference.error,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Bad import inputs from the shared data folder, each refused by prepareImport before anything is stored. */
const BAD_INPUTS: [string, string][] = [
  ['an AnnData-Zarr without X', 'anndata-zarr/anndata-archives/v0.11.4/adata.zarr.zip'],
  ['Visium HD positions of another bin size', 'visium-hd/seurat-fake-hd/binned_outputs/square_016um'],
  ['a Space Ranger crop of 12 spots', 'visium-spaceranger2-csv/sfe-sample01/outs'],
  ['a SpatialData store placing 3 of 26 observations', BLOBS_STORE],
  ['a folder with nothing importable', 'motifs'],
];

async function importRefusalRows(): Promise<Row[]> {
  const present = BAD_INPUTS.filter(([, input]) => hasSharedData(input));
  const squidpy = sharedData('visium-squidpy-tests', 'test_data.h5ad');
  if (!present.length || !fs.existsSync(squidpy))
    return [notMeasured('import refusals of bad inputs (prepareImport)', '< 2000 ms each')];
  const reference = await timed(async () => prepareImport(await sourceFromPath(squidpy)));
  const refusals: (Timed<unknown> & { what: string })[] = [];
  for (const [what, input] of present)
    refusals.push({ what, ...(await timed(async () => prepareImport(await sourceFromPath(sharedData(input))))) });
  const slowest = refusals.reduce((a, b) => (b.ms > a.ms ? b : a));
  return [
    guardRow(
      `import refusals of ${refusals.length} bad inputs (prepareImport), slowest: ${slowest.what}`,
      2000,
      slowest.ms,
      `squidpy's test_data.h5ad prepared in ${ms(reference.ms)}`,
      refusals.every((r) => r.error !== undefined),
    ),
  ];
}

/**
 * Decompression bombs through the import's readers (and the image task) in a process of their own (bomb-probe.ts),
 * beside a real archive of about the bomb's size imported the same way. The tests keep the refusal and the peak.
 */
function bombProbeRows(): Row[] {
  const haveReference = hasSharedData('anndata-zarr', 'scanpy/10x_pbmc68k_reduced.zarr.zip');
  const reference = haveReference ? probeBomb('reference') : undefined;
  const referenceText = reference
    ? `a real 700 × 765 .zarr.zip prepared in ${reference.ms} ms, +${reference.peakMB} MB`
    : 'no reference archive in the shared data';
  const kinds: [string, string][] = [
    ['zarr-zip', "the issue's .zarr.zip (1 MB holding a 1 GiB chunk)"],
    ['zarr-shape', 'a .zarr.zip declaring X of 1e8 × 1e8'],
    ['zarr-codec', 'a .zarr.zip whose zlib chunk inflates to 64 MiB'],
    ['tenx-h5', 'a 10x .h5 declaring 5e8 values for 9 cells'],
    ['h5ad', 'an .h5ad declaring 1e8 observations'],
    ['png-task', 'atlasbrowser.generate_spatial on a 25000 × 25000 PNG'],
  ];
  return kinds.map(([kind, what]) => {
    const figures = probeBomb(kind);
    return guardRow(
      `bomb: ${what}, refused (CPU ${figures.cpuMs} ms, +${figures.peakMB} MB)`,
      3000,
      figures.ms,
      referenceText,
      figures.outcome !== 'accepted',
    );
  });
}

function notMeasured(measure: string, target: string): Row {
  return { measure, target, figure: 'not measured: the shared data folder is absent', verdict: 'info' };
}

/** One request to the bench server; its answer's status and time. */
async function send(
  url: string,
  init: RequestInit & { token: string },
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { ...init, headers: { ...init.headers, authorization: `JWT ${init.token}` } });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, body };
}

const json = { 'content-type': 'application/json' };

/** A multipart body built by hand (the boundary is ours), for the lab's CSV upload. */
function form(parts: { name: string; value: string; filename?: string }[]): { body: string; type: string } {
  const boundary = 'atlasbenchboundary';
  const body = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        `${p.filename ? `; filename="${p.filename}"\r\nContent-Type: text/csv` : ''}\r\n\r\n${p.value}\r\n`,
    )
    .join('');
  return { body: `${body}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The HTTP doors' guards on the bench server (loopback): bodies nested millions deep, multipart without a boundary,
 * a key segment past its limit at four doors, a CSV holding a NUL byte, and a million tixel indices. The reference
 * of each is the same bytes sent to a call that refuses them as ordinary bad input (sign-in), or the API floor.
 */
export async function guardDoorRows(server: BenchServer): Promise<Row[]> {
  const token = await benchToken(server.url);
  const at = (p: string) => `${server.url}${p}`;
  // The floor after the server's first answers (its first request pays for warming up): the median of seven.
  const floors: number[] = [];
  for (let i = 0; i < 9; i++) floors.push((await send(at('/api/v1/app'), { token })).ms);
  const floor = floors.slice(2).sort((a, b) => a - b)[3]!;
  const floorText = `the API floor (GET /api/v1/app, median of 7) ${ms(floor)}`;
  const sameBytesToLogin = async (bytes: number) => {
    const reply = await send(at('/api/v1/auth/login'), {
      token,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'x'.repeat(bytes), password: 'x' }),
    });
    return `the same ${(bytes / 1e6).toFixed(1)} MB as a flat sign-in body ${ms(reply.ms)}`;
  };
  const rows: Row[] = [];

  const n = 4_000_000;
  const deepTask = `{"task":"core.task_list","queue":"atxcloud_core","args":${'['.repeat(n)}${']'.repeat(n)}}`;
  const deep = await send(at('/api/v1/task'), { token, method: 'POST', headers: json, body: deepTask });
  rows.push(
    guardRow(
      'POST task nested 4M levels deep, 400 while parsing',
      1000,
      deep.ms,
      await sameBytesToLogin(deepTask.length),
      deep.status === 400,
    ),
  );

  const deepMeta = form([
    { name: 'meta', value: '['.repeat(1_000_000) },
    { name: 'file', filename: 'w.csv', value: 'wafer_id\nW-DEEP\n' },
  ]);
  const meta = await send(at('/api/v1/dataset/wafers/upload'), {
    token,
    method: 'POST',
    headers: { 'content-type': deepMeta.type },
    body: deepMeta.body,
  });
  rows.push(
    guardRow('a CSV upload whose meta field is nested 1M levels deep', 1000, meta.ms, floorText, meta.status === 400),
  );

  const noBoundary: number[] = [];
  let allRefused = true;
  for (const url of ['/api/v1/storage/upload', '/api/v1/dataset/wafers/upload'])
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; charset=utf-8',
      'multipart/form-data; boundary=',
    ]) {
      const reply = await send(at(url), {
        token,
        method: 'POST',
        headers: { 'content-type': type },
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nwafer_id\r\n--x--\r\n',
      });
      noBoundary.push(reply.ms);
      allRefused &&= reply.status === 400;
    }
  rows.push(
    guardRow(
      'multipart bodies naming no boundary (2 doors × 3 types), slowest',
      1000,
      Math.max(...noBoundary),
      floorText,
      allRefused,
    ),
  );

  const long = `data/D00001/${'a'.repeat(1024 - 12)}`;
  const upload = form([
    { name: 'output_filename', value: long },
    { name: 'file', filename: 'x.txt', value: 'x' },
  ]);
  const started = performance.now();
  const keys = await Promise.all([
    send(at('/api/v1/storage/upload'), {
      token,
      method: 'POST',
      headers: { 'content-type': upload.type },
      body: upload.body,
    }),
    send(at(`/api/v1/storage?${new URLSearchParams({ bucket_name: 'atx-data', filename: long })}`), { token }),
    send(at('/api/v1/task'), {
      token,
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        task: 'core.checksum',
        queue: 'atxcloud_core',
        kwargs: { bucket: 'atx-data', key: long },
      }),
    }),
  ]);
  rows.push(
    guardRow(
      'a key segment past its limit at three doors (upload, read, task)',
      1000,
      performance.now() - started,
      floorText,
      keys.every((k) => k.status === 400),
    ),
  );

  const nul = form([{ name: 'file', filename: 'nul.csv', value: 'wafer_id,lot\nW-NUL,a\0b\n' }]);
  const csv = await send(at('/api/v1/dataset/wafers/upload'), {
    token,
    method: 'POST',
    headers: { 'content-type': nul.type },
    body: nul.body,
  });
  rows.push(guardRow('a wafer CSV holding a NUL byte', 1000, csv.ms, floorText, csv.status === 400));

  const indices = JSON.stringify({
    run_id: GUARD_RUN,
    name: 'A million',
    color: '#112233',
    note: '',
    tixels: Array.from({ length: 1_000_000 }, (_, i) => i),
  });
  const annotation = await send(at('/api/v1/annotations'), { token, method: 'POST', headers: json, body: indices });
  rows.push(
    guardRow(
      `an annotation of 1M indices for a 400-tixel run, refused`,
      1000,
      annotation.ms,
      await sameBytesToLogin(indices.length),
      annotation.status === 400,
    ),
  );
  return rows;
}
