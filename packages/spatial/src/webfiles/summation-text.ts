/**
 * Text summations, the original layout (DESIGN §6): `summations/{prefix}{k}.txt.gz` holds features
 * 1000·k … 1000·k + 999 (k from 0). Line 1 is the tixel count; then one line per feature with its value for every
 * tixel in obs order, each printed with C `%6.2f` and separated by commas (numpy `savetxt(fmt='%6.2f',
 * delimiter=',')`), e.g. `  0.00,  3.00, 12.50`. Values ≥ 999.995 widen their field, so readers split on commas
 * and never on column positions.
 */
import { gunzipSync } from 'node:zlib';
import { featureColumns, type FeatureColumn, type FeatureColumns } from '../matrix/columns.js';
import type { Matrix } from '../matrix/types.js';
import { printf62, writePrintf62 } from './printf.js';

export const SUMMATION_CHUNK = 1000;

export function summationChunkPath(prefix: string, chunk: number): string {
  return `summations/${prefix}${chunk}.txt.gz`;
}

const ZERO = '  0.00';

/**
 * Where a chunk's text is written: a buffer of at least `bytes` bytes, with any content. A writer that recycles
 * the buffers of chunks it has finished with saves more than the formatting costs on machines where fresh memory
 * is slow to touch (measured: 2.1 GB of new buffers took 6.8 s to fill, the same bytes into a reused one 0.3 s).
 */
export type ChunkBuffer = (bytes: number) => Uint8Array;

const freshBuffer: ChunkBuffer = (bytes) => new Uint8Array(bytes);

/** Growable byte buffer for one chunk's text. */
class Bytes {
  buffer: Uint8Array;
  length = 0;
  constructor(capacity: number, take: ChunkBuffer) {
    this.buffer = take(capacity);
  }
  reserve(extra: number): number {
    if (this.length + extra > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.length + extra, this.buffer.length * 2));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    const at = this.length;
    this.length += extra;
    return at;
  }
  ascii(text: string): void {
    const at = this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[at + i] = text.charCodeAt(i);
  }
}

/**
 * Text summations hold 7 bytes per tixel per feature, zeros included: ~0.4 GB of text per 1,000 features at 48k
 * tixels, 3.5 GB at Visium HD's 500k bins (63 GB for 18k genes). Above this many tixels × features only the
 * binary `{kind}.csc` is written and the text form of `get_summation` is answered from it
 * (`formatSummationLine`), with the same lines. The largest DBiT chip (220 × 220 = 48,400 tixels) × 30k genes
 * (1.45e9) still gets its text files.
 */
export const TEXT_SUMMATION_MAX_VALUES = 1.5e9;

export function writesTextSummations(nObs: number, nFeatures: number): boolean {
  return nObs * nFeatures <= TEXT_SUMMATION_MAX_VALUES;
}

/** Every field 6 bytes, all zero, comma-separated: the template each line is patched from. */
function zeroLine(n: number): Uint8Array {
  const template = new Uint8Array(7 * n);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 6; c++) template[7 * i + c] = ZERO.charCodeAt(c);
    template[7 * i + 6] = i === n - 1 ? 10 : 44;
  }
  return template;
}

/**
 * Uncompressed text of each chunk, in order (views of buffers from `take`): SummationTextChunker over every feature.
 */
export function* summationTextChunks(
  matrix: Matrix | FeatureColumns,
  take: ChunkBuffer = freshBuffer,
): Generator<Uint8Array> {
  const m = featureColumns(matrix);
  const chunker = new SummationTextChunker(m.nRows, m.nCols, take);
  for (let f = 0; f < m.nCols; f++) {
    const chunk = chunker.add(m.column(f));
    if (chunk) yield chunk;
  }
}

/**
 * Formats features in order into the text of their chunks; `add` answers a chunk's text once its last feature is
 * in. Most values are 0, so every line starts as a copy of an all-zero template and only the stored values are
 * written over their fields as bytes (`writePrintf62`); a line with a value that does not fit 6 bytes (≥ 999.995,
 * negative, NaN) is made again from strings.
 */
export class SummationTextChunker {
  private readonly template: Uint8Array;
  private out: Bytes | null = null;
  private added = 0;
  private chunkEnd = 0;

  constructor(
    private readonly nRows: number,
    private readonly nCols: number,
    private readonly take: ChunkBuffer = freshBuffer,
  ) {
    this.template = zeroLine(nRows);
  }

  add({ rows, values }: FeatureColumn): Uint8Array | null {
    const n = this.nRows;
    const width = 7 * n;
    if (!this.out) {
      this.chunkEnd = Math.min(this.nCols, this.added + SUMMATION_CHUNK);
      // Sized for the usual case (every field 6 bytes), so it grows only if a line has a wide value.
      this.out = new Bytes(16 + (this.chunkEnd - this.added) * Math.max(1, width), this.take);
      this.out.ascii(`${n}\n`);
    }
    const out = this.out;
    if (n === 0) out.ascii('\n');
    else {
      const at = out.reserve(width);
      const buffer = out.buffer;
      buffer.set(this.template, at);
      let narrow = true;
      for (let q = 0; q < values.length && narrow; q++) narrow = writePrintf62(buffer, at + 7 * rows[q]!, values[q]!);
      if (!narrow) {
        out.length = at;
        const line = new Array<string>(n).fill(ZERO);
        for (let q = 0; q < values.length; q++) line[rows[q]!] = printf62(values[q]!);
        out.ascii(`${line.join(',')}\n`);
      }
    }
    if (++this.added < this.chunkEnd) return null;
    this.out = null;
    return out.buffer.subarray(0, out.length);
  }
}

/**
 * One feature's line of a summation chunk (without its newline), from its value per tixel: what the stored text
 * holds, for runs whose text files were not written (TEXT_SUMMATION_MAX_VALUES).
 */
export function formatSummationLine(values: Float32Array): string {
  const n = values.length;
  const line = zeroLine(n);
  let narrow = true;
  for (let i = 0; i < n && narrow; i++) if (values[i] !== 0) narrow = writePrintf62(line, 7 * i, values[i]!);
  if (narrow) return LATIN1.decode(line.subarray(0, Math.max(0, line.length - 1)));
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = values[i] === 0 ? ZERO : printf62(values[i]!);
  return parts.join(',');
}

const LATIN1 = new TextDecoder('latin1');

export interface SummationChunk {
  tixels: number;
  /** One comma-separated line per feature of the chunk, as stored. */
  lines: string[];
}

export function parseSummationChunk(text: string): SummationChunk {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const tixels = Number(lines.shift());
  if (!Number.isInteger(tixels) || tixels < 0)
    throw new RangeError('summation chunk does not start with a tixel count');
  return { tixels, lines };
}

/** The values of one summation line. */
export function parseSummationLine(line: string): Float32Array {
  if (line.trim() === '') return new Float32Array(0);
  return Float32Array.from(line.split(','), Number);
}

/**
 * `get_summation` (text form): one comma-separated string per requested feature index, in request order. Each
 * chunk file is read and decompressed once however many of its features are asked for.
 */
export async function getSummationText(
  rows: readonly number[],
  readChunk: (chunk: number) => Uint8Array | Promise<Uint8Array>,
): Promise<string[]> {
  return pickSummationLines(rows, async (k) => parseSummationChunk(gunzipSync(await readChunk(k)).toString('latin1')));
}

/**
 * The lines of `rows` from parsed chunks (`chunkOf` is asked once per chunk), for readers that keep parsed chunks.
 * RangeError for an index that is not a non-negative integer or is beyond the chunks.
 */
export async function pickSummationLines(
  rows: readonly number[],
  chunkOf: (chunk: number) => Promise<SummationChunk>,
): Promise<string[]> {
  const chunks = new Map<number, Promise<SummationChunk>>();
  for (const row of rows) {
    if (!Number.isInteger(row) || row < 0) throw new RangeError(`feature index ${row} is not a non-negative integer`);
    const k = Math.floor(row / SUMMATION_CHUNK);
    if (!chunks.has(k)) chunks.set(k, chunkOf(k));
  }
  return Promise.all(
    rows.map(async (row) => {
      const line = (await chunks.get(Math.floor(row / SUMMATION_CHUNK))!).lines[row % SUMMATION_CHUNK];
      if (line === undefined) throw new RangeError(`feature index ${row} is beyond the summation files`);
      return line;
    }),
  );
}
