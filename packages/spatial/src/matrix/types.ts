/**
 * In-memory matrices, observations (tixels/cells) × features (genes/motifs), as AnnData stores them.
 * Values are float32 like the files; `indptr` is float64 so that more than 2^31 non-zeros stay exact.
 */
export interface CsrMatrix {
  kind: 'csr';
  nRows: number;
  nCols: number;
  /** nRows + 1 offsets into indices/data. */
  indptr: Float64Array;
  /** Column of each stored value, ascending within a row (16 bits in a `.sel` index of < 65,536 features). */
  indices: Int32Array | Uint16Array;
  data: Float32Array;
}

export interface CscMatrix {
  kind: 'csc';
  nRows: number;
  nCols: number;
  /** nCols + 1 offsets into indices/data. */
  indptr: Float64Array;
  /** Row of each stored value, ascending within a column. */
  indices: Int32Array;
  data: Float32Array;
}

export interface DenseMatrix {
  kind: 'dense';
  nRows: number;
  nCols: number;
  /** Row-major values. */
  data: Float32Array;
}

export type Matrix = CsrMatrix | CscMatrix | DenseMatrix;
