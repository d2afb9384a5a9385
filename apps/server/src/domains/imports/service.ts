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
  const { importLimits: limits, imageMaxPixels } = infra.config;
  return storeImport(infra, await prepareImport(source, { limits, imageMaxPixels }), options);
}

function checkBucket(infra: Pick<Infra, 'config'>, options: ImportOptions): string {
  const bucket = options.bucket ?? dataBucket(infra.config);
  if (!infra.config.buckets.includes(bucket)) throw new ImportError(`Unknown bucket '${bucket}'`, 400);
  return bucket;
}

const SPATIAL_FOLDER = 'spatial/';
const SPATIAL_METADATA = `${SPATIAL_FOLDER}metadata.json`;
const ASSAY = 'Transcriptome';

/**
 * The spatial folder's metadata.json for an import that has one, as AtlasXbrowser's generator writes one for the
 * folders it makes (tasks/atlasbrowser/spatial-writer.ts): the run and what is known of it. An import has no chip
 * ROI or channel count, so it records where the folder came from instead. Atlas Analytics lists runs by it.
 */
function importMetadataJson(prepared: PreparedImport, options: ImportOptions): Uint8Array {
  const metadata = {
    run: options.runId,
    assay: ASSAY,
    ...(options.title && { title: options.title }),
    source: 'import',
    format: prepared.format,
    spots: prepared.nObs,
    genes: prepared.nVars,
    spatialFiles: [...prepared.files.keys()]
      .filter((key) => key.startsWith(SPATIAL_FOLDER))
      .map((key) => key.slice(SPATIAL_FOLDER.length)),
  };
  return new TextEncoder().encode(`${JSON.stringify(metadata, null, 2)}\n`);
}

/** The files to store: the prepared ones, and the spatial folder's metadata.json last when there is a folder. */
function filesToStore(prepared: PreparedImport, options: ImportOptions): Map<string, Uint8Array> {
  const files = new Map(prepared.files);
  const hasSpatialFolder = [...files.keys()].some((key) => key.startsWith(SPATIAL_FOLDER));
  // Written last, so that a reader who finds it finds the whole folder; a file's own metadata.json is kept.
  if (hasSpatialFolder && !files.has(SPATIAL_METADATA))
    files.set(SPATIAL_METADATA, importMetadataJson(prepared, options));
  return files;
}

/** Stores a prepared import and posts its web-file task. */
export async function storeImport(
  infra: Pick<Infra, 'db' | 'storage' | 'queue' | 'config'>,
  prepared: PreparedImport,
  options: ImportOptions,
): Promise<TTaskState> {
  const bucket = checkBucket(infra, options);
  for (const [key, bytes] of filesToStore(prepared, options)) {
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
    assay: ASSAY,
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
