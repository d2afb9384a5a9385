import fs from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hasSharedData, sharedData } from '../testing.js';
import { writeBigWig, type BigWigInterval } from './bigwig.js';

/**
 * A reader that follows the BBI layout independently of the writer (B+ tree and R-tree walked level by level, all
 * three section types), first checked against files written by UCSC tools with pyBigWig's answers, then used on ours.
 */
function readBigWig(file: Uint8Array, chrom: string, start: number, end: number) {
  const v = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const u64 = (at: number) => Number(v.getBigUint64(at, true));
  expect(v.getUint32(0, true)).toBe(0x888ffc26);
  const chromTree = u64(8);
  const index = u64(24);
  const uncompress = v.getUint32(52, true);
  const summary = u64(44);
  const header = {
    bases: u64(summary),
    min: v.getFloat64(summary + 8, true),
    max: v.getFloat64(summary + 16, true),
    sum: v.getFloat64(summary + 24, true),
  };
  // Chromosome tree.
  const keySize = v.getUint32(chromTree + 8, true);
  const chroms = new Map<string, { id: number; size: number }>();
  const walkChroms = (at: number) => {
    const leaf = v.getUint8(at) === 1;
    const count = v.getUint16(at + 2, true);
    let p = at + 4;
    for (let i = 0; i < count; i++) {
      const key = new TextDecoder().decode(file.subarray(p, p + keySize)).replace(/\0+$/, '');
      p += keySize;
      if (leaf) chroms.set(key, { id: v.getUint32(p, true), size: v.getUint32(p + 4, true) });
      else walkChroms(u64(p));
      p += 8;
    }
  };
  walkChroms(chromTree + 32);
  const id = chroms.get(chrom)?.id;
  // R-tree: blocks overlapping the query.
  const blocks: [number, number][] = [];
  const overlaps = (sc: number, sb: number, ec: number, eb: number) =>
    id !== undefined && (sc < id || (sc === id && sb < end)) && (ec > id || (ec === id && eb > start));
  const walkIndex = (at: number) => {
    const leaf = v.getUint8(at) === 1;
    const count = v.getUint16(at + 2, true);
    let p = at + 4;
    for (let i = 0; i < count; i++) {
      const [sc, sb, ec, eb] = [0, 4, 8, 12].map((o) => v.getUint32(p + o, true)) as [number, number, number, number];
      if (leaf) {
        if (overlaps(sc, sb, ec, eb)) blocks.push([u64(p + 16), u64(p + 24)]);
        p += 32;
      } else {
        if (overlaps(sc, sb, ec, eb)) walkIndex(u64(p + 16));
        p += 24;
      }
    }
  };
  walkIndex(index + 48);
  const intervals: [number, number, number][] = [];
  for (const [offset, size] of blocks) {
    const raw = file.subarray(offset, offset + size);
    const data = uncompress > 0 ? new Uint8Array(inflateSync(raw)) : raw;
    const d = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const chromId = d.getUint32(0, true);
    const [sectionStart, step, span, type, count] = [
      d.getUint32(4, true),
      d.getUint32(12, true),
      d.getUint32(16, true),
      d.getUint8(20),
      d.getUint16(22, true),
    ];
    for (let i = 0, p = 24; i < count; i++) {
      let s: number, e: number, value: number;
      if (type === 1) [s, e, value] = [d.getUint32(p, true), d.getUint32(p + 4, true), d.getFloat32(p + 8, true)];
      else if (type === 2)
        [s, e, value] = [d.getUint32(p, true), d.getUint32(p, true) + span, d.getFloat32(p + 4, true)];
      else [s, e, value] = [sectionStart + i * step, sectionStart + i * step + span, d.getFloat32(p, true)];
      p += type === 1 ? 12 : type === 2 ? 8 : 4;
      if (chromId === id && s < end && e > start) intervals.push([s, e, value]);
    }
  }
  return { header, chroms, intervals: intervals.sort((a, b) => a[0] - b[0]) };
}

interface Query {
  file: string;
  chrom: string;
  start: number;
  end: number;
  n_intervals: number;
  intervals_first20: [number, number, number][];
  sum: number;
}
const REFERENCE = 'bigwig/pybigwig_reference.json';

describe.skipIf(!hasSharedData(REFERENCE))('the test reader on UCSC-written bigWigs', () => {
  const reference = JSON.parse(fs.readFileSync(sharedData(REFERENCE), 'utf8')) as { queries: Query[] };
  for (const q of reference.queries.filter((q) => hasSharedData('bigwig', q.file))) {
    it(`agrees with pyBigWig on ${q.file} ${q.chrom}:${q.start}-${q.end}`, () => {
      const { intervals } = readBigWig(fs.readFileSync(sharedData('bigwig', q.file)), q.chrom, q.start, q.end);
      expect(intervals).toHaveLength(q.n_intervals);
      intervals.slice(0, 20).forEach((iv, i) => {
        expect(iv.slice(0, 2)).toEqual(q.intervals_first20[i]!.slice(0, 2));
        expect(iv[2]).toBeCloseTo(q.intervals_first20[i]![2], 6);
      });
    });
  }
});

describe('writeBigWig', () => {
  const chroms = [
    { name: 'chr1', size: 1_000_000 },
    { name: 'chr10', size: 500_000 },
    { name: 'chr2', size: 800_000 },
  ];
  const chr1: BigWigInterval[] = Array.from({ length: 2500 }, (_, i) => ({
    start: i * 300,
    end: i * 300 + 200,
    value: Math.fround(Math.sin(i / 50) * 10),
  }));
  const intervals = new Map([
    ['chr1', chr1],
    ['chr2', [{ start: 10, end: 20, value: 3.5 }]],
  ]);

  for (const deflate of [undefined, (b: Uint8Array) => new Uint8Array(deflateSync(b))]) {
    it(`writes what a reader reads back (${deflate ? 'deflated' : 'plain'} sections)`, () => {
      const file = writeBigWig(chroms, intervals, { deflate, itemsPerSlot: 512 });
      const { header, chroms: read, intervals: got } = readBigWig(file, 'chr1', 100_000, 200_000);
      expect([...read.entries()]).toEqual([
        ['chr1', { id: 0, size: 1_000_000 }],
        ['chr10', { id: 1, size: 500_000 }],
        ['chr2', { id: 2, size: 800_000 }],
      ]);
      const want = chr1
        .filter((iv) => iv.start < 200_000 && iv.end > 100_000)
        .map((iv) => [iv.start, iv.end, iv.value]);
      expect(got).toEqual(want);
      expect(readBigWig(file, 'chr2', 0, 100).intervals).toEqual([[10, 20, 3.5]]);
      expect(readBigWig(file, 'chr10', 0, 500_000).intervals).toEqual([]);
      expect(header.bases).toBe(2500 * 200 + 10);
      expect(header.max).toBeCloseTo(10, 3);
      expect(header.min).toBeCloseTo(-10, 3);
      expect(file.subarray(-4)).toEqual(file.subarray(0, 4));
    });
  }

  it('refuses overlapping, out-of-range and unknown-chromosome intervals', () => {
    expect(() => writeBigWig(chroms, new Map([['chr3', []]]))).toThrow('Unknown chromosome chr3');
    expect(() =>
      writeBigWig(
        chroms,
        new Map([
          [
            'chr1',
            [
              { start: 0, end: 10, value: 1 },
              { start: 5, end: 12, value: 1 },
            ],
          ],
        ]),
      ),
    ).toThrow('must be integer, non-empty and not overlap (at 5)');
    expect(() => writeBigWig(chroms, new Map([['chr2', [{ start: 0, end: 900_000, value: 1 }]]]))).toThrow(
      'Interval 0-900000 is past the end of chr2',
    );
  });
});
