/**
 * A BED-like file compressed with BGZF and its tabix index (`.tbi`; Li 2011, the htslib format of `tabix -p bed`):
 * what igv.js and other genome browsers read a 10x ATAC `fragments.tsv.gz` with, fetching only the compressed
 * members a locus needs through HTTP range requests. The index bins each line by the UCSC binning scheme and keeps a
 * linear index of 16 kb windows. Coordinates are 0-based and half-open, as in BED.
 */
import { ByteWriter } from './bbi.js';
import { BGZF_MAX_DATA, bgzf, bgzfBlocks } from './bgzf.js';

/** One line: chromosome, half-open [start, end), then its other columns. */
export interface TabixRecord {
  chrom: string;
  start: number;
  end: number;
  rest: readonly (string | number)[];
}

export interface TabixOptions {
  /** Lines written before the records, each starting with '#' (tabix skips them; 10x writes `# id=…` and the like). */
  header?: readonly string[];
  /** Chromosome order in the file; default: natural order of the names (chr2 before chr10). */
  chroms?: readonly string[];
  /** Raw DEFLATE, no zlib or gzip wrapping (Node: `zlib.deflateRawSync`). */
  deflateRaw: (bytes: Uint8Array) => Uint8Array;
}

/** Tabix's preset for BED: generic columns with UCSC (0-based, half-open) coordinates. */
const TBX_UCSC = 0x10000;
const LINEAR_SHIFT = 14;

/** The UCSC bin of [beg, end) (the SAM specification §5.3). */
export function reg2bin(beg: number, end: number): number {
  const last = end - 1;
  if (beg >> 14 === last >> 14) return 4681 + (beg >> 14);
  if (beg >> 17 === last >> 17) return 585 + (beg >> 17);
  if (beg >> 20 === last >> 20) return 73 + (beg >> 20);
  if (beg >> 23 === last >> 23) return 9 + (beg >> 23);
  if (beg >> 26 === last >> 26) return 1 + (beg >> 26);
  return 0;
}

interface RefIndex {
  name: string;
  /** Bin → chunks [begin, end) of virtual offsets. */
  bins: Map<number, [bigint, bigint][]>;
  linear: (bigint | undefined)[];
}

/** The file (BGZF) and its tabix index (itself BGZF, as htslib writes it). */
export function writeTabixBed(
  records: readonly TabixRecord[],
  options: TabixOptions,
): { data: Uint8Array; index: Uint8Array } {
  const order = options.chroms ?? [...new Set(records.map((r) => r.chrom))].sort(naturalOrder);
  const rank = new Map(order.map((c, i) => [c, i]));
  for (const r of records) {
    if (!rank.has(r.chrom)) throw new RangeError(`Chromosome ${r.chrom} is not in the chromosome order`);
    if (!Number.isInteger(r.start) || !Number.isInteger(r.end) || r.start < 0 || r.end <= r.start)
      throw new RangeError(`${r.chrom}:${r.start}-${r.end} is not a non-empty integer interval`);
    if (r.end > 2 ** 29) throw new RangeError('Tabix indexes positions below 2^29 only');
  }
  const sorted = [...records].sort(
    (a, b) => rank.get(a.chrom)! - rank.get(b.chrom)! || a.start - b.start || a.end - b.end,
  );

  // Lines into members of whole lines: member i, and where each record's line starts and ends in it.
  const encoder = new TextEncoder();
  const blocks: Uint8Array[][] = [[]];
  const blockSizes = [0];
  const place = (line: string) => {
    const bytes = encoder.encode(line + '\n');
    if (bytes.length > BGZF_MAX_DATA) throw new RangeError('A line is longer than a BGZF member');
    if (blockSizes[blockSizes.length - 1]! + bytes.length > BGZF_MAX_DATA) {
      blocks.push([]);
      blockSizes.push(0);
    }
    const block = blocks.length - 1;
    const from = blockSizes[block]!;
    blocks[block]!.push(bytes);
    blockSizes[block] = from + bytes.length;
    return { block, from, to: from + bytes.length };
  };
  for (const line of options.header ?? []) {
    if (!line.startsWith('#')) throw new RangeError('Header lines start with #');
    place(line);
  }
  const spans = sorted.map((r) => place([r.chrom, r.start, r.end, ...r.rest].join('\t')));
  const { bytes: data, offsets } = bgzfBlocks(blocks.map(concat), options.deflateRaw);
  const voffset = (block: number, at: number) => (BigInt(offsets[block]!) << 16n) | BigInt(at);

  // Bins and linear index per chromosome.
  const refs: RefIndex[] = [];
  sorted.forEach((r, i) => {
    let ref = refs[refs.length - 1];
    if (!ref || ref.name !== r.chrom) refs.push((ref = { name: r.chrom, bins: new Map(), linear: [] }));
    const span = spans[i]!;
    const begin = voffset(span.block, span.from);
    const end = voffset(span.block, span.to);
    const bin = reg2bin(r.start, r.end);
    const chunks = ref.bins.get(bin) ?? [];
    const lastChunk = chunks[chunks.length - 1];
    if (lastChunk && lastChunk[1] === begin) lastChunk[1] = end;
    else chunks.push([begin, end]);
    ref.bins.set(bin, chunks);
    for (let w = r.start >> LINEAR_SHIFT; w <= (r.end - 1) >> LINEAR_SHIFT; w++) ref.linear[w] ??= begin;
  });

  const w = new ByteWriter();
  w.bytes(encoder.encode('TBI\x01'));
  w.u32(refs.length);
  w.u32(TBX_UCSC);
  w.u32(1); // column of the chromosome (1-based)
  w.u32(2); // start
  w.u32(3); // end
  w.u32('#'.charCodeAt(0)); // lines starting with it are skipped
  w.u32(0); // lines skipped at the top
  const names = encoder.encode(refs.map((r) => r.name + '\0').join(''));
  w.u32(names.length);
  w.bytes(names);
  for (const ref of refs) {
    w.u32(ref.bins.size);
    for (const [bin, chunks] of [...ref.bins].sort((a, b) => a[0] - b[0])) {
      w.u32(bin);
      w.u32(chunks.length);
      for (const [begin, end] of chunks) {
        w.u64(Number(begin));
        w.u64(Number(end));
      }
    }
    // A window with no line of its own points where the previous one does (a reader starts no later than that).
    let previous = ref.linear.find((v) => v !== undefined) ?? 0n;
    w.u32(ref.linear.length);
    for (let i = 0; i < ref.linear.length; i++) {
      previous = ref.linear[i] ?? previous;
      w.u64(Number(previous));
    }
  }
  return { data, index: bgzf(w.result(), options.deflateRaw) };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const naturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
