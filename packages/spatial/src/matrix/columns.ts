/**
 * A feature-major view of a matrix: feature j's stored values and their tixel indices (ascending), without saying
 * where they live. An in-memory CSC matrix is one such source; the `.csc` web file's bytes are another, so the
 * web-file writers (text summations, selection index) read the matrix they just encoded instead of a second
 * copy of it — at Visium HD size (75M non-zeros) a copy is 600 MB.
 */
import { toCsc } from './ops.js';
import type { Matrix } from './types.js';

export interface FeatureColumn {
  /** Tixel index of each stored value, ascending. */
  rows: Int32Array | Uint32Array;
  values: Float32Array;
}

export interface FeatureColumns {
  nRows: number;
  nCols: number;
  /** Feature j's stored values (views, not copies). */
  column(j: number): FeatureColumn;
}

export function isFeatureColumns(source: Matrix | FeatureColumns): source is FeatureColumns {
  return typeof (source as FeatureColumns).column === 'function';
}

/** Any matrix as feature columns (CSC converted once; a CSC matrix is viewed in place). */
export function featureColumns(source: Matrix | FeatureColumns): FeatureColumns {
  if (isFeatureColumns(source)) return source;
  const { nRows, nCols, indptr, indices, data } = toCsc(source);
  return {
    nRows,
    nCols,
    column: (j) => ({
      rows: indices.subarray(indptr[j]!, indptr[j + 1]!),
      values: data.subarray(indptr[j]!, indptr[j + 1]!),
    }),
  };
}
