import type { CscMatrix, CsrMatrix } from './types.js';

/**
 * Checks a compressed matrix read from a file and returns what is wrong, or undefined when it is sound.
 * scipy allows unsorted indices within a segment (has_sorted_indices = False), but our types promise ascending
 * indices, so such segments are sorted here, in place; everything else is reported, never repaired.
 */
export function checkCompressed(m: CsrMatrix | CscMatrix): string | undefined {
  const [majorCount, minorCount] = m.kind === 'csr' ? [m.nRows, m.nCols] : [m.nCols, m.nRows];
  const [majorName, minorName] = m.kind === 'csr' ? ['rows', 'columns'] : ['columns', 'rows'];
  const nnz = m.indices.length;
  if (m.indptr.length !== majorCount + 1) {
    return `indptr has ${m.indptr.length} entries, expected ${majorCount + 1} (${majorName} + 1)`;
  }
  if (m.data.length !== nnz) return `data has ${m.data.length} values but indices has ${nnz}`;
  if (m.indptr[0] !== 0 || m.indptr[majorCount] !== nnz) {
    return `indptr must run from 0 to ${nnz} (the number of stored values), found ${m.indptr[0]}..${m.indptr[majorCount]}`;
  }
  for (let major = 0; major < majorCount; major++) {
    const start = m.indptr[major]!;
    const end = m.indptr[major + 1]!;
    if (end < start) return `indptr decreases at position ${major + 1}`;
    let sorted = true;
    for (let k = start; k < end; k++) {
      const index = m.indices[k]!;
      if (index < 0 || index >= minorCount)
        return `index ${index} at position ${k} is outside 0..${minorCount - 1} ${minorName}`;
      if (k > start && index < m.indices[k - 1]!) sorted = false;
    }
    if (!sorted) sortSegment(m, start, end);
  }
  return undefined;
}

function sortSegment(m: CsrMatrix | CscMatrix, start: number, end: number): void {
  const order = Array.from({ length: end - start }, (_, i) => start + i).sort((a, b) => m.indices[a]! - m.indices[b]!);
  const indices = order.map((k) => m.indices[k]!);
  const data = order.map((k) => m.data[k]!);
  m.indices.set(indices, start);
  m.data.set(data, start);
}
