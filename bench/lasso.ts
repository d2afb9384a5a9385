// `npm run bench -- de` (browser part): lasso pointer-up → "Tixel Id's Selected" with its top 10 shown, in headless
// Chromium against the bench server's 10k × 30k run, as a user draws it. The first lasso of the run also decodes
// its selection index into the worker's cache; the figure is the next lassos', with the first one and the server's
// task round trip beside it as same-run references.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_COOKIE_NAME } from '@atlas/contracts';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH, CHROMIUM_PATH } from '../e2e/chromium.js';
import { BENCH_RUN } from './import.js';
import type { Row } from './row.js';

interface DomProbe {
  document: { querySelectorAll(selector: string): { length: number } };
}

const MEASURE = 'lasso pointer-up → "Tixel Id\'s Selected" with the top 10 shown, 10k × 30k run, headless Chromium';

/**
 * Draws a closed lasso around the middle of the spatial half of the plots (the generated run's tissue fills it; the
 * middle of its UMAP lies between clusters), releasing the pointer last; returns ms from release to the dialog's rows.
 */
export async function lasso(
  page: Page,
  radius: number,
  timeout = 60_000,
  polling: 'raf' | number = 'raf',
): Promise<{ ms: number; count: string }> {
  // The tool stays on after a selection on some runs: a second click would turn it off.
  const tool = page.getByTestId('tool-lasso');
  if ((await tool.getAttribute('aria-pressed')) !== 'true') await tool.click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const cx = box.x + (box.width * 3) / 4;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width / 4, box.height / 2) * radius;
  await page.mouse.move(cx + r, cy);
  await page.mouse.down();
  for (let a = 0; a <= 24; a++) {
    const angle = (a / 24) * Math.PI * 2;
    await page.mouse.move(cx + r * Math.cos(angle), cy + r * Math.sin(angle), { steps: 2 });
  }
  const released = performance.now();
  await page.mouse.up();
  try {
    // bench compiles without the DOM lib: the page's document is reached through globalThis.
    await page.waitForFunction(
      () => (globalThis as unknown as DomProbe).document.querySelectorAll('[role="dialog"] tbody tr').length >= 10,
      null,
      { timeout, polling },
    );
  } catch (error) {
    // What the page showed instead (a toast, an empty selection), for whoever reads the failed bench.
    await page.screenshot({ path: path.join(os.tmpdir(), 'atlas-bench-lasso-timeout.png') });
    throw error;
  }
  const ms = performance.now() - released;
  const count = (await page.getByTestId('selection-summary').textContent()) ?? '';
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // The legend's button (the tool column has one of the same name): the next lasso starts from no selection.
  await page.getByTestId('explorer-legend').getByRole('button', { name: 'Clear selection' }).click();
  await page.getByTestId('selection-count').waitFor({ state: 'detached' });
  return { ms, count: /^[\d,]+ tixels/.exec(count)?.[0] ?? count };
}

interface TraceEvent {
  ph?: string;
  name?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * `lasso` under a Chromium trace, with the part of pointer-up → top 10 shown that the page's main thread spent
 * blocked in frame commits while the GPU process drew: under SwiftShader, 2 × 500k points take over a second per
 * frame on the CPU (the selection's highlight is one such frame), which a GPU draws in milliseconds.
 */
export async function lassoTraced(
  page: Page,
  radius: number,
  timeout: number,
  polling: 'raf' | number,
): Promise<{ ms: number; count: string; rasterWaitMs: number }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  let measured: { ms: number; count: string };
  try {
    measured = await lasso(page, radius, timeout, polling);
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  return { ...measured, rasterWaitMs: commitWaitAfterPointerUp(await browser.stopTracing(), measured.ms) };
}

/** Σ of the renderer main thread's Commit events within `windowMs` after the trace's pointer-up, clipped to it. */
function commitWaitAfterPointerUp(trace: Buffer, windowMs: number): number {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return NaN;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const up = onMain.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'mouseup');
  if (!up?.ts) return NaN;
  const from = up.ts;
  const to = from + windowMs * 1000;
  let waited = 0;
  for (const e of onMain) {
    if (e.name !== 'Commit' || e.ts === undefined || e.dur === undefined) continue;
    waited += Math.max(0, Math.min(to, e.ts + e.dur) - Math.max(from, e.ts));
  }
  return waited / 1000;
}

export async function lassoRows(url: string): Promise<Row[]> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    return [
      { measure: MEASURE, target: '≤ 500 ms', figure: `${CHROMIUM_PATH} is missing; not measured`, verdict: 'info' },
    ];
  }
  const home = await fetch(`${url}/login`);
  if (!home.ok) {
    return [{ measure: MEASURE, target: '≤ 500 ms', figure: 'the server does not serve the web app', verdict: 'info' }];
  }
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Bench#Pass1' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([
      { name: LOGIN_COOKIE_NAME, value: encodeURIComponent(JSON.stringify({ url, token })), url, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto(`${url}/?component=AtlasXplore&run_id=${BENCH_RUN}`);
    await page.waitForFunction(() => (globalThis as { __explorerReady?: boolean }).__explorerReady === true, null, {
      timeout: 120_000,
      polling: 100,
    });
    // The first lasso may read and decode the run's index (360 MB at 10k × 30k) on a loaded machine.
    const first = await lasso(page, 0.3, 120_000);
    const next = [await lasso(page, 0.25), await lasso(page, 0.35), await lasso(page, 0.3)];
    const sorted = next.map((l) => l.ms).sort((a, b) => a - b);
    const median = sorted[1]!;
    const roundTrip = await taskRoundTrip(url, token);
    return [
      {
        measure: MEASURE,
        target: '≤ 500 ms',
        figure:
          `${median.toFixed(0)} ms median of 3 lassos (${next.map((l) => `${l.ms.toFixed(0)} ms for ${l.count}`).join('; ')}); ` +
          `first lasso of the run (decodes its index into the cache) ${first.ms.toFixed(0)} ms; ` +
          `same-run API floor: post core.task_list → SUCCESS ${roundTrip.toFixed(0)} ms`,
        verdict: median <= 500 ? 'met' : 'MISSED',
      },
    ];
  } finally {
    await browser.close();
  }
}

/** A task that does nothing heavy, posted and polled with the first-poll wait the explorer uses. */
export async function taskRoundTrip(url: string, token: string): Promise<number> {
  const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` };
  const started = performance.now();
  const posted = await fetch(`${url}/api/v1/task`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ task: 'core.task_list', queue: 'atxcloud_core', args: [], kwargs: {} }),
  });
  const { _id: id } = (await posted.json()) as { _id: string };
  await fetch(`${url}/api/v1/task/${id}?wait_ms=1000`, { headers });
  return performance.now() - started;
}
