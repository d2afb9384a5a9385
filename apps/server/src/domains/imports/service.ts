import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GENES_MSG, type TTaskState } from '@atlas/contracts';
import { readH5ad, readTenxH5, readVisiumSpatial, SpatialFormatError, writeH5ad } from '@atlas/spatial';
import type { Infra } from '../../infra/index.js';
import { dataBucket } from '../../config.js';
import { createRuns } from '../runs/index.js';

/**
 * The importer (issue "Spatial data engine", DESIGN §6 "Import"): an AnnData .h5ad, or a 10x Visium / Space Ranger
 * folder (filtered_feature_bc_matrix.h5 + spatial/), becomes a run. Inputs are checked before anything is stored
 * (a truncated or non-HDF5 file, an h5ad without obsm 'spatial', a bad positions CSV are refused with the
 * reader's message), then stored under `data/{run}/h5/obj/` (a Visium folder as a genes.h5ad built from the
 * matrix and the spot positions; the folder itself under `data/{run}/spatial/`), the run record is created when
 * missing, and `webfile.create_files` is posted. Used by the CLI (`npm run import`) and the admin route.
 */
export type ImportSource =
  | { kind: 'h5ad'; name: string; bytes: Uint8Array }
  | { kind: 'visium'; matrix: Uint8Array; spatial: Map<string, Uint8Array> };

export interface ImportOptions {
  runId: string;
  bucket?: string;
  title?: string;
  description?: string;
  group?: string | null;
  public?: boolean;
  requestedBy: string | null;
}

export class ImportError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 422 = 422,
  ) {
    super(message);
  }
}

export const MATRIX_FILE = 'filtered_feature_bc_matrix.h5';

export async function importRun(
  infra: Pick<Infra, 'db' | 'storage' | 'queue' | 'config'>,
  source: ImportSource,
  options: ImportOptions,
): Promise<TTaskState> {
  const bucket = options.bucket ?? dataBucket(infra.config);
  if (!infra.config.buckets.includes(bucket)) throw new ImportError(`Unknown bucket '${bucket}'`, 400);
  const obj = `data/${options.runId}/h5/obj`;
  const put = (key: string, bytes: Uint8Array) =>
    infra.storage.put(bucket, key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

  try {
    if (source.kind === 'h5ad') {
      const summary = await readH5ad(source.bytes, { matrix: false, obsm: ['spatial'], name: source.name });
      if (!summary.obsm.spatial) throw new ImportError(GENES_MSG.importNoSpatial(source.name));
      await put(`${obj}/genes.h5ad`, source.bytes);
    } else {
      const genes = await visiumToH5ad(source);
      await put(`${obj}/${MATRIX_FILE}`, source.matrix);
      for (const [name, bytes] of source.spatial) await put(`data/${options.runId}/spatial/${name}`, bytes);
      await put(`${obj}/genes.h5ad`, genes);
    }
  } catch (error) {
    if (error instanceof SpatialFormatError) throw new ImportError(error.message);
    throw error;
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
    args: [obj, true, bucket],
    kwargs: { run_id: options.runId, description: options.description ?? `Import of ${options.runId}` },
    requestedBy: options.requestedBy,
  });
}

/** A Visium folder as an AnnData file: X = the matrix, obsm 'spatial' = (pxl_col, pxl_row) per barcode. */
async function visiumToH5ad(source: Extract<ImportSource, { kind: 'visium' }>): Promise<Uint8Array> {
  const matrix = await readTenxH5(source.matrix, { name: MATRIX_FILE });
  const spatial = await readVisiumSpatial(source.spatial);
  const row = new Map(spatial.positions.barcodes.map((b, i) => [b, i]));
  const unplaced = matrix.barcodes.filter((b) => !row.has(b));
  if (unplaced.length) throw new ImportError(GENES_MSG.importUnplaced(unplaced.length, unplaced[0]!));
  const n = matrix.barcodes.length;
  const xy = new Float64Array(2 * n);
  const inTissue = new Float64Array(n);
  const arrayRow = new Float64Array(n);
  const arrayCol = new Float64Array(n);
  matrix.barcodes.forEach((b, i) => {
    const r = row.get(b)!;
    xy[2 * i] = spatial.positions.pxlCol[r]!;
    xy[2 * i + 1] = spatial.positions.pxlRow[r]!;
    inTissue[i] = spatial.positions.inTissue[r]!;
    arrayRow[i] = spatial.positions.arrayRow[r]!;
    arrayCol[i] = spatial.positions.arrayCol[r]!;
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-import-'));
  try {
    const file = path.join(dir, 'genes.h5ad');
    await writeH5ad(file, {
      X: matrix.X,
      obsNames: matrix.barcodes,
      varNames: matrix.featureNames,
      obs: {
        in_tissue: { kind: 'numeric', values: inTissue },
        array_row: { kind: 'numeric', values: arrayRow },
        array_col: { kind: 'numeric', values: arrayCol },
      },
      var: { gene_ids: { kind: 'string', values: matrix.featureIds } },
      obsm: { spatial: { nRows: n, nCols: 2, data: xy } },
    });
    return new Uint8Array(await fs.readFile(file));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A local file or folder (the CLI): an .h5ad (any HDF5 file in AnnData layout) or a Visium folder. */
export async function sourceFromPath(target: string): Promise<ImportSource> {
  const stat = await fs.stat(target).catch(() => null);
  if (!stat) throw new ImportError(GENES_MSG.importSourceMissing(target), 404);
  if (stat.isFile())
    return { kind: 'h5ad', name: path.basename(target), bytes: new Uint8Array(await fs.readFile(target)) };
  const entries = await fs.readdir(target);
  if (entries.includes(MATRIX_FILE)) {
    const spatialDir = path.join(target, 'spatial');
    const spatial = new Map<string, Uint8Array>();
    const names = await fs.readdir(spatialDir, { recursive: true, withFileTypes: true }).catch(() => null);
    if (!names) throw new ImportError(`${spatialDir}: spatial folder not found or not readable`);
    for (const entry of names) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      spatial.set(path.relative(spatialDir, full).split(path.sep).join('/'), new Uint8Array(await fs.readFile(full)));
    }
    return { kind: 'visium', matrix: new Uint8Array(await fs.readFile(path.join(target, MATRIX_FILE))), spatial };
  }
  if (entries.includes('genes.h5ad')) return sourceFromPath(path.join(target, 'genes.h5ad'));
  throw new ImportError(GENES_MSG.importSourceUnknown(target), 400);
}
