import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { BigBed, BigWig } from '@gmod/bbi';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBigBed, type BedFeature } from './bigbed.js';
import { writeBigWig } from './bigwig.js';

/** Our bigBed and bigWig files read back with @gmod/bbi (JBrowse's reader, written independently of ours). */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-bbi-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const save = (name: string, bytes: Uint8Array) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const deflate = (bytes: Uint8Array) => new Uint8Array(deflateSync(bytes));
const chroms = [
  { name: 'chr1', size: 5_000_000 },
  { name: 'chr2', size: 3_000_000 },
  { name: 'chr10', size: 1_000_000 },
];

/** Peaks: overlapping ones, on three chromosomes, given out of order. */
function peaks(): BedFeature[] {
  const out: BedFeature[] = [];
  for (let i = 0; i < 1500; i++) {
    const chrom = chroms[i % 3]!.name;
    const start = 1_000 + ((i * 7919) % 900_000);
    out.push({
      chrom,
      start,
      end: start + 200 + (i % 5) * 150,
      name: `peak_${i}`,
      score: i % 1001,
      strand: '.+-'[i % 3] as BedFeature['strand'],
    });
  }
  return out.reverse();
}

describe('writeBigBed', () => {
  for (const compressed of [false, true]) {
    it(`writes BED6 that @gmod/bbi reads back by region (${compressed ? 'deflated' : 'plain'} sections)`, async () => {
      const features = peaks();
      const file = save(
        `peaks-${compressed}.bb`,
        writeBigBed(chroms, features, { itemsPerSlot: 64, ...(compressed && { deflate }) }),
      );
      const bb = new BigBed({ path: file });
      const header = await bb.getHeader();
      expect(header.fieldCount).toBe(6);
      expect(header.autoSql).toContain('string name;');
      expect(Object.keys(header.refsByName).sort()).toEqual(['chr1', 'chr10', 'chr2']);

      for (const [chrom, from, to] of [
        ['chr1', 0, 5_000_000],
        ['chr2', 123_456, 345_678],
        ['chr10', 500_000, 500_600],
      ] as const) {
        const got = await bb.getFeatures(chrom, from, to);
        const expected = features
          .filter((f) => f.chrom === chrom && f.start < to && f.end > from)
          .map((f) => `${f.start}-${f.end} ${f.name}\t${f.score}\t${f.strand}`)
          .sort();
        expect(got.map((f) => `${f.start}-${f.end} ${f.rest}`).sort()).toEqual(expected);
        expect(expected.length).toBeGreaterThan(0);
      }
      // Coverage summary: the covered bases of all features merged.
      expect(header.totalSummary.basesCovered).toBeGreaterThan(0);
      expect(header.totalSummary.scoreMin).toBe(1);
    });
  }

  it('refuses features it cannot write', () => {
    const base = { chrom: 'chr1', start: 10, end: 20, name: 'a', score: 0, strand: '+' as const };
    expect(() => writeBigBed(chroms, [{ ...base, chrom: 'chrX' }])).toThrow(/Unknown chromosome chrX/);
    expect(() => writeBigBed(chroms, [{ ...base, end: 10 }])).toThrow(/non-empty/);
    expect(() => writeBigBed(chroms, [{ ...base, end: 6_000_000 }])).toThrow(/past the end/);
    expect(() => writeBigBed(chroms, [{ ...base, score: 1001 }])).toThrow(/0–1000/);
    expect(() => writeBigBed(chroms, [{ ...base, name: 'a\tb' }])).toThrow(/tab/);
  });
});

describe('writeBigWig read by @gmod/bbi', () => {
  it('answers the intervals and the summary it was given', async () => {
    const intervals = new Map([
      ['chr1', [0, 1, 2, 3].map((i) => ({ start: i * 1000, end: i * 1000 + 500, value: i + 0.5 }))],
      ['chr10', [{ start: 100, end: 200, value: 7 }]],
    ]);
    const file = save('signal.bw', writeBigWig(chroms, intervals, { deflate, itemsPerSlot: 2 }));
    const bw = new BigWig({ path: file });
    const got = await bw.getFeatures('chr1', 900, 3200);
    expect(got.map((f) => [f.start, f.end, f.score])).toEqual([
      [1000, 1500, 1.5],
      [2000, 2500, 2.5],
      [3000, 3500, 3.5],
    ]);
    expect((await bw.getFeatures('chr10', 0, 1000)).map((f) => f.score)).toEqual([7]);
    const header = await bw.getHeader();
    expect(header.totalSummary.basesCovered).toBe(2100);
    expect(header.totalSummary.scoreMax).toBe(7);
  });
});
