import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import {
  chooseExpressionInput,
  CSC_HEADER_BYTES,
  ExpressionInputError,
  FEATURE_FILES,
  parseDataCsv,
  parseNames,
  readCscHeader,
  readH5ad,
  type CscMatrix,
  type FeatureKind,
  type Matrix,
} from '@atlas/spatial';
import { dataBucket } from '../../config.js';
import { readObject } from '../../infra/storage/index.js';
import type { TaskDeps } from '../registry.js';

/** A run's processed input as the spec's gene tasks name it: `data/{run}/h5/obj/{genes|motifs|eRegulons}.h5ad`. */
export const OBJ_H5AD = /^data\/(D[0-9]{5,})\/h5\/obj\/(genes|motifs|eRegulons)\.h5ad$/;
export const MOTIFS_CSV = /^data\/(D[0-9]{5,})\/h5\/obj\/motifs\.csv$/;
export const ZObjH5ad = z
  .string()
  .regex(OBJ_H5AD, 'Must be data/{run}/h5/obj/genes.h5ad, motifs.h5ad or eRegulons.h5ad');
export const ZBucketKwargs = z.object({ bucket: z.string().min(1).optional() });

/** The first argument of the gene tasks that read a run's genes alone, as the Analytics task runner shows it. */
export const GENES_FILE_ARG = {
  name: 'file',
  value: 'data/D00001/h5/obj/genes.h5ad',
  type: 'string',
  caption: 'File',
  description: 'genes.h5ad of the run.',
} as const;

export function bucketOf(deps: TaskDeps, bucket: string | undefined): string {
  const chosen = bucket ?? dataBucket(deps.config);
  if (!deps.config.buckets.includes(chosen)) throw new Error(`Unknown bucket '${chosen}'`);
  return chosen;
}

/** The binary summation file as an in-memory CSC matrix (tixels × features, exact float32 values). */
export function cscFromBytes(bytes: Uint8Array): CscMatrix {
  const header = readCscHeader(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const indptr = new Float64Array(header.nFeatures + 1);
  for (let f = 0; f <= header.nFeatures; f++) indptr[f] = Number(view.getBigUint64(CSC_HEADER_BYTES + 8 * f, true));
  const dataStart = CSC_HEADER_BYTES + 8 * (header.nFeatures + 1);
  const data = new Float32Array(header.nnz);
  const indices = new Int32Array(header.nnz);
  for (let f = 0; f < header.nFeatures; f++) {
    const from = indptr[f]!;
    const count = indptr[f + 1]! - from;
    const at = dataStart + 8 * from;
    for (let q = 0; q < count; q++) {
      data[from + q] = view.getFloat32(at + 4 * q, true);
      indices[from + q] = view.getUint32(at + 4 * count + 4 * q, true);
    }
  }
  return { kind: 'csc', nRows: header.nObs, nCols: header.nFeatures, indptr, indices, data };
}

export interface FeatureData {
  runId: string;
  kind: FeatureKind;
  names: string[];
  matrix: Matrix;
  folder: string;
}

/**
 * The features of an obj h5ad. When the run's web files exist, their binary matrix (the explorer's values) and
 * names are read instead of the h5ad: far cheaper than parsing HDF5. Otherwise the h5ad itself, genes as
 * create_files would show them (log-normalised).
 */
export async function loadFeatures(deps: TaskDeps, bucket: string, objPath: string): Promise<FeatureData> {
  const [, runId, kind] = OBJ_H5AD.exec(objPath)! as unknown as [string, string, FeatureKind];
  const folder = objPath.slice(0, objPath.indexOf('obj/'));
  const files = FEATURE_FILES[kind];
  const { storage } = deps;
  if ((await storage.exists(bucket, folder + files.csc)) && (await storage.exists(bucket, folder + files.names))) {
    const names = parseNames(gunzipSync(await readObject(storage, bucket, folder + files.names)).toString('utf8'));
    return { runId, kind, names, matrix: cscFromBytes(await readObject(storage, bucket, folder + files.csc)), folder };
  }
  if (!(await storage.exists(bucket, objPath)))
    throw new Error(`Missing input: ${objPath} was not found in the bucket`);
  const h5ad = await readH5ad(await readObject(storage, bucket, objPath), {
    name: objPath.slice(objPath.lastIndexOf('/') + 1),
    obsm: false,
    limits: deps.config.importLimits,
  });
  // Genes are ranked on log-normalised values, as create_files writes them (counts become log1p(CP10k)).
  if (kind === 'genes') {
    try {
      const { explorer } = chooseExpressionInput(h5ad);
      return { runId, kind, names: explorer.varNames, matrix: explorer.matrix, folder };
    } catch (error) {
      if (!(error instanceof ExpressionInputError)) throw error;
    }
  }
  return { runId, kind, names: h5ad.varNames, matrix: h5ad.X, folder };
}

export async function loadClusters(deps: TaskDeps, bucket: string, folder: string): Promise<string[]> {
  const key = `${folder}data.csv.gz`;
  if (!(await deps.storage.exists(bucket, key)))
    throw new Error(`Missing input: ${key} was not found in the bucket (create the web object first)`);
  return parseDataCsv(gunzipSync(await readObject(deps.storage, bucket, key)).toString('utf8')).clusters;
}
