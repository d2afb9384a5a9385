/**
 * One decompression bomb through the real code path, in a process of its own, measured (issue 33): wall time, CPU
 * time and the peak resident memory above the process's own before the bomb. Used by the bomb tests (a fresh
 * process, so what the test runner holds does not hide the peak) and to report figures:
 *
 *   node --import ./scripts/preload-h5wasm.mjs --import tsx apps/server/test/bomb-probe.ts <kind>
 *
 * Prints one JSON line: { kind, bytes, ms, cpuMs, peakMB, outcome }. The peak is sampled every 2 ms by a worker
 * thread, which keeps running while the main thread is stuck in a synchronous inflate.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { h5adBomb, pngBomb, sharedData, tenxH5Bomb, zarrZipBomb } from '@atlas/spatial/testing';
import type { TaskDeps } from '../src/tasks/registry.js';

type Probe = () => Promise<{ bytes: number; run: () => Promise<unknown> }>;

const importing =
  (name: string, make: () => Buffer | Promise<Uint8Array>): Probe =>
  async () => {
    const bytes = new Uint8Array(await make());
    // Only what the kind needs is loaded: the probe's start is most of a test's time on a busy machine.
    const { prepareImport } = await import('../src/domains/imports/prepare.js');
    return { bytes: bytes.length, run: () => prepareImport({ kind: 'file', name, bytes }) };
  };

/** atlasbrowser.generate_spatial on a 25000 × 25000 PNG, through the task's own run (fs store in a temp folder). */
const imageTask: Probe = async () => {
  const { loadConfig } = await import('../src/config.js');
  const { createObjectStore } = await import('../src/infra/storage/index.js');
  const { generateSpatial } = await import('../src/tasks/atlasbrowser/generate-spatial.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bomb-probe-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({
    ATLAS_ENV: 'test',
    ATLAS_DATA_DIR: dir,
    ATLAS_JWT_SECRET: randomBytes(32).toString('hex'),
  });
  const storage = await createObjectStore(config);
  await storage.ensureBucket('atx-data');
  const png = pngBomb();
  const key = 'data/D70009/images/bomb.png';
  await storage.put('atx-data', key, png);
  const n = 2;
  const input = generateSpatial.parse(
    [
      {
        run_id: 'D70009',
        files: [key],
        bsa_filename: key,
        crop_area: [0, 0, 100, 100],
        mask: [{ position: [0, 0], value: 1 }],
        metadata: { points: [0, 0, 100, 0, 100, 100, 0, 100], numChannels: n },
        orientation: { rotation: 0, horizontal_flip: false, vertical_flip: false },
        barcode_filename: 'b.txt',
        barcode_list: ['AAAAAAAA', 'CCCCCCCC', 'GGGGGGGG', 'TTTTTTTT'],
        bucket_name_bsa: 'atx-data',
        bucket_name_spatial: 'atx-data',
        root_dir_bsa: 'data',
        root_dir_spatial: 'data',
        updating_existing: false,
      },
    ],
    {},
  );
  const deps = { storage, config } as unknown as TaskDeps;
  const ctx = { deps, progress: async () => {} } as unknown as Parameters<typeof generateSpatial.run>[1];
  return { bytes: png.length, run: () => generateSpatial.run(input, ctx) };
};

const PROBES: Record<string, Probe> = {
  // The bomb: 1 MB, a 1 GiB zero chunk, X declared 1e8 × 1e8.
  'zarr-zip': importing('bomb.zarr.zip', () => zarrZipBomb()),
  // The same declarations with a small chunk, so the archive passes and X's shape is what is refused.
  'zarr-shape': importing('bomb.zarr.zip', () => zarrZipBomb({ chunkBytes: 1 << 20 })),
  // A plausible 100 × 100 X whose one chunk is a zlib stream of 64 MiB of zeros, stored uncompressed in the zip.
  'zarr-codec': importing('bomb.zarr.zip', () =>
    zarrZipBomb({ shape: [100, 100], chunks: [100, 100], chunkBytes: 64 << 20, compressedBy: 'zarr' }),
  ),
  'tenx-h5': importing('bomb.h5', () => tenxH5Bomb()),
  h5ad: importing('bomb.h5ad', () => h5adBomb()),
  'png-task': imageTask,
  // The same-run reference: a real archive of about the bomb's size (scanpy's pbmc68k_reduced, 700 × 765).
  reference: importing('pbmc68k_reduced.zarr.zip', () =>
    fs.readFileSync(sharedData('anndata-zarr', 'scanpy/10x_pbmc68k_reduced.zarr.zip')),
  ),
};

/** The process's peak RSS from now on, sampled off the main thread; `stop` answers it in bytes. */
function peakSampler(): { stop: () => Promise<number> } {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = process.memoryUsage.rss();
     const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 2);
     parentPort.on('message', () => { clearInterval(timer); parentPort.postMessage(Math.max(peak, process.memoryUsage.rss())); });`,
    { eval: true },
  );
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (peak: number) => void worker.terminate().then(() => resolve(peak)));
        worker.postMessage('stop');
      }),
  };
}

async function main(): Promise<void> {
  const kind = process.argv[2] ?? '';
  const probe = PROBES[kind];
  if (!probe) throw new Error(`kinds: ${Object.keys(PROBES).join(', ')}`);
  const { bytes, run } = await probe();
  const before = process.memoryUsage.rss();
  const sampler = peakSampler();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const cpu = process.cpuUsage();
  const started = performance.now();
  let outcome = 'accepted';
  try {
    await run();
  } catch (error) {
    outcome = `${(error as Error).constructor.name}: ${(error as Error).message}`;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const peak = await sampler.stop();
  const figures = {
    kind,
    bytes,
    ms: Math.round(ms),
    cpuMs: Math.round((used.user + used.system) / 1000),
    peakMB: Math.round((peak - before) / 1024 / 1024),
    outcome,
  };
  console.log(JSON.stringify(figures));
}

// Run as a script only (the tests import `probeBomb` from ./bombs.ts, which spawns this file).
await main();
process.exit(0);
