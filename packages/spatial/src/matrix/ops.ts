/**
 * Small matrix operations that never densify a sparse matrix: memory stays linear in nnz (plus one output
 * vector), so a 100k × 30k run with a few million non-zeros costs megabytes, not gigabytes.
 */
import type { CscMatrix, CsrMatrix, Matrix } from './types.js';

function checkIndex(index: number, count: number, what: string): void {
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`${what} ${index} is outside 0..${count - 1}`);
  }
}

/** Position of `target` in the ascending slice indices[from, to), or −1. */
function findSorted(indices: Int32Array | Uint16Array, from: number, to: number, target: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = indices[mid]!;
    if (value === target) return mid;
    if (value < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** One segment (CSR row / CSC column) scattered into a dense vector. */
function majorSlice(m: CsrMatrix | CscMatrix, major: number, length: number): Float32Array {
  const out = new Float32Array(length);
  for (let k = m.indptr[major]!, end = m.indptr[major + 1]!; k < end; k++) out[m.indices[k]!] = m.data[k]!;
  return out;
}

/** One minor index across all segments: a binary search per segment, since indices ascend within each. */
function minorSlice(m: CsrMatrix | CscMatrix, minor: number, length: number): Float32Array {
  const out = new Float32Array(length);
  for (let major = 0; major < length; major++) {
    const k = findSorted(m.indices, m.indptr[major]!, m.indptr[major + 1]!, minor);
    if (k >= 0) out[major] = m.data[k]!;
  }
  return out;
}

/** Feature `col` over all observations. */
export function column(m: Matrix, col: number): Float32Array {
  checkIndex(col, m.nCols, 'column');
  switch (m.kind) {
    case 'csc':
      return majorSlice(m, col, m.nRows);
    case 'csr':
      return minorSlice(m, col, m.nRows);
    case 'dense': {
      const out = new Float32Array(m.nRows);
      for (let r = 0; r < m.nRows; r++) out[r] = m.data[r * m.nCols + col]!;
      return out;
    }
  }
}

/** Observation `r` over all features. */
export function row(m: Matrix, r: number): Float32Array {
  checkIndex(r, m.nRows, 'row');
  switch (m.kind) {
    case 'csr':
      return majorSlice(m, r, m.nCols);
    case 'csc':
      return minorSlice(m, r, m.nCols);
    case 'dense':
      return m.data.slice(r * m.nCols, (r + 1) * m.nCols);
  }
}

/**
 * Re-compresses along the other axis with a counting sort: O(nnz + n) time and one copy of the values.
 * Segments come out with ascending indices because the source is walked in major order.
 */
function recompress(
  majorCount: number,
  minorCount: number,
  indptr: Float64Array,
  indices: Int32Array | Uint16Array,
  data: Float32Array,
): { indptr: Float64Array; indices: Int32Array; data: Float32Array } {
  const nnz = indices.length;
  const outPtr = new Float64Array(minorCount + 1);
  for (let k = 0; k < nnz; k++) outPtr[indices[k]! + 1]!++;
  for (let i = 0; i < minorCount; i++) outPtr[i + 1]! += outPtr[i]!;
  const next = outPtr.slice(0, minorCount);
  const outIndices = new Int32Array(nnz);
  const outData = new Float32Array(nnz);
  for (let major = 0; major < majorCount; major++) {
    for (let k = indptr[major]!, end = indptr[major + 1]!; k < end; k++) {
      const dest = next[indices[k]!]!++;
      outIndices[dest] = major;
      outData[dest] = data[k]!;
    }
  }
  return { indptr: outPtr, indices: outIndices, data: outData };
}

export function csrToCsc(m: CsrMatrix): CscMatrix {
  return { kind: 'csc', nRows: m.nRows, nCols: m.nCols, ...recompress(m.nRows, m.nCols, m.indptr, m.indices, m.data) };
}

export function cscToCsr(m: CscMatrix): CsrMatrix {
  return { kind: 'csr', nRows: m.nRows, nCols: m.nCols, ...recompress(m.nCols, m.nRows, m.indptr, m.indices, m.data) };
}

/** Dense → CSR keeping every value that is not 0 (NaN is kept: it is not a zero). */
function denseToCsr(m: Extract<Matrix, { kind: 'dense' }>): CsrMatrix {
  let nnz = 0;
  for (let k = 0; k < m.data.length; k++) if (m.data[k] !== 0) nnz++;
  const indptr = new Float64Array(m.nRows + 1);
  const indices = new Int32Array(nnz);
  const data = new Float32Array(nnz);
  let out = 0;
  for (let r = 0; r < m.nRows; r++) {
    for (let c = 0, base = r * m.nCols; c < m.nCols; c++) {
      const value = m.data[base + c]!;
      if (value === 0) continue;
      indices[out] = c;
      data[out++] = value;
    }
    indptr[r + 1] = out;
  }
  return { kind: 'csr', nRows: m.nRows, nCols: m.nCols, indptr, indices, data };
}

/** Any matrix as CSR; a CSR input is returned as is (not copied). */
export function toCsr(m: Matrix): CsrMatrix {
  if (m.kind === 'csr') return m;
  return m.kind === 'csc' ? cscToCsr(m) : denseToCsr(m);
}

/** Any matrix as CSC; a CSC input is returned as is (not copied). */
export function toCsc(m: Matrix): CscMatrix {
  if (m.kind === 'csc') return m;
  return csrToCsc(m.kind === 'csr' ? m : denseToCsr(m));
}

/** Sum of each observation's values (e.g. total counts per tixel), accumulated in float64. */
export function rowSums(m: Matrix): Float64Array {
  const sums = new Float64Array(m.nRows);
  switch (m.kind) {
    case 'csr':
      for (let r = 0; r < m.nRows; r++) {
        let s = 0;
        for (let k = m.indptr[r]!, end = m.indptr[r + 1]!; k < end; k++) s += m.data[k]!;
        sums[r] = s;
      }
      break;
    case 'csc':
      for (let k = 0; k < m.indices.length; k++) sums[m.indices[k]!]! += m.data[k]!;
      break;
    case 'dense':
      for (let r = 0; r < m.nRows; r++) {
        let s = 0;
        for (let c = 0, base = r * m.nCols; c < m.nCols; c++) s += m.data[base + c]!;
        sums[r] = s;
      }
      break;
  }
  return sums;
}

/**
 * The observations `rows`, in that order, as a CSR matrix (e.g. two tixel sets to compare with each other rather than
 * with the rest of the run). Rows may repeat.
 */
export function selectRows(m: Matrix, rows: ArrayLike<number>): CsrMatrix {
  const csr = toCsr(m);
  let nnz = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    checkIndex(r, csr.nRows, 'row');
    nnz += csr.indptr[r + 1]! - csr.indptr[r]!;
  }
  const indptr = new Float64Array(rows.length + 1);
  const indices = new Int32Array(nnz);
  const data = new Float32Array(nnz);
  let out = 0;
  for (let i = 0; i < rows.length; i++) {
    const start = csr.indptr[rows[i]!]!;
    const end = csr.indptr[rows[i]! + 1]!;
    indices.set(csr.indices.subarray(start, end), out);
    data.set(csr.data.subarray(start, end), out);
    out += end - start;
    indptr[i + 1] = out;
  }
  return { kind: 'csr', nRows: rows.length, nCols: csr.nCols, indptr, indices, data };
}
