import { describe, expect, it } from 'vitest';
import type { FeatureColumn } from '../matrix/columns.js';
import { toCsc } from '../matrix/ops.js';
import { buildSelectionIndex } from '../stats/selection-index.js';
import { denseToCsr, randomDense } from '../stats/test-matrices.js';
import { wholeContent } from './build.js';
import { cscColumns, readCscHeader } from './csc.js';
import { writeFeatureFiles } from './feature-files.js';
import { buildSelectionTiling } from '../stats/selection-tiles.js';
import { decodeSelectionIndex, encodeSelectionIndex } from './selection-file.js';

/** The files writeFeatureFiles streams, joined, with the columns it visited. */
async function streamed(
  matrix: Parameters<typeof writeFeatureFiles>[0],
  groupValues?: number,
  layouts: Float64Array[] = [],
) {
  const files = new Map<string, Uint8Array>();
  const visited: FeatureColumn[] = [];
  await writeFeatureFiles(
    matrix,
    { csc: 'm.csc', selection: 'm.sel' },
    async (path, chunks) => void files.set(path, await wholeContent(chunks)),
    (column) => void visited.push({ rows: column.rows.slice(), values: column.values.slice() }),
    groupValues,
    layouts,
  );
  return { csc: files.get('m.csc')!, sel: files.get('m.sel')!, visited };
}

describe('feature files streamed from a CSR matrix', () => {
  // Stored zeros in every third cell: the .sel must leave them out, the .csc keeps what the matrix stores.
  const dense = randomDense(61, 13, 7);
  const csr = denseToCsr(dense);
  const csc = toCsc(csr);
  const column = (j: number) => ({
    rows: Uint32Array.from(csc.indices.subarray(csc.indptr[j]!, csc.indptr[j + 1]!)),
    values: csc.data.slice(csc.indptr[j]!, csc.indptr[j + 1]!),
  });

  it.each([1, 40, 1 << 25])('writes the transpose in feature groups of %i values, tixels ascending', async (group) => {
    const { csc: bytes, visited } = await streamed(csr, group);
    const header = readCscHeader(bytes);
    expect(header).toMatchObject({ nObs: 61, nFeatures: 13, nnz: csr.data.length });
    const columns = cscColumns(bytes);
    for (let j = 0; j < 13; j++) {
      expect({ rows: Uint32Array.from(columns.column(j).rows), values: columns.column(j).values.slice() }).toEqual(
        column(j),
      );
      expect(visited[j]).toEqual({ rows: column(j).rows, values: column(j).values });
    }
  });

  it.each([1, 40, 1 << 25])('writes the .sel the whole-index builder writes (groups of %i)', async (group) => {
    const { sel } = await streamed(csr, group);
    // The reference ranks the CSC columns, a path that never sees the CSR's row-major order.
    expect(sel).toEqual(encodeSelectionIndex(buildSelectionIndex(csc)));
  });

  it('tiles each layout that spreads the observations out, with the sums the whole-index builder makes', async () => {
    // 2,048 observations on a 64 × 32 grid, with stored zeros: big enough for tiles (chooseTileSize: 256).
    const wide = denseToCsr(randomDense(2048, 8, 3));
    const onGrid = Float64Array.from({ length: 4096 }, (_, i) => (i % 2 === 0 ? (i / 2) % 64 : Math.floor(i / 128)));
    const { sel } = await streamed(wide, 1 << 25, [onGrid, new Float64Array(4096)]);
    const decoded = decodeSelectionIndex(sel);
    expect(decoded.tilings).toHaveLength(1);
    const expected = buildSelectionIndex(toCsc(wide));
    const source = { ...expected, indptr: expected.rowPtr, rankRowPtr: expected.rowPtr };
    expect(decoded.tilings![0]).toEqual(buildSelectionTiling(source, onGrid, 256));
  });

  it('takes a dense matrix the same way', async () => {
    const { sel } = await streamed(dense, 5);
    expect(sel).toEqual(encodeSelectionIndex(buildSelectionIndex(csc)));
  });
});
