/**
 * A small bigWig writer (UCSC BBI format, Kent et al. 2010, version 4): bedGraph-type sections, one chromosome B+
 * tree leaf, one R-tree leaf, no zoom levels. Enough for readers that seek by the index over HTTP range requests
 * (igv.js, libBigWig): the demo runs' per-cluster tracks. Sections are deflated when a `deflate` is given (zlib
 * format, as readers expect); the caller passes it so this file stays free of Node built-ins.
 */

export interface BigWigChrom {
  name: string;
  size: number;
}

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
const CHROM_TREE_MAGIC = 0x78ca8c91;
const CIR_TREE_MAGIC = 0x2468ace0;
const HEADER_BYTES = 64;
const SUMMARY_BYTES = 40;
const SECTION_HEADER_BYTES = 24;
const BEDGRAPH_ITEM_BYTES = 12;

interface Section {
  chromId: number;
  start: number;
  end: number;
  offset: number;
  size: number;
}

/** Grows as bytes are appended; little-endian like every BBI file written on x86. */
class Writer {
  private buffer = new Uint8Array(1 << 16);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }
  u8(v: number) {
    this.ensure(1);
    this.view.setUint8(this.length, v);
    this.length += 1;
  }
  u16(v: number) {
    this.ensure(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
  }
  u32(v: number) {
    this.ensure(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }
  u64(v: number) {
    this.ensure(8);
    this.view.setBigUint64(this.length, BigInt(v), true);
    this.length += 8;
  }
  f32(v: number) {
    this.ensure(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
  }
  f64(v: number) {
    this.ensure(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }
  bytes(b: Uint8Array) {
    this.ensure(b.length);
    this.buffer.set(b, this.length);
    this.length += b.length;
  }
  /** Overwrite values written earlier (offsets and counts known only later). */
  patchU64(at: number, v: number) {
    this.view.setBigUint64(at, BigInt(v), true);
  }
  patchU32(at: number, v: number) {
    this.view.setUint32(at, v, true);
  }
  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

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

  const w = new Writer();
  // Header; the offsets are patched once known.
  w.u32(BIGWIG_MAGIC);
  w.u16(4); // version
  w.u16(0); // zoom levels
  const chromTreeAt = w.length;
  w.u64(0);
  const dataAt = w.length;
  w.u64(0);
  const indexAt = w.length;
  w.u64(0);
  w.u16(0); // field count (bigBed only)
  w.u16(0); // defined field count
  w.u64(0); // autoSql offset
  const summaryAt = w.length;
  w.u64(0);
  const uncompressAt = w.length;
  w.u32(0);
  w.u64(0); // extension offset
  if (w.length !== HEADER_BYTES) throw new Error('bigWig header size');

  // Total summary over every interval.
  const all = chroms.flatMap((c) => sortedIntervals(c, intervals.get(c.name) ?? []));
  w.patchU64(summaryAt, w.length);
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
  w.u64(bases);
  w.f64(all.length ? min : 0);
  w.f64(all.length ? max : 0);
  w.f64(sum);
  w.f64(squares);
  if (w.length !== HEADER_BYTES + SUMMARY_BYTES) throw new Error('bigWig summary size');

  // Chromosome B+ tree: a single leaf holding every chromosome.
  w.patchU64(chromTreeAt, w.length);
  const encoder = new TextEncoder();
  const keySize = Math.max(1, ...chroms.map((c) => encoder.encode(c.name).length));
  w.u32(CHROM_TREE_MAGIC);
  w.u32(Math.max(1, chroms.length)); // block size
  w.u32(keySize);
  w.u32(8); // value size: id + size
  w.u64(chroms.length);
  w.u64(0);
  w.u8(1); // leaf
  w.u8(0);
  w.u16(chroms.length);
  // Keys must be in byte order for the tree's binary search.
  const byKey = chroms.map((c, id) => ({ ...c, id })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const c of byKey) {
    const key = new Uint8Array(keySize);
    key.set(encoder.encode(c.name));
    w.bytes(key);
    w.u32(c.id);
    w.u32(c.size);
  }

  // Data: the section count, then bedGraph sections per chromosome in id order.
  w.patchU64(dataAt, w.length);
  const sections: Section[] = [];
  const countAt = w.length;
  w.u32(0);
  let largest = 0;
  chroms.forEach((chrom, chromId) => {
    const list = sortedIntervals(chrom, intervals.get(chrom.name) ?? []);
    for (let i = 0; i < list.length; i += itemsPerSlot) {
      const items = list.slice(i, i + itemsPerSlot);
      const raw = new Writer();
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
      const plain = raw.result();
      if (plain.length !== SECTION_HEADER_BYTES + items.length * BEDGRAPH_ITEM_BYTES) throw new Error('section size');
      largest = Math.max(largest, plain.length);
      const stored = options.deflate ? options.deflate(plain) : plain;
      sections.push({
        chromId,
        start: items[0]!.start,
        end: items[items.length - 1]!.end,
        offset: w.length,
        size: stored.length,
      });
      w.bytes(stored);
    }
  });
  w.patchU32(countAt, sections.length);

  // R-tree index: a single leaf over every section.
  const indexStart = w.length;
  w.patchU64(indexAt, indexStart);
  const first = sections[0];
  const last = sections[sections.length - 1];
  w.u32(CIR_TREE_MAGIC);
  w.u32(Math.max(1, sections.length)); // block size
  w.u64(sections.length);
  w.u32(first?.chromId ?? 0);
  w.u32(first?.start ?? 0);
  w.u32(last?.chromId ?? 0);
  w.u32(last?.end ?? 0);
  w.u64(indexStart); // end of the data section
  w.u32(itemsPerSlot);
  w.u32(0);
  w.u8(1); // leaf
  w.u8(0);
  w.u16(sections.length);
  for (const s of sections) {
    w.u32(s.chromId);
    w.u32(s.start);
    w.u32(s.chromId);
    w.u32(s.end);
    w.u64(s.offset);
    w.u64(s.size);
  }
  if (options.deflate) w.patchU32(uncompressAt, largest);
  w.u32(BIGWIG_MAGIC); // the file ends with the magic, as UCSC writes it
  return w.result();
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
