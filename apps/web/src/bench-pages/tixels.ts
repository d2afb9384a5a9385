/**
 * What the bench's reference pages share (lab build only, `npm run bench -- browser`): the run's binary tixel
 * table fetched exactly as the explorer fetches it, with the session of the login cookie, or with `?n=` the viz
 * lab's generated tixels (the GPU bench, which has no server), and the timing marks the bench reads in
 * `window.__benchPage`.
 */
import { LOGIN_COOKIE_NAME } from '@atlas/contracts';
import { decodeTixelTable, TIXEL_TABLE_MEDIA_TYPE, type TixelTable } from '@atlas/spatial/tixel-table';
import { generateTixels } from '@atlas/spatial/tixel-points';

export interface BenchPageTimings {
  n: number;
  /** Navigation start → the table decoded. */
  dataMs: number;
  /** Navigation start → the first frame with both plots' points drawn (JS side: the renderer returned). */
  firstDrawMs: number;
  /** With `?n=`: the time spent generating the tixels, inside `dataMs`. */
  generateMs?: number;
}

declare global {
  interface Window {
    __benchPage?: BenchPageTimings | { error: string };
    /** The floor page's pan: both plots moved by `dx` screen pixels; resolves with new view state → drawn (ms). */
    __benchPan?: (dx: number) => Promise<number>;
  }
}

/** The viz lab's tixels for `?n=` (the same points as `/viz-lab?n=`), as the table the pages draw. */
function generatedTable(n: number): TixelTable {
  const { spatial, embedding, clusters } = generateTixels(n);
  const codes = Uint16Array.from(clusters);
  const k = codes.reduce((m, c) => Math.max(m, c + 1), 0);
  return {
    runId: `generated-${n}`,
    n,
    spatial,
    umap: embedding,
    categories: { clusters: { names: Array.from({ length: k }, (_, c) => `C${c}`), codes } },
    naturalOrder: true,
  };
}

/** The table the page draws: generated for `?n=`, else the run's, and how long generating took. */
export async function loadTixels(): Promise<{ table: TixelTable; generateMs?: number }> {
  const n = Number(new URLSearchParams(location.search).get('n'));
  if (!(n > 0)) return { table: await fetchTixels() };
  const started = performance.now();
  const table = generatedTable(Math.min(n, 5_000_000));
  return { table, generateMs: performance.now() - started };
}

async function fetchTixels(): Promise<TixelTable> {
  const run = new URLSearchParams(location.search).get('run_id') ?? '';
  const cookie = new RegExp(`(?:^|;\\s*)${LOGIN_COOKIE_NAME}=([^;]*)`).exec(document.cookie);
  const token = cookie ? (JSON.parse(decodeURIComponent(cookie[1]!)) as { token: string }).token : '';
  const response = await fetch(`/api/v1/genes/data?run_id=${encodeURIComponent(run)}`, {
    headers: { accept: TIXEL_TABLE_MEDIA_TYPE, authorization: `JWT ${token}` },
  });
  if (!response.ok) throw new Error(`tixel table: HTTP ${response.status}`);
  return decodeTixelTable(await response.arrayBuffer());
}

/** One colour per cluster code (a fixed 12-colour cycle), RGB bytes per tixel. */
export function clusterColours(table: TixelTable): Uint8Array {
  const palette = [
    [31, 119, 180],
    [255, 127, 14],
    [44, 160, 44],
    [214, 39, 40],
    [148, 103, 189],
    [140, 86, 75],
    [227, 119, 194],
    [127, 127, 127],
    [188, 189, 34],
    [23, 190, 207],
    [174, 199, 232],
    [255, 187, 120],
  ];
  const codes = table.categories.clusters?.codes ?? new Uint16Array(table.n);
  const out = new Uint8Array(3 * table.n);
  for (let i = 0; i < table.n; i++) out.set(palette[codes[i]! % palette.length]!, 3 * i);
  return out;
}

/** The centre and extent of interleaved x, y points. */
export function boundsOf(xy: Float32Array): { cx: number; cy: number; width: number; height: number } {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < xy.length; i += 2) {
    x0 = Math.min(x0, xy[i]!);
    x1 = Math.max(x1, xy[i]!);
    y0 = Math.min(y0, xy[i + 1]!);
    y1 = Math.max(y1, xy[i + 1]!);
  }
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, width: Math.max(x1 - x0, 1e-6), height: Math.max(y1 - y0, 1e-6) };
}

export function report(
  start: () => Promise<{ n: number; dataMs: number; drawn: Promise<number>; generateMs?: number }>,
): void {
  start()
    .then(async ({ n, dataMs, drawn, generateMs }) => {
      const firstDrawMs = Math.round(await drawn);
      window.__benchPage = { n, dataMs: Math.round(dataMs), firstDrawMs, generateMs };
    })
    .catch((error: unknown) => {
      window.__benchPage = { error: String(error) };
    });
}
