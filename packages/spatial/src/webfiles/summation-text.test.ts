import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { column } from '../matrix/ops.js';
import type { DenseMatrix } from '../matrix/types.js';
import { generateRun } from '../synthetic/generate.js';
import { printf62 } from './printf.js';
import {
  formatSummationLine,
  getSummationText,
  parseSummationChunk,
  parseSummationLine,
  summationTextChunks,
  TEXT_SUMMATION_MAX_VALUES,
  writesTextSummations,
} from './summation-text.js';

const decoder = new TextDecoder();

describe('text summations', () => {
  const run = generateRun({ seed: 4, tixels: 150, features: 2300, assay: 'rna' });
  const chunks = [...summationTextChunks(run.X)].map((c) => decoder.decode(c));

  it('writes chunks of 1000 features, tixel count first, one %6.2f line per feature', () => {
    expect(chunks).toHaveLength(3);
    const parsed = chunks.map(parseSummationChunk);
    expect(parsed.map((c) => c.tixels)).toEqual([150, 150, 150]);
    expect(parsed.map((c) => c.lines.length)).toEqual([1000, 1000, 300]);
    expect(chunks[0]!.split('\n')[0]).toBe('150');
    const line = parsed[1]!.lines[234]!;
    const expected = Array.from(column(run.X, 1234), printf62).join(',');
    expect(line).toBe(expected);
    expect(line.split(',')).toHaveLength(150);
    expect(parseSummationLine(line)).toEqual(column(run.X, 1234));
  });

  it('widens fields for values ≥ 999.995 and formats negatives and fractions like printf', () => {
    const m: DenseMatrix = {
      kind: 'dense',
      nRows: 4,
      nCols: 2,
      data: Float32Array.of(0.125, 1000, -3.5, 0, 0, 12345.5, 2, 0),
    };
    const [text] = [...summationTextChunks(m)].map((c) => decoder.decode(c));
    expect(text).toBe('4\n  0.12, -3.50,  0.00,  2.00\n1000.00,  0.00,12345.50,  0.00\n');
  });

  it('answers get_summation with one string per index in request order, from gzipped chunks', async () => {
    const files = chunks.map((c) => gzipSync(c));
    const reads: number[] = [];
    const lines = await getSummationText([2299, 5, 1000, 5], (k) => (reads.push(k), files[k]!));
    expect(lines.map((l) => parseSummationLine(l))).toEqual([2299, 5, 1000, 5].map((f) => column(run.X, f)));
    expect(reads.sort()).toEqual([0, 1, 2]);
    await expect(getSummationText([2300], (k) => files[k]!)).rejects.toThrow(/beyond/);
    expect(gunzipSync(files[0]!).toString().startsWith('150\n')).toBe(true);
  });

  it('formats a line from values alone exactly as the stored chunk holds it (runs without text files)', () => {
    const parsed = parseSummationChunk(chunks[1]!);
    for (const f of [1000, 1234, 1999]) expect(formatSummationLine(column(run.X, f))).toBe(parsed.lines[f - 1000]);
    expect(formatSummationLine(Float32Array.of(0.125, 1000, -3.5, 0))).toBe('  0.12,1000.00, -3.50,  0.00');
  });

  it('writes text files up to the largest DBiT chip × 30k genes, not at Visium HD size', () => {
    expect(writesTextSummations(220 * 220, 30_000)).toBe(true);
    expect(writesTextSummations(500_000, 18_000)).toBe(false);
    expect(writesTextSummations(TEXT_SUMMATION_MAX_VALUES, 1)).toBe(true);
  });
});
