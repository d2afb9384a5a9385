/**
 * The thread that builds and writes one large export (./write-off-thread.ts): the CSC → CSR conversion and the HDF5
 * write are synchronous and take tens of seconds at the export limit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runAnnData, writeH5ad, type RunAnnDataInput } from '@atlas/spatial';

const { file, input } = workerData as { file: string; input: RunAnnDataInput };
await writeH5ad(file, runAnnData(input));
parentPort!.postMessage('written');
