/**
 * A small bigWig writer (UCSC BBI format, version 4; the container is ./bbi.ts): bedGraph-type sections, no zoom
 * levels. Enough for readers that seek by the index over HTTP range requests (igv.js, libBigWig): the demo runs'
 * per-cluster tracks.
 */
import { ByteWriter, writeBbi, type BbiChrom, type BbiSection } from './bbi.js';

export type BigWigChrom = BbiChrom;

/** A half-open interval [start, end) and its value, as in bedGraph. */
export interface BigWigInterval {
  start: number;
  end: number;
  value: number;
}

export interface BigWigOptions {
  /** Items per data section (≤ 65535); UCSC's default is 1024. */
  itemsPerSlot?: number;
  deflate?: (bytes: Uint8Array) => Uint8Array;
}

const BIGWIG_MAGIC = 0x888ffc26;
const SECTION_HEADER_BYTES = 24;
const BEDGRAPH_ITEM_BYTES = 12;

/**
 * Writes a bigWig of these chromosomes; `intervals` maps a chromosome name to its intervals (sorted here, which
 * must then not overlap). Throws on an interval outside its chromosome or an unknown chromosome.
 */
export function writeBigWig(
  chroms: readonly BigWigChrom[],
  intervals: ReadonlyMap<string, readonly BigWigInterval[]>,
  options: BigWigOptions = {},
): Uint8Array {
  const itemsPerSlot = options.itemsPerSlot ?? 1024;
  if (itemsPerSlot < 1 || itemsPerSlot > 0xffff) throw new RangeError('itemsPerSlot must be 1..65535');
  const ids = new Map(chroms.map((c, i) => [c.name, i]));
  for (const name of intervals.keys()) if (!ids.has(name)) throw new RangeError(`Unknown chromosome ${name}`);

  // Total summary over every interval.
  const all = chroms.flatMap((c) => sortedIntervals(c, intervals.get(c.name) ?? []));
  let bases = 0;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let squares = 0;
  for (const iv of all) {
    const n = iv.end - iv.start;
    bases += n;
    min = Math.min(min, iv.value);
    max = Math.max(max, iv.value);
    sum += iv.value * n;
    squares += iv.value * iv.value * n;
  }

  // bedGraph sections per chromosome, in id order.
  const sections: BbiSection[] = [];
  chroms.forEach((chrom, chromId) => {
    const list = sortedIntervals(chrom, intervals.get(chrom.name) ?? []);
    for (let i = 0; i < list.length; i += itemsPerSlot) {
      const items = list.slice(i, i + itemsPerSlot);
      const raw = new ByteWriter();
      raw.u32(chromId);
      raw.u32(items[0]!.start);
      raw.u32(items[items.length - 1]!.end);
      raw.u32(0); // item step
      raw.u32(0); // item span
      raw.u8(1); // type: bedGraph
      raw.u8(0);
      raw.u16(items.length);
      for (const iv of items) {
        raw.u32(iv.start);
        raw.u32(iv.end);
        raw.f32(iv.value);
      }
      const bytes = raw.result();
      if (bytes.length !== SECTION_HEADER_BYTES + items.length * BEDGRAPH_ITEM_BYTES) throw new Error('section size');
      sections.push({ chromId, start: items[0]!.start, end: items[items.length - 1]!.end, bytes });
    }
  });

  return writeBbi({
    magic: BIGWIG_MAGIC,
    chroms,
    sections,
    dataCount: { bytes: 4, value: sections.length },
    itemsPerSlot,
    summary: { bases, min: all.length ? min : 0, max: all.length ? max : 0, sum, squares },
    ...(options.deflate && { deflate: options.deflate }),
  });
}

function sortedIntervals(chrom: BigWigChrom, list: readonly BigWigInterval[]): BigWigInterval[] {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  let end = 0;
  for (const iv of sorted) {
    if (!Number.isInteger(iv.start) || !Number.isInteger(iv.end) || iv.start < end || iv.end <= iv.start)
      throw new RangeError(`Intervals of ${chrom.name} must be integer, non-empty and not overlap (at ${iv.start})`);
    if (iv.end > chrom.size) throw new RangeError(`Interval ${iv.start}-${iv.end} is past the end of ${chrom.name}`);
    end = iv.end;
  }
  return sorted;
}
