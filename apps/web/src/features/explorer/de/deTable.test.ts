import { describe, expect, it } from 'vitest';
import type { DeColumns } from '@atlas/contracts';
import {
  deTableCsv,
  filterRows,
  formatCell,
  nextSort,
  presentColumns,
  searchRows,
  sortRows,
  volcanoHalfWidth,
  volcanoPoint,
} from './deTable';

const columns: DeColumns = {
  names: ['Gfap', 'Mbp', 'gfap-as1', 'Snap25'],
  mean_in: [1, 2, 3, 4],
  mean_out: [0.5, 2, 1, 4],
  pct_in: [80, 10, 50, 100],
  pct_out: [20, 10, 5, 100],
  log2fc: [1.5, 0, null, -2],
  score: [5, -1, null, 5],
  p: [1e-5, 0.3, null, 1e-5],
  p_adj: [4e-5, 0.3, null, 0],
};

describe('the DE table', () => {
  it('searches names case-insensitively; an empty query keeps every row', () => {
    expect(searchRows(columns.names, 'GFAP')).toEqual([0, 2]);
    expect(searchRows(columns.names, '  ')).toEqual([0, 1, 2, 3]);
  });

  it('sorts by any column, missing values last either way, ties in feature order', () => {
    expect(sortRows(columns, [0, 1, 2, 3], { key: 'score', descending: true })).toEqual([0, 3, 1, 2]);
    expect(sortRows(columns, [0, 1, 2, 3], { key: 'score', descending: false })).toEqual([1, 0, 3, 2]);
    expect(sortRows(columns, [0, 1, 2, 3], { key: 'pct_out', descending: false })).toEqual([2, 1, 0, 3]);
    expect(sortRows(columns, [0, 1, 2, 3], { key: 'name', descending: false })).toEqual([0, 1, 3, 2]);
  });

  it('flips a column clicked again; another starts descending, names ascending', () => {
    expect(nextSort({ key: 'score', descending: true }, 'score')).toEqual({ key: 'score', descending: false });
    expect(nextSort({ key: 'score', descending: true }, 'p')).toEqual({ key: 'p', descending: true });
    expect(nextSort({ key: 'score', descending: true }, 'name')).toEqual({ key: 'name', descending: false });
  });

  it('places a volcano point at (log2FC, −log10 p adj), a zero p at the float floor, a missing one nowhere', () => {
    expect(volcanoPoint(columns, 0)).toEqual({ x: 1.5, y: -Math.log10(4e-5) });
    expect(volcanoPoint(columns, 3)).toEqual({ x: -2, y: 300 });
    expect(volcanoPoint(columns, 2)).toBeNull();
  });

  it('exports every row in the given order with only the columns the source holds', () => {
    const own: DeColumns = { ...columns, mean_in: null, mean_out: null, pct_in: null, pct_out: null };
    expect(presentColumns(own)).toEqual(['log2fc', 'score', 'p', 'p_adj']);
    const csv = deTableCsv(own, [3, 0], 'gene', 'C1 vs rest').split('\n');
    expect(csv[0]).toBe('gene,log2FC,Score,p,p adj (BH),comparison');
    expect(csv[1]).toBe('Snap25,-2,5,0.00001,0,C1 vs rest');
    expect(csv).toHaveLength(4);
  });

  it('formats p in scientific notation, % to one decimal and a missing value as a dash', () => {
    expect([formatCell('p_adj', 4e-5), formatCell('pct_in', 12.345), formatCell('score', null)]).toEqual([
      '4.00e-5',
      '12.3',
      '—',
    ]);
  });

  it("keeps the volcano's x range to measured changes, so one-sided features do not squash the rest", () => {
    const folds = Array.from({ length: 200 }, (_, i) => ((i % 7) - 3) * 0.8);
    expect(volcanoHalfWidth(folds)).toBeCloseTo(2.4);
    // Many features seen on one side only (scanpy's pseudo-count gives about ±30): the range stays that of the rest.
    expect(volcanoHalfWidth([...folds, ...Array.from({ length: 40 }, (_, i) => (i % 2 ? 29.9 : -31.2))])).toBeCloseTo(
      2.4,
    );
    expect(volcanoHalfWidth([0.1, -0.2])).toBe(1);
    expect(volcanoHalfWidth([])).toBe(1);
  });

  it('keeps the rows under the p adj threshold and over the |log2FC| one; rows missing a needed value drop out', () => {
    const columns = {
      names: ['a', 'b', 'c', 'd'],
      mean_in: null,
      mean_out: null,
      pct_in: null,
      pct_out: null,
      log2fc: [1.5, -2, 0.2, null],
      score: [3, -4, 1, 2],
      p: null,
      p_adj: [0.001, 0.04, 0.2, 0.01],
    } as unknown as Parameters<typeof filterRows>[0];
    const all = [0, 1, 2, 3];
    expect(filterRows(columns, all, { maxPAdj: null, minAbsLog2fc: null })).toEqual(all);
    expect(filterRows(columns, all, { maxPAdj: 0.05, minAbsLog2fc: null })).toEqual([0, 1, 3]);
    expect(filterRows(columns, all, { maxPAdj: 0.05, minAbsLog2fc: 1 })).toEqual([0, 1]);
    expect(filterRows(columns, [2, 1], { maxPAdj: null, minAbsLog2fc: 0.1 })).toEqual([2, 1]);
    // A file's ranking without p-values: the p threshold does not apply.
    expect(filterRows({ ...columns, p_adj: null }, all, { maxPAdj: 0.05, minAbsLog2fc: null })).toEqual(all);
  });
});
