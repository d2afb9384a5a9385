import { describe, expect, it } from 'vitest';
import { column, toCsc } from '../matrix/ops.js';
import type { CsrMatrix } from '../matrix/types.js';
import { generateRun } from '../synthetic/generate.js';
import { decodeSparseValues, encodeSparseEntries } from './feature-values.js';
import {
  CSC_HEADER_BYTES,
  cscBlockEntries,
  cscBlockRange,
  cscColumns,
  encodeCsc,
  getSummationBinary,
  openCsc,
  readCscFeature,
  readCscHeader,
  type RangeReader,
} from './csc.js';

function rangeReader(bytes: Uint8Array): { read: RangeReader; calls: [number, number][] } {
  const calls: [number, number][] = [];
  const read: RangeReader = async (start, end) => {
    calls.push([start, end]);
    return bytes.slice(start, end);
  };
  return { read, calls };
}

describe('summation .csc', () => {
  const run = generateRun({ seed: 2, tixels: 700, features: 2500, assay: 'rna' });
  const bytes = encodeCsc(run.X);

  it('has the documented header and size', () => {
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('ACSC');
    expect(readCscHeader(bytes)).toEqual({ version: 1, nObs: 700, nFeatures: 2500, nnz: run.X.data.length });
    expect(bytes.length).toBe(CSC_HEADER_BYTES + 8 * 2501 + 8 * run.X.data.length);
  });

  it('returns every sampled feature exactly as the source column, from bytes and from range reads', async () => {
    const { read, calls } = rangeReader(bytes);
    const file = await openCsc(read);
    for (const f of [0, 1, 999, 1000, 1777, 2499]) {
      const expected = column(run.X, f);
      expect(readCscFeature(bytes, f)).toEqual(expected);
      calls.length = 0;
      expect(await file.feature(f)).toEqual(expected);
      // One feature = the offset pair, then one block: two small reads.
      expect(calls).toHaveLength(2);
      expect(calls[0]![1] - calls[0]![0]).toBe(16);
    }
    expect(await readCscFeature(read, 5)).toEqual(column(run.X, 5));
  });

  it('answers get_summation in request order and keeps values ≥ 1000 exact', async () => {
    const m: CsrMatrix = {
      kind: 'csr',
      nRows: 3,
      nCols: 2,
      indptr: Float64Array.of(0, 1, 1, 3),
      indices: Int32Array.of(1, 0, 1),
      data: Float32Array.of(1234.5678, -2, 0.25),
    };
    const { read } = rangeReader(encodeCsc(m));
    const [b, a, b2] = await getSummationBinary([1, 0, 1], read);
    expect(a).toEqual(Float32Array.of(0, 0, -2));
    expect(b).toEqual(Float32Array.of(Math.fround(1234.5678), 0, 0.25));
    expect(b2).toEqual(b);
  });

  it("gives each feature's stored entries, which make the same values as its dense column in the sparse answer", () => {
    const header = readCscHeader(bytes);
    let sent = 0;
    for (let f = 0; f < header.nFeatures; f += 97) {
      const [start, end] = cscBlockRange(
        header,
        bytes.subarray(CSC_HEADER_BYTES + 8 * f, CSC_HEADER_BYTES + 8 * f + 16),
      );
      const entries = cscBlockEntries(header, bytes.subarray(start, end));
      const answer = encodeSparseEntries(entries, header.nObs);
      if (!answer) {
        expect(entries.indices.length * 4).toBeGreaterThan(header.nObs);
        continue;
      }
      sent++;
      // The entries are kept in the answer's layout: it is a view of them, not a copy.
      expect(answer.buffer).toBe(entries.indices.buffer);
      expect(decodeSparseValues(answer.slice().buffer, header.nObs)).toEqual(readCscFeature(bytes, f));
    }
    expect(sent).toBeGreaterThan(0);
    expect(() => cscBlockEntries({ ...header, nObs: 0 }, Uint8Array.of(0, 0, 128, 63, 1, 0, 0, 0))).toThrow(
      /corrupt .csc tixel index/,
    );
  });

  it('writes the same bytes from CSR (scattered row by row) as from CSC, and views its features in place', () => {
    // Compared as buffers: a deep equal of 250k bytes element by element takes seconds.
    expect(Buffer.compare(encodeCsc(toCsc(run.X)), bytes)).toBe(0);
    const columns = cscColumns(bytes);
    expect([columns.nRows, columns.nCols]).toEqual([700, 2500]);
    const csc = toCsc(run.X);
    for (const f of [0, 17, 2499]) {
      const { rows, values } = columns.column(f);
      expect(Array.from(rows)).toEqual(Array.from(csc.indices.subarray(csc.indptr[f]!, csc.indptr[f + 1]!)));
      expect(values).toEqual(csc.data.subarray(csc.indptr[f]!, csc.indptr[f + 1]!));
      // Views, not copies: they share the file's buffer.
      expect(values.buffer).toBe(bytes.buffer);
    }
  });

  it('rejects other files and out-of-range features', () => {
    expect(() => readCscHeader(new Uint8Array(32))).toThrow(/not a summation/);
    expect(() => readCscFeature(bytes, 2500)).toThrow(/outside 0..2499/);
  });
});
