/**
 * The five-million-cell browser rows on a real GPU (issue 38): the explorer's plots (`LinkedPlots`, drawn by the
 * lab build's /viz-lab over generated points) beside the bare deck.gl floor page and the regl-scatterplot peer on
 * the same points, in one headless Chromium whose WebGL runs on the GPU. Our own machines have no GPU, and there
 * SwiftShader spends minutes per 5M-point frame, so these rows measure rasterisation, not our JavaScript.
 *
 * The device machine has no Node project: bench/gpu/pack.sh bundles this file with esbuild and packs it with Node,
 * playwright-core, Debian's chromium-headless-shell (with the libraries it needs) and the lab web build;
 * bench/gpu/run.sh unpacks them there and runs it. It also runs here, `--gl swiftshader` at a small `--n`, as a
 * check of the script itself:
 *   node frames.mjs --web apps/web/dist-lab --launcher e2e/chromium-launcher.sh --n 100000 --gl swiftshader
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { generateTixels } from '@atlas/spatial/tixel-points';
import { encodeTixelTable, TIXEL_TABLE_MEDIA_TYPE } from '@atlas/spatial/tixel-table';
import { chromiumPss, GB, memoryFigure, type BrowserMemory } from './memory.js';
import { EGL_SWITCHES, SOFTWARE_RENDERER, webglRenderer } from './webgl.js';

// bench compiles without the DOM lib: what the functions run in the page use of it.
declare function requestAnimationFrame(callback: (now: number) => void): number;

interface Row {
  measure: string;
  target: string;
  figure: string;
  verdict: 'met' | 'MISSED' | 'info';
}

/** How each way of reaching the GPU is asked for; the first whose WebGL renderer is not software is used. */
const GL_SWITCHES: Record<string, string[]> = {
  vulkan: [
    '--use-angle=vulkan',
    '--enable-features=Vulkan,VulkanFromANGLE,DefaultANGLEVulkan',
    '--ignore-gpu-blocklist',
  ],
  egl: EGL_SWITCHES,
  gl: ['--use-gl=angle', '--use-angle=gl', '--ignore-gpu-blocklist'],
  swiftshader: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
};
const BASE_SWITCHES = [
  '--no-sandbox',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--ignore-gpu-blocklist',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
const VIEWPORT = { width: 1600, height: 900 };
const PAGE_TIMEOUT_MS = 180_000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Run id of the generated points' table, as the floor page asks for it (`?run_id=`). */
const generatedRun = (n: number) => `generated-${n}`;

/**
 * The generated points as the portal sends a run's tixel table (@atlas/spatial/tixel-table, the bytes the explorer
 * fetches at its open), made once per size.
 */
const tables = new Map<string, Uint8Array>();
function generatedTable(run: string): Uint8Array | undefined {
  const n = Number(/^generated-(\d+)$/.exec(run)?.[1]);
  if (!(n > 0)) return undefined;
  let bytes = tables.get(run);
  if (!bytes) {
    const { spatial, embedding, clusters } = generateTixels(n);
    const labels = Array.from(clusters, (c) => `C${c}`);
    tables.set(run, (bytes = encodeTixelTable(run, { spatial, umap: embedding, clusters: labels })));
  }
  return bytes;
}

/**
 * The lab build as the portal serves it: its files, index.html for the app's routes, the generated points' tixel
 * table at the portal's address for it, 404 for the rest of the API (no server).
 */
function serveWebBuild(root: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://x');
    const pathname = decodeURIComponent(address.pathname);
    const table = pathname === '/api/v1/genes/data' ? generatedTable(address.searchParams.get('run_id') ?? '') : null;
    if (table) {
      response.writeHead(200, { 'content-type': TIXEL_TABLE_MEDIA_TYPE, 'content-length': table.byteLength });
      response.end(table);
      return;
    }
    let file = path.join(root, path.normalize(pathname));
    if (pathname.startsWith('/api/') || !file.startsWith(root)) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"no server in the GPU bench"}');
      return;
    }
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] ?? NaN;
};
const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
const list = (values: number[]) => values.map((v) => v.toFixed(0)).join('/');

async function launch(launcher: string, gl: string): Promise<Browser> {
  return chromium.launch({
    executablePath: launcher,
    headless: true,
    args: [...BASE_SWITCHES, ...GL_SWITCHES[gl]!],
    timeout: 30_000,
  });
}

/**
 * The first GL path that reaches a GPU (or swiftshader when asked for; any software renderer with `software`), with
 * its renderer string.
 */
async function chooseGl(launcher: string, wanted: string[], url: string, tried: string[], software = false) {
  for (const gl of wanted) {
    let browser: Browser | undefined;
    try {
      browser = await launch(launcher, gl);
      const page = await browser.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`${url}/floor.html?n=10`);
      const renderer = await webglRenderer(page);
      tried.push(`${gl}: ${renderer}`);
      if (software || gl === 'swiftshader' || !SOFTWARE_RENDERER.test(renderer)) return { gl, renderer, browser };
    } catch (error) {
      tried.push(`${gl}: ${String(error).split('\n')[0]}`);
    }
    await browser?.close();
  }
  throw new Error(`no GL path reached a GPU: ${tried.join('; ')}`);
}

interface BenchPage {
  n: number;
  dataMs: number;
  firstDrawMs: number;
  generateMs?: number;
  error?: string;
}
interface VizTimings {
  n: number;
  generateMs: number;
  firstDrawMs?: number;
  recolourMs?: number;
  recolourFrameMs?: number;
  selectMs?: number;
  selectedCount?: number;
  panFrames: number[];
  panFrameWork: number[];
  frames: number;
}
type Probe = {
  __benchPage?: BenchPage;
  __benchPan?: (dx: number) => Promise<number>;
  __vizReady?: boolean;
  __vizTimings?: VizTimings;
  __rafGaps?: number[];
};

/**
 * A reference page's navigation → first frame, less the time it spent generating the points; with `fromTable`, the
 * points come as the run's tixel table from the server instead, fetched and decoded as the explorer does.
 */
async function openReferencePage(
  browser: Browser,
  url: string,
  file: string,
  n: number,
  fromTable = false,
): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/${file}?${fromTable ? `run_id=${generatedRun(n)}` : `n=${n}`}`);
    await page.waitForFunction(() => (globalThis as unknown as Probe).__benchPage !== undefined, null, {
      timeout: PAGE_TIMEOUT_MS,
    });
    const result = await page.evaluate(() => (globalThis as unknown as Probe).__benchPage!);
    if (result.error) throw new Error(`${file}: ${result.error}`);
    return result.firstDrawMs - (result.generateMs ?? 0);
  } finally {
    await context.close();
  }
}

async function openVizLab(page: Page, url: string, n: number): Promise<VizTimings> {
  await page.goto(`${url}/viz-lab?n=${n}`);
  await page.waitForFunction(() => (globalThis as unknown as Probe).__vizReady === true, null, {
    timeout: PAGE_TIMEOUT_MS,
    polling: 50,
  });
  return page.evaluate(() => (globalThis as unknown as Probe).__vizTimings!);
}

/** The explorer's plots: navigation → first frame, less the generation, in a fresh context. */
async function openExplorerPlots(browser: Browser, url: string, n: number): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const t = await openVizLab(await context.newPage(), url, n);
    return t.firstDrawMs! - t.generateMs;
  } finally {
    await context.close();
  }
}

/** Clicks a colouring button and waits for the recoloured frame: [click → deck render done, click → next frame]. */
async function recolour(page: Page, testId: string): Promise<[number, number]> {
  await page.evaluate(() => {
    const t = (globalThis as unknown as Probe).__vizTimings!;
    t.recolourMs = undefined;
    t.recolourFrameMs = undefined;
  });
  await page.getByTestId(testId).click();
  await page.waitForFunction(() => (globalThis as unknown as Probe).__vizTimings!.recolourFrameMs !== undefined, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => [
    (globalThis as unknown as Probe).__vizTimings!.recolourMs!,
    (globalThis as unknown as Probe).__vizTimings!.recolourFrameMs!,
  ]);
}

/** Starts recording the gaps between animation frames (what a user sees as frame time, GPU included). */
const recordFrameGaps = (page: Page) =>
  page.evaluate(() => {
    const gaps: number[] = [];
    (globalThis as unknown as Probe).__rafGaps = gaps;
    let last = 0;
    const tick = (now: number) => {
      if (last) gaps.push(now - last);
      last = now;
      if ((globalThis as unknown as Probe).__rafGaps === gaps) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/**
 * A drag and wheel steps over the plots: each pan frame's own work (deck's frame start → drawn: JS side), view change →
 * drawn (with any wait for the GPU before the frame starts), and the gaps between animation frames.
 */
async function panAndZoom(page: Page): Promise<{ jsFrames: number[]; toDrawn: number[]; gaps: number[] }> {
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const x = box.x + (box.width * 3) / 4;
  const y = box.y + box.height / 2;
  await page.evaluate(() => {
    const t = (globalThis as unknown as Probe).__vizTimings!;
    t.panFrames = [];
    t.panFrameWork = [];
  });
  await recordFrameGaps(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) await page.mouse.move(x - 4 * i, y + 2 * Math.sin(i / 5) * 20);
  await page.mouse.up();
  for (let i = 0; i < 20; i++) {
    await page.mouse.wheel(0, i < 10 ? -120 : 120);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const result = {
      jsFrames: (globalThis as unknown as Probe).__vizTimings!.panFrameWork,
      toDrawn: (globalThis as unknown as Probe).__vizTimings!.panFrames,
      gaps: (globalThis as unknown as Probe).__rafGaps!,
    };
    (globalThis as unknown as Probe).__rafGaps = undefined;
    return result;
  });
}

/**
 * A pan reference: a reference page on the same points, moved `frames` times by 8 screen pixels, each from its new
 * view to its frame drawn, as the explorer's pan frames are timed (onViewStateChange → onAfterRender).
 */
async function referencePanFrames(
  browser: Browser,
  url: string,
  file: string,
  n: number,
  frames: number,
): Promise<number[]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await openReference(page, url, file, n);
    const times: number[] = [];
    for (let i = 0; i < frames; i++)
      times.push(await page.evaluate(() => (globalThis as unknown as Probe).__benchPan!(-8), undefined));
    return times;
  } finally {
    await context.close();
  }
}

/** A lasso over the middle of the spatial plot (about a tenth of its area): pointer released → indices back. */
async function lasso(page: Page): Promise<{ selectMs: number; count: number }> {
  await page.getByTestId('tool-lasso').click();
  await page.getByTestId('fit').click();
  await page.evaluate(() => ((globalThis as unknown as Probe).__vizTimings!.selectedCount = undefined));
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const cx = box.x + (box.width * 3) / 4;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width / 2, box.height) * 0.16;
  await page.mouse.move(cx + r, cy);
  await page.mouse.down();
  for (let i = 1; i <= 48; i++) {
    const a = (i / 48) * 2 * Math.PI;
    await page.mouse.move(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  await page.mouse.up();
  await page.waitForFunction(() => (globalThis as unknown as Probe).__vizTimings!.selectedCount !== undefined, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => ({
    selectMs: (globalThis as unknown as Probe).__vizTimings!.selectMs!,
    count: (globalThis as unknown as Probe).__vizTimings!.selectedCount!,
  }));
}

/** Settling time before a page's memory is read: llvmpipe rasterises the first frame's points after it is issued. */
const MEMORY_SETTLE_MS = 5000;

/**
 * The memory of one page alone: a fresh browser opens it, waits for its first frame and MEMORY_SETTLE_MS, and the
 * browser's processes are read. Run with no other browser of this binary open.
 */
async function pageAloneMemory(
  launcher: string,
  gl: string,
  binary: string,
  open: (page: Page) => Promise<unknown>,
): Promise<BrowserMemory> {
  const browser = await launch(launcher, gl);
  try {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await open(page);
    await page.waitForTimeout(MEMORY_SETTLE_MS);
    return chromiumPss(binary);
  } finally {
    await browser.close();
  }
}

/** Opens a reference page and waits for its first frame. */
async function openReference(page: Page, url: string, file: string, n: number): Promise<void> {
  await page.goto(`${url}/${file}?n=${n}`);
  await page.waitForFunction(() => (globalThis as unknown as Probe).__benchPage !== undefined, null, {
    timeout: PAGE_TIMEOUT_MS,
  });
}

function gpuMemoryMiB(): number | undefined {
  try {
    const out = execFileSync('nvidia-smi', ['--query-gpu=memory.used', '--format=csv,noheader,nounits'], {
      encoding: 'utf8',
    });
    return Number(out.trim().split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** The machine's speed, same run: 5e8 additions in a bare loop (our 2-core machines: 2.8–4.3 s). */
function bareLoopMs(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 5e8; i++) sum += i;
  if (sum < 0) console.log(sum);
  return performance.now() - started;
}

/**
 * Each page alone in a fresh browser, first frame + MEMORY_SETTLE_MS: the explorer's plots beside the bare deck.gl
 * floor page and regl-scatterplot on the same points, so that what the GL driver keeps (llvmpipe holds buffers and
 * binned scenes in the GPU process's RAM) is measured on the floors too.
 */
async function memoryAlone(launcher: string, gl: string, binary: string, url: string, n: number): Promise<Row> {
  const ours = await pageAloneMemory(launcher, gl, binary, (page) => openVizLab(page, url, n));
  const floor = await pageAloneMemory(launcher, gl, binary, (page) => openReference(page, url, 'floor.html', n));
  const peer = await pageAloneMemory(launcher, gl, binary, (page) => openReference(page, url, 'peer.html', n));
  return {
    measure: `browser memory, each page alone in a fresh browser, ${n.toLocaleString('en')} cells, first frame + 5 s`,
    target: '≤ 1.5 GB',
    figure:
      `ours ${memoryFigure(ours)}; references, same run: deck.gl floor page ${memoryFigure(floor)} → ` +
      `${(ours.total / floor.total).toFixed(2)}×, regl-scatterplot ${memoryFigure(peer)} → ` +
      `${(ours.total / peer.total).toFixed(2)}×`,
    verdict: ours.total <= 1.5 * GB ? 'met' : 'MISSED',
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      web: { type: 'string' },
      launcher: { type: 'string' },
      binary: { type: 'string', default: 'chromium-headless-shell' },
      n: { type: 'string', default: '5000000' },
      rounds: { type: 'string', default: '3' },
      gl: { type: 'string', default: 'vulkan,egl,gl' },
      software: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const n = Number(values.n);
  const rounds = Number(values.rounds);
  const web = path.resolve(values.web!);
  const launcher = path.resolve(values.launcher!);
  const loopMs = bareLoopMs();
  const server = await serveWebBuild(web);
  const tried: string[] = [];
  const rows: Row[] = [];
  // Each row is printed as it is measured, so that a run stopped at its time limit still reports what it had.
  const record = (row: Row) => {
    rows.push(row);
    console.log(`row: ${row.measure}: ${row.figure} [${row.verdict}]`);
  };
  const gpuBefore = gpuMemoryMiB();
  const { gl, renderer, browser } = await chooseGl(launcher, values.gl!.split(','), server.url, tried, values.software);
  console.log(`GL: ${gl} (${renderer}); tried ${tried.join('; ')}; bare loop 5e8 additions ${ms(loopMs)}`);
  const where = `${n.toLocaleString('en')} generated points, Chromium ${browser.version()}, WebGL on ${renderer}`;
  try {
    const blankPss = chromiumPss(values.binary!);

    // 1. Cold opens, alternating: floor page, explorer plots, peer. The first of each warms the build's files.
    await openReferencePage(browser, server.url, 'floor.html', 1000);
    await openExplorerPlots(browser, server.url, 1000);
    const floors: number[] = [];
    const ours: number[] = [];
    const peers: number[] = [];
    for (let i = 0; i < rounds; i++) {
      floors.push(await openReferencePage(browser, server.url, 'floor.html', n));
      ours.push(await openExplorerPlots(browser, server.url, n));
      peers.push(await openReferencePage(browser, server.url, 'peer.html', n));
      console.log(`round ${i + 1}: floor ${ms(floors.at(-1)!)}, ours ${ms(ours.at(-1)!)}, peer ${ms(peers.at(-1)!)}`);
    }
    const [floor, our, peer] = [median(floors), median(ours), median(peers)];
    record({
      measure: `open → first frame, ${n.toLocaleString('en')} cells (navigation → drawn, JS side, generation excluded)`,
      target: '< 2 s, ≤ 1.5× floor',
      figure:
        `${ms(our)} median of ${rounds} cold opens (${list(ours)}); reference, same run: bare deck.gl floor page on ` +
        `the same points ${ms(floor)} (${list(floors)}) → ${(our / floor).toFixed(2)}×; ${where}`,
      verdict: our < 2000 && our / floor <= 1.5 ? 'met' : 'MISSED',
    });
    // The explorer's open also fetches the run's tixel table: the floor page drawing the same points from it.
    generatedTable(generatedRun(n));
    await openReferencePage(browser, server.url, 'floor.html', n, true);
    const fromTable: number[] = [];
    for (let i = 0; i < rounds; i++)
      fromTable.push(await openReferencePage(browser, server.url, 'floor.html', n, true));
    const tableMs = median(fromTable) - floor;
    const tableMb = (generatedTable(generatedRun(n))!.byteLength / 1e6).toFixed(0);
    record({
      measure: `open → first frame with the run's tixel table, ${n.toLocaleString('en')} cells (fetched, decoded, drawn)`,
      target: '< 2 s',
      figure:
        `explorer plots + the table's part ≈ ${ms(our + tableMs)}: the floor page drawing the same points from the ` +
        `${tableMb} MB table ${ms(median(fromTable))} (${list(fromTable)}) vs from memory ${ms(floor)}, so the ` +
        `table's fetch and decode ${ms(tableMs)}`,
      verdict: our + tableMs < 2000 ? 'met' : 'MISSED',
    });
    record({
      measure: `peer: ${n.toLocaleString('en')} points, navigation → first frame, explorer plots vs regl-scatterplot`,
      target: 'ratio printed',
      figure: `${(our / peer).toFixed(2)}× (ours ${ms(our)}, regl-scatterplot ${ms(peer)}: ${list(peers)})`,
      verdict: 'info',
    });

    // 2. One page kept open: gene switches, pan/zoom, lasso, memory.
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await openVizLab(page, server.url, n);
    const switches: [number, number][] = [];
    for (let i = 0; i < 2 * rounds; i++) switches.push(await recolour(page, i % 2 ? 'gene-a' : 'gene-b'));
    const jsSide = switches.map((s) => s[0]);
    const onScreen = switches.map((s) => s[1]);
    record({
      measure: `gene switch, ${n.toLocaleString('en')} cells: click → both plots recoloured (values in memory)`,
      target: '≤ 150 ms JS side',
      figure:
        `${ms(median(jsSide))} p50 JS side (${list(jsSide)}), ${ms(median(onScreen))} p50 to the next frame ` +
        `(${list(onScreen)})`,
      verdict: median(jsSide) <= 150 ? 'met' : 'MISSED',
    });
    const { jsFrames, toDrawn, gaps } = await panAndZoom(page);
    const selection = await lasso(page);
    record({
      measure: `lasso in the browser, ${n.toLocaleString('en')} cells: pointer released → selected indices`,
      target: 'info (server top 10: the lasso row of bench cells)',
      figure: `${ms(selection.selectMs)} for ${selection.count.toLocaleString('en')} cells`,
      verdict: 'info',
    });
    const pss = chromiumPss(values.binary!);
    const gpuAfter = gpuMemoryMiB();
    record({
      measure: `browser memory with the ${n.toLocaleString('en')}-cell plots open, after the above`,
      target: '≤ 1.5 GB',
      figure:
        `${memoryFigure(pss)} PSS over all Chromium processes, the pages opened before included; reference, same ` +
        `run: the browser with a blank page ${memoryFigure(blankPss)}` +
        (gpuBefore !== undefined && gpuAfter !== undefined ? `; GPU memory +${gpuAfter - gpuBefore} MiB` : ''),
      verdict: pss.total <= 1.5 * GB ? 'met' : 'MISSED',
    });
    await context.close();

    // The references of the pan frames, after the memory row (the closed pages' memory stays with the GPU process),
    // each on its own page: the floor page (deck.gl's ScatterplotLayer, an instanced quad per point) and the peer
    // (GL points, as the explorer draws). Their frames compare with what a user sees: our gaps between frames.
    const floorPans = await referencePanFrames(browser, server.url, 'floor.html', n, 5);
    const peerPans = await referencePanFrames(browser, server.url, 'peer.html', n, 5);
    record({
      measure: `pan/zoom frames, ${n.toLocaleString('en')} cells (60-step drag, 20 wheel steps)`,
      target: '≤ 33 ms JS side',
      figure:
        `${ms(median(jsFrames))} p50, ${ms(quantile(jsFrames, 0.95))} p95 JS side (deck's frame start → drawn) over ` +
        `${jsFrames.length} frames; view change → drawn ${ms(median(toDrawn))} p50, ${ms(quantile(toDrawn, 0.95))} ` +
        `p95 (with the wait for the GPU to take the next frame); ` +
        `gaps between animation frames ${ms(median(gaps))} p50, ${ms(quantile(gaps, 0.95))} p95 (${gaps.length}); ` +
        `references, same run, each pan frame from new view to drawn on the same points: regl-scatterplot ` +
        `${ms(median(peerPans))} p50 (${list(peerPans)}), our gaps ${(median(gaps) / median(peerPans)).toFixed(2)}×; ` +
        `the floor page ${ms(median(floorPans))} p50 (${list(floorPans)}), ` +
        `${(median(gaps) / median(floorPans)).toFixed(2)}×`,
      verdict: median(jsFrames) <= 33 ? 'met' : 'MISSED',
    });
  } finally {
    await browser.close();
  }
  try {
    record(await memoryAlone(launcher, gl, values.binary!, server.url, n));
  } finally {
    server.close();
  }
  rows.push({
    measure: 'reference: bare loop, 5e8 additions (same run)',
    target: '—',
    figure: ms(loopMs),
    verdict: 'info',
  });
  const table = ['| measure | target | figure | verdict |', '|---|---|---|---|'];
  for (const r of rows) table.push(`| ${r.measure} | ${r.target} | ${r.figure} | ${r.verdict} |`);
  console.log(table.join('\n'));
  if (values.out) fs.writeFileSync(values.out, JSON.stringify({ gl, renderer, tried, rows }, null, 2));
}

await main();
