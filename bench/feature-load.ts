import { startBareServer } from './bare-server.js';
import { loadTest, type LoadFigure } from './load.js';
import type { Row } from './row.js';

/** Connections of the feature-read load (issue 33 measured 50). */
const CONNECTIONS = 50;

interface Target {
  measure: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The least ratio to the API floor that counts as met. */
  least: number;
  /**
   * Judged against a bare server sending answers of its size (a large answer): met when its req/s are at least
   * `least` of the bare server's instead.
   */
  bound?: boolean;
}

/**
 * Run-data reads under 50 concurrent connections beside the API floor (GET /api/v1/app) of the same run, issue 33 §9:
 * each figure is a slice of `BENCH_LOAD_SECONDS` (5 s by default) right after a floor slice of the same length, and
 * its ratio to that floor is kept; `BENCH_LOAD_ROUNDS` rounds (2 by default), medians printed. The machine is shared,
 * so the ratios are the figures; the absolute req/s are printed beside them. The tixel table's JSON is 600 KB: moving
 * those bytes bounds it, so it is judged against a bare server sending as many.
 */
export async function featureLoadRows(url: string, runId: string, token: string): Promise<Row[]> {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 2);
  const auth = { authorization: `JWT ${token}` };
  const row = 17;
  const targets: Target[] = [
    {
      measure: 'GET genes/data (the tixel table as JSON)',
      path: `/api/v1/genes/data?run_id=${runId}`,
      headers: auth,
      least: 0.5,
      bound: true,
    },
    {
      measure: 'POST genes/get_summation, one gene as text (%6.2f)',
      path: '/api/v1/genes/get_summation',
      body: { run_id: runId, filename: 'geneSummation', rows: [row] },
      headers: auth,
      least: 0.25,
    },
    {
      measure: 'POST genes/get_summation, one gene as float32 (the explorer’s form)',
      path: '/api/v1/genes/get_summation',
      body: { run_id: runId, filename: 'geneSummation', rows: [row] },
      headers: { ...auth, accept: 'application/octet-stream' },
      least: 0.25,
    },
  ];
  const sizes = await Promise.all(targets.map((t) => answerBytes(url, t)));
  const load = (t: Pick<Target, 'path' | 'body' | 'headers'>) =>
    loadTest(`${url}${t.path}`, { connections: CONNECTIONS, seconds, headers: t.headers, body: t.body });

  // A bare node:http server sending as many bytes as the largest answer, right after each round: the
  // byte-moving bound of that row, measured in the same run (as the catalogue row of the server section is).
  const bare = await startBareServer(Math.max(...sizes));
  const floors: LoadFigure[] = [];
  const figures = targets.map(() => [] as LoadFigure[]);
  const ratios = targets.map(() => [] as number[]);
  const bounds: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, target] of targets.entries()) {
        await settle(url);
        const floor = await load({ path: '/api/v1/app' });
        const figure = await load(target);
        floors.push(floor);
        figures[i]!.push(figure);
        ratios[i]!.push(figure.requestsPerSecond / floor.requestsPerSecond);
      }
      bounds.push((await loadTest(`${bare.url}/bytes`, { connections: CONNECTIONS, seconds })).requestsPerSecond);
    }
  } finally {
    await bare.stop();
  }
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const sum = (list: LoadFigure[], pick: (f: LoadFigure) => number) => list.reduce((n, f) => n + pick(f), 0);
  const describe = (list: LoadFigure[]) =>
    `${mid(list.map((f) => f.requestsPerSecond)).toFixed(0)} req/s, p99 ${mid(list.map((f) => f.p99Ms)).toFixed(0)} ms, ` +
    `${sum(list, (f) => f.errors)} errors (${sum(list, (f) => f.timeouts)} timeouts)`;
  const rows: Row[] = [
    {
      measure: `API floor: GET /api/v1/app, ${CONNECTIONS} connections (${floors.length} slices of ${seconds} s)`,
      target: '(the reference of the feature reads below)',
      figure: describe(floors),
      verdict: 'info',
    },
  ];
  const bound = mid(bounds);
  rows.push({
    measure: `reference: ${(Math.max(...sizes) / 1024).toFixed(0)} KB answers from a bare node:http server, ${CONNECTIONS} connections`,
    target: '(the byte-moving bound of the largest answer)',
    figure: `${bound.toFixed(0)} req/s (${bounds.map((r) => r.toFixed(0)).join('/')})`,
    verdict: 'info',
  });
  for (const [i, target] of targets.entries()) {
    const ratio = mid(ratios[i]!);
    const rate = mid(figures[i]!.map((f) => f.requestsPerSecond));
    const met = target.bound ? rate / bound >= target.least : ratio >= target.least;
    rows.push({
      measure: `${target.measure} of a 10k-tixel run, ${(sizes[i]! / 1024).toFixed(0)} KB answers, ${CONNECTIONS} connections`,
      target: target.bound
        ? `≥ ${target.least} of the bare server's rate, no errors`
        : `≥ ${target.least}× the API floor, no errors`,
      figure:
        `${ratio.toFixed(2)}× the floor slice before it (${ratios[i]!.map((r) => r.toFixed(2)).join('/')}; ` +
        `${describe(figures[i]!)})${target.bound ? `, ${(rate / bound).toFixed(2)} of the bare server's rate` : ''}; machine shared`,
      verdict: sum(figures[i]!, (f) => f.errors) === 0 && met ? 'met' : 'MISSED',
    });
  }
  return rows;
}

/**
 * Waits (up to a minute) until the API answers its floor call within 50 ms, so that a slice does not measure the
 * backlog the one before it left (50 connections of slow answers can keep a server busy after the slice ends).
 */
async function settle(url: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    // A keep-alive connection the server has just closed fails once: that is not an answer, try again.
    const answered = await fetch(`${url}/api/v1/app`).then(
      (r) => r.arrayBuffer().then(() => r.ok),
      () => false,
    );
    if (answered && performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function answerBytes(url: string, target: Target): Promise<number> {
  const response = await fetch(`${url}${target.path}`, {
    method: target.body ? 'POST' : 'GET',
    headers: { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) },
    body: target.body ? JSON.stringify(target.body) : undefined,
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${target.path} answered ${response.status}`);
  return bytes;
}
