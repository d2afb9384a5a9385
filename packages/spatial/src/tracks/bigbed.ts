/**
 * A small bigBed writer (UCSC BBI format, version 4; the container is ./bbi.ts) for BED6 features — chrom, start,
 * end, name, score, strand — with their autoSql, no zoom levels. Features may overlap, as in any BED file. igv.js
 * reads it over HTTP range requests through its R-tree index: the demo runs' peak calls.
 */
import { ByteWriter, writeBbi, type BbiChrom, type BbiSection } from './bbi.js';

/** A BED6 feature: half-open [start, end) on `chrom`. */
export interface BedFeature {
  chrom: string;
  start: number;
  end: number;
  name: string;
  /** 0–1000. */
  score: number;
  strand: '+' | '-' | '.';
}

export interface BigBedOptions {
  /** Items per data section (≤ 65535); UCSC's default is 512 for bigBed. */
  itemsPerSlot?: number;
  deflate?: (bytes: Uint8Array) => Uint8Array;
}

const BIGBED_MAGIC = 0x8789f2eb;

/** The autoSql of BED6, as bedToBigBed writes it for `-type=bed6`. */
export const BED6_AUTOSQL = `table bed
"Browser Extensible Data"
    (
    string chrom;       "Reference sequence chromosome or scaffold"
    uint   chromStart;  "Start position in chromosome"
    uint   chromEnd;    "End position in chromosome"
    string name;        "Name of item"
    uint score;          "Score from 0-1000"
    char[1] strand;     "+ or -"
    )
`;

/** Writes a bigBed of these BED6 features (any order: sorted here by chromosome id, then start and end). */
export function writeBigBed(
  chroms: readonly BbiChrom[],
  features: readonly BedFeature[],
  options: BigBedOptions = {},
): Uint8Array {
  const itemsPerSlot = options.itemsPerSlot ?? 512;
  if (itemsPerSlot < 1 || itemsPerSlot > 0xffff) throw new RangeError('itemsPerSlot must be 1..65535');
  const ids = new Map(chroms.map((c, i) => [c.name, i]));
  const encoder = new TextEncoder();
  const items = features.map((f) => {
    const chromId = ids.get(f.chrom);
    if (chromId === undefined) throw new RangeError(`Unknown chromosome ${f.chrom}`);
    if (!Number.isInteger(f.start) || !Number.isInteger(f.end) || f.start < 0 || f.end <= f.start)
      throw new RangeError(`Feature ${f.name} must be a non-empty integer interval (${f.start}-${f.end})`);
    if (f.end > chroms[chromId]!.size) throw new RangeError(`Feature ${f.name} is past the end of ${f.chrom}`);
    if (/[\t\n\0]/.test(f.name)) throw new RangeError(`Feature name ${JSON.stringify(f.name)} has a tab or newline`);
    const score = Math.round(f.score);
    if (!(score >= 0 && score <= 1000)) throw new RangeError(`Score of ${f.name} must be 0–1000`);
    return { chromId, start: f.start, end: f.end, rest: encoder.encode(`${f.name}\t${score}\t${f.strand}`) };
  });
  items.sort((a, b) => a.chromId - b.chromId || a.start - b.start || a.end - b.end);

  // Sections never span two chromosomes; each item is chromId, start, end and its other fields as text, NUL-ended.
  const sections: BbiSection[] = [];
  for (let i = 0; i < items.length;) {
    const chromId = items[i]!.chromId;
    const raw = new ByteWriter();
    let end = 0;
    const start = items[i]!.start;
    let n = 0;
    for (; i < items.length && items[i]!.chromId === chromId && n < itemsPerSlot; i++, n++) {
      const item = items[i]!;
      raw.u32(item.chromId);
      raw.u32(item.start);
      raw.u32(item.end);
      raw.bytes(item.rest);
      raw.u8(0);
      end = Math.max(end, item.end);
    }
    sections.push({ chromId, start, end, bytes: raw.result() });
  }

  // Total summary of the coverage, as UCSC writes it: covered bases, and the depth's min, max, sum and squares.
  const summary = { bases: 0, min: Infinity, max: -Infinity, sum: 0, squares: 0 };
  for (let c = 0, k = 0; c < chroms.length; c++) {
    const events: [number, number][] = [];
    for (; k < items.length && items[k]!.chromId === c; k++) events.push([items[k]!.start, 1], [items[k]!.end, -1]);
    events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let depth = 0;
    let at = 0;
    for (const [pos, delta] of events) {
      if (depth > 0 && pos > at) {
        const n = pos - at;
        summary.bases += n;
        summary.min = Math.min(summary.min, depth);
        summary.max = Math.max(summary.max, depth);
        summary.sum += depth * n;
        summary.squares += depth * depth * n;
      }
      depth += delta;
      at = pos;
    }
  }
  if (summary.bases === 0) Object.assign(summary, { min: 0, max: 0 });

  return writeBbi({
    magic: BIGBED_MAGIC,
    chroms,
    sections,
    dataCount: { bytes: 8, value: items.length },
    itemsPerSlot,
    fieldCount: 6,
    definedFieldCount: 6,
    autoSql: BED6_AUTOSQL,
    summary,
    ...(options.deflate && { deflate: options.deflate }),
  });
}
