import { Worker } from 'node:worker_threads';
import { runAnnData, writeH5ad, type RunAnnDataInput } from '@atlas/spatial';

/**
 * Exports holding more values than this are built in a worker thread: the build and the HDF5 write are synchronous,
 * and at the export limit (30M values) they held the API process's event loop for 30–50 s, stalling every other
 * request. Below it (a DBiT or Visium run: 1–3 s at most) a thread's start (tsx and h5wasm loaded again, ~1 s)
 * would cost more than it saves.
 */
export const IN_PROCESS_VALUES = 2_000_000;

/**
 * The thread's first lines: h5wasm loaded before tsx's loader (as `npm run worker` preloads it: tsx would transform its
 * 4 MB module), then tsx registered in the thread (Node 20 does not carry `--import` hooks into workers), then the
 * writer itself.
 */
const BOOT = `
import('h5wasm/node')
  .then(() => import('tsx/esm/api'))
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./write-worker.ts', import.meta.url).href)}); });
`;

/**
 * Writes the AnnData of `input` to `file` (atomically: writeH5ad writes beside and renames), in this thread for small
 * exports and in a worker thread for large ones. The thread loads the same modules as this process (h5wasm before
 * tsx's loader, as `npm run worker` does) and its failure rejects with its error.
 */
export async function writeRunAnnData(
  file: string,
  input: RunAnnDataInput,
  values: number,
  inProcessValues = IN_PROCESS_VALUES,
): Promise<void> {
  if (values < inProcessValues) return writeH5ad(file, runAnnData(input));
  const worker = new Worker(BOOT, { eval: true, workerData: { file, input } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The export's writer stopped (exit code ${code}).`));
    });
  });
  await worker.terminate();
}
