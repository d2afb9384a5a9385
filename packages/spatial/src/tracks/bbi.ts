/**
 * The container shared by bigWig and bigBed (UCSC BBI format, Kent et al. 2010, version 4): header, total summary,
 * chromosome B+ tree (one leaf), data sections, R-tree index (one leaf over every section), no zoom levels. Enough
 * for readers that seek by the index over HTTP range requests (igv.js, libBigWig, @gmod/bbi). Sections are
 * deflated when a `deflate` is given (zlib format, as readers expect); the caller passes it so this package stays
 * free of Node built-ins.
 */

export interface BbiChrom {
  name: string;
  size: number;
}

/** One data section, before compression: its chromosome, the span of its items, its bytes. */
export interface BbiSection {
  chromId: number;
  start: number;
  end: number;
  bytes: Uint8Array;
}

export interface BbiSummary {
  bases: number;
  min: number;
  max: number;
  sum: number;
  squares: number;
}

export interface BbiFile {
  magic: number;
  chroms: readonly BbiChrom[];
  /** In chromosome id order, then by start. */
  sections: readonly BbiSection[];
  /** How the data block starts: bigWig counts sections (4 bytes), bigBed counts items (8 bytes). */
  dataCount: { bytes: 4 | 8; value: number };
  itemsPerSlot: number;
  /** bigBed: BED fields in each item (3 + those in its text), of which the standard ones, and their autoSql. */
  fieldCount?: number;
  definedFieldCount?: number;
  autoSql?: string;
  summary?: BbiSummary;
  deflate?: (bytes: Uint8Array) => Uint8Array;
}

const CHROM_TREE_MAGIC = 0x78ca8c91;
const CIR_TREE_MAGIC = 0x2468ace0;
const HEADER_BYTES = 64;

/** Grows as bytes are appended; little-endian like every BBI file written on x86. */
export class ByteWriter {
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

export function writeBbi(file: BbiFile): Uint8Array {
  const { chroms, sections, deflate } = file;
  const w = new ByteWriter();
  // Header; the offsets are patched once known.
  w.u32(file.magic);
  w.u16(4); // version
  w.u16(0); // zoom levels
  const chromTreeAt = w.length;
  w.u64(0);
  const dataAt = w.length;
  w.u64(0);
  const indexAt = w.length;
  w.u64(0);
  w.u16(file.fieldCount ?? 0);
  w.u16(file.definedFieldCount ?? 0);
  const autoSqlAt = w.length;
  w.u64(0);
  const summaryAt = w.length;
  w.u64(0);
  const uncompressAt = w.length;
  w.u32(0);
  w.u64(0); // extension offset
  if (w.length !== HEADER_BYTES) throw new Error('BBI header size');

  if (file.autoSql !== undefined) {
    w.patchU64(autoSqlAt, w.length);
    w.bytes(new TextEncoder().encode(file.autoSql));
    w.u8(0);
  }
  if (file.summary) {
    const s = file.summary;
    w.patchU64(summaryAt, w.length);
    w.u64(s.bases);
    w.f64(s.min);
    w.f64(s.max);
    w.f64(s.sum);
    w.f64(s.squares);
  }

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

  // Data: the count, then the sections.
  w.patchU64(dataAt, w.length);
  if (file.dataCount.bytes === 8) w.u64(file.dataCount.value);
  else w.u32(file.dataCount.value);
  let largest = 0;
  const placed = sections.map((s) => {
    largest = Math.max(largest, s.bytes.length);
    const stored = deflate ? deflate(s.bytes) : s.bytes;
    const at = { ...s, offset: w.length, size: stored.length };
    w.bytes(stored);
    return at;
  });

  // R-tree index: a single leaf over every section.
  const indexStart = w.length;
  w.patchU64(indexAt, indexStart);
  const first = placed[0];
  const last = placed[placed.length - 1];
  w.u32(CIR_TREE_MAGIC);
  w.u32(Math.max(1, placed.length)); // block size
  w.u64(placed.length);
  w.u32(first?.chromId ?? 0);
  w.u32(first?.start ?? 0);
  w.u32(last?.chromId ?? 0);
  w.u32(last?.end ?? 0);
  w.u64(indexStart); // end of the data section
  w.u32(file.itemsPerSlot);
  w.u32(0);
  w.u8(1); // leaf
  w.u8(0);
  w.u16(placed.length);
  for (const s of placed) {
    w.u32(s.chromId);
    w.u32(s.start);
    w.u32(s.chromId);
    w.u32(s.end);
    w.u64(s.offset);
    w.u64(s.size);
  }
  if (deflate) w.patchU32(uncompressAt, largest);
  w.u32(file.magic); // the file ends with the magic, as UCSC writes it
  return w.result();
}
