import type { TTaskState } from '@atlas/contracts';
import type { Infra } from '../../infra/index.js';
import { dataBucket } from '../../config.js';
import { createRuns } from '../runs/index.js';
import { ImportError } from './errors.js';
import { prepareImport, type ImportSource, type PreparedImport } from './prepare.js';

// Re-exported for callers (and tests) that import the importer from here.
export { ImportError } from './errors.js';
export { sourceFromPath } from './sources.js';

/**
 * The importer (DESIGN §6 "Import"): an input becomes a run. prepare.ts checks and converts the input without
 * touching the database or storage; only then are its files stored under `data/{run}/` (genes.h5ad under
 * `h5/obj/`, the spatial folder under `spatial/`), the run record created when missing, and
 * `webfile.create_files` posted. Used by the CLI (`npm run import`) and the admin route.
 */
export interface ImportOptions {
  runId: string;
  bucket?: string;
  title?: string;
  description?: string;
  group?: string | null;
  public?: boolean;
  requestedBy: string | null;
}

export async function importRun(
  infra: Pick<Infra, 'db' | 'storage' | 'queue' | 'config'>,
  source: ImportSource,
  options: ImportOptions,
): Promise<TTaskState> {
  checkBucket(infra, options);
  return storeImport(infra, await prepareImport(source), options);
}

function checkBucket(infra: Pick<Infra, 'config'>, options: ImportOptions): string {
  const bucket = options.bucket ?? dataBucket(infra.config);
  if (!infra.config.buckets.includes(bucket)) throw new ImportError(`Unknown bucket '${bucket}'`, 400);
  return bucket;
}

/** Stores a prepared import and posts its web-file task. */
export async function storeImport(
  infra: Pick<Infra, 'db' | 'storage' | 'queue' | 'config'>,
  prepared: PreparedImport,
  options: ImportOptions,
): Promise<TTaskState> {
  const bucket = checkBucket(infra, options);
  for (const [key, bytes] of prepared.files) {
    await infra.storage.put(
      bucket,
      `data/${options.runId}/${key}`,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
  }
  await createRuns(infra).records.ensureRun({
    runId: options.runId,
    title: options.title,
    description: options.description,
    assay: 'Transcriptome',
    group: options.group,
    public: options.public,
  });
  return infra.queue.post({
    task: 'webfile.create_files',
    queue: 'atxcloud_webfile',
    args: [`data/${options.runId}/h5/obj`, true, bucket],
    kwargs: { run_id: options.runId, description: options.description ?? `Import of ${options.runId}` },
    requestedBy: options.requestedBy,
  });
}
