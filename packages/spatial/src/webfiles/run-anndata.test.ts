import { describe, expect, it } from 'vitest';
import { selectRows, toCsc } from '../matrix/ops.js';
import type { Matrix } from '../matrix/types.js';
import { selectDataCsvRows } from './data-csv.js';
import { barcodesCsv, categoricalOf, exportedValueCount, matrixRows, runAnnData } from './run-anndata.js';

const dense: Matrix = {
  kind: 'dense',
  nRows: 4,
  nCols: 3,
  data: Float32Array.from([1, 0, 2, 0, 0, 0, 3, 4, 0, 0, 5, 6]),
};
const table = {
  clusters: ['C10', 'C2', 'C2', 'C1'],
  spatial: Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7]),
  umap: Float32Array.from([8, 9, 10, 11, 12, 13, 14, 15]),
  qc: [new Float32Array(4), new Float32Array(4)] as [Float32Array, Float32Array],
};

describe('a run as AnnData', () => {
  it('takes the selected rows of a CSC matrix as selectRows does, and counts their values before', () => {
    const rows = Int32Array.from([0, 1, 3]);
    const csc = toCsc(dense);
    expect(matrixRows(csc, rows)).toEqual(selectRows(dense, rows));
    expect(exportedValueCount(csc, rows)).toBe(4);
    expect(exportedValueCount(dense, rows)).toBe(4);
    expect(exportedValueCount(csc, null)).toBe(6);
  });

  it("writes a selection's own rows, named by their run index without barcodes, annotations on their run tixels", () => {
    const rows = Int32Array.from([0, 1, 3]);
    const made = runAnnData({
      matrix: selectRows(dense, rows),
      featureNames: ['a', 'b', 'c'],
      barcodes: null,
      table: selectDataCsvRows(table, rows),
      annotations: [{ name: 'tip', tixels: [3, 2] }],
      rows,
    });
    expect(made.X).toEqual(selectRows(dense, rows));
    expect(made.obsNames).toEqual(['0', '1', '3']);
    expect(made.obs!['annotation_tip']).toMatchObject({ codes: Int32Array.from([-1, -1, 0]) });
    expect(made.obsm!.spatial!.data).toEqual(Float64Array.from([0, 1, 2, 3, 6, 7]));
    expect(made.obsm!.X_umap!.data).toEqual(Float64Array.from([8, 9, 10, 11, 14, 15]));
    expect(barcodesCsv({ barcodes: ['w', 'x,1', 'z'], table: selectDataCsvRows(table, rows), rows })).toBe(
      'index,barcode,cluster\n0,w,C10\n1,"x,1",C2\n3,z,C1\n',
    );
  });

  it('writes clusters and annotations as categoricals in reading order, missing outside an annotation', () => {
    expect(categoricalOf(['C10', 'C2', null, 'C1'])).toEqual({
      kind: 'categorical',
      categories: ['C1', 'C2', 'C10'],
      codes: Int32Array.from([2, 1, -1, 0]),
    });
    const made = runAnnData({
      matrix: dense,
      featureNames: ['a', 'b', 'c'],
      barcodes: ['w', 'x', 'y', 'z'],
      table: { ...table, spatial: new Float64Array(8).fill(NaN) },
      annotations: [{ name: 'L1/L2', tixels: [1, 3] }],
      rows: null,
    });
    expect(made.obs!['annotation_L1_L2']).toEqual({
      kind: 'categorical',
      categories: ['L1/L2'],
      codes: Int32Array.from([-1, 0, -1, 0]),
    });
    // A run without positions (a UMAP-only import) has no obsm 'spatial'.
    expect(Object.keys(made.obsm!)).toEqual(['X_umap']);
    expect(barcodesCsv({ barcodes: null, table, rows: null })).toBe(
      'index,barcode,cluster\n0,0,C10\n1,1,C2\n2,2,C2\n3,3,C1\n',
    );
  });
});
