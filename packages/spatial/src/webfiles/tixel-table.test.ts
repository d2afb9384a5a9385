import { describe, expect, it } from 'vitest';
import { decodeTixelTable, encodeTixelTable, naturalCompare } from './tixel-table.js';

const table = {
  clusters: ['C2', 'C1', 'C2'],
  spatial: Float64Array.from([1.5, 2, 3, 4.25, 5, 6]),
  umap: Float32Array.from([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]),
  qc: [Float32Array.from([10, 11, 12]), Float32Array.from([1, 2, 3])] as [Float32Array, Float32Array],
  cellTypes: ['B cells', 'T cells', 'B cells'],
};

const copy = (bytes: Uint8Array) => bytes.slice().buffer;

describe('binary tixel table', () => {
  it('round-trips every column, categorical ones as names and codes', () => {
    const decoded = decodeTixelTable(copy(encodeTixelTable('D00001', table)));
    expect(decoded.runId).toBe('D00001');
    expect(decoded.n).toBe(3);
    expect(Array.from(decoded.spatial)).toEqual([1.5, 2, 3, 4.25, 5, 6]);
    expect(decoded.umap).toEqual(table.umap);
    expect(Object.keys(decoded)).not.toContain('qc');
    const clusters = decoded.categories.clusters!;
    expect(Array.from(clusters.codes, (c) => clusters.names[c])).toEqual(table.clusters);
    const types = decoded.categories.cellTypes!;
    expect(Array.from(types.codes, (c) => types.names[c])).toEqual(table.cellTypes);
    expect(decoded.categories.sample).toBeUndefined();
    expect(decoded.analysis).toBeUndefined();
  });

  it('lists each column’s names in natural order, so that a code is its label’s rank', () => {
    const labels = ['C10', 'C2', 'c1', 'C2', 'C10', 'B cells'];
    const decoded = decodeTixelTable(
      copy(encodeTixelTable('D00003', { ...table, clusters: labels, cellTypes: labels })),
    );
    expect(decoded.naturalOrder).toBe(true);
    const clusters = decoded.categories.clusters!;
    expect(clusters.names).toEqual(['B cells', 'c1', 'C2', 'C10']);
    expect(Array.from(clusters.codes, (c) => clusters.names[c])).toEqual(labels);
    expect([...labels].sort(naturalCompare)).toEqual(['B cells', 'c1', 'C2', 'C2', 'C10', 'C10']);
  });

  it('carries the analysis record and NaN positions of a UMAP-only run', () => {
    const analysis = { input: 'counts', source: 'X' };
    const noPositions = { ...table, spatial: new Float64Array(6).fill(NaN) };
    const decoded = decodeTixelTable(copy(encodeTixelTable('D00002', noPositions, { analysis })));
    expect(decoded.analysis).toEqual(analysis);
    expect(Array.from(decoded.spatial).every(Number.isNaN)).toBe(true);
    expect(decoded.umap).toEqual(table.umap);
  });

  it('keeps the typed arrays aligned for any header length (odd tixel counts, long run ids)', () => {
    const one = { ...table, clusters: ['C1'], spatial: Float64Array.from([7, 8]), umap: Float32Array.from([1, 2]) };
    const single = {
      ...one,
      qc: [Float32Array.of(1), Float32Array.of(2)] as [Float32Array, Float32Array],
      cellTypes: ['x'],
    };
    for (const id of ['D1', 'D12', 'D123', 'D1234']) {
      const decoded = decodeTixelTable(copy(encodeTixelTable(id, single)));
      expect(Array.from(decoded.spatial)).toEqual([7, 8]);
      expect(decoded.categories.cellTypes!.names).toEqual(['x']);
    }
  });

  it('holds 18 bytes per tixel with one categorical column: positions and codes only', () => {
    const n = 1001;
    const clusters = Array.from({ length: n }, (_, i) => `C${i % 7}`);
    const bytes = encodeTixelTable('D00004', {
      clusters,
      spatial: new Float64Array(2 * n),
      umap: new Float32Array(2 * n),
    });
    const header = new DataView(bytes.buffer).getUint32(4, true);
    expect(bytes.length - ((8 + header + 3) & ~3)).toBe(16 * n + ((2 * n + 3) & ~3));
  });

  it('refuses bytes that are not a whole table', () => {
    const bytes = encodeTixelTable('D00001', table);
    expect(() => decodeTixelTable(copy(bytes.subarray(0, bytes.length - 4)))).toThrow(RangeError);
    expect(() => decodeTixelTable(new TextEncoder().encode('{"run_id":1}').buffer)).toThrow('not a tixel table');
  });
});
