/**
 * Reads what a TIFF says about its first image (TIFF 6.0 §2 and BigTIFF): dimensions, samples, bit depth, sample
 * format and the number of pages, from the header and the image file directories only — a multi-GB microscope
 * image costs a few small reads at the offsets its directories name.
 */
import { SpatialFormatError } from './errors.js';

/** Returns up to `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

export interface TiffInfo {
  width: number;
  height: number;
  samplesPerPixel: number;
  bitsPerSample: number;
  /** 'uint' | 'int' | 'float' (TIFF SampleFormat 1, 2, 3). */
  sampleFormat: 'uint' | 'int' | 'float';
  /** Image file directories (pages) in the file. */
  pages: number;
  bigTiff: boolean;
}

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  samplesPerPixel: 277,
  sampleFormat: 339,
} as const;
/** Bytes per value of the integer field types the dimension tags use: SHORT, LONG, LONG8. */
const VALUE_WIDTH: Record<number, number> = { 3: 2, 4: 4, 16: 8 };
const SAMPLE_FORMATS = { 1: 'uint', 2: 'int', 3: 'float' } as const;
/** Beyond this many directories a file is more likely corrupt (a loop) than a real image stack. */
const MAX_PAGES = 100_000;

export async function readTiffInfo(read: ReadAt, size: number, name: string): Promise<TiffInfo> {
  const fail = (problem: string): never => {
    throw new SpatialFormatError(name, problem);
  };
  if (size < 8) fail(size === 0 ? 'empty file, not a TIFF' : 'not a TIFF file (too short)');
  const head = await read(0, 16);
  const order = String.fromCharCode(head[0]!, head[1]!);
  if (order !== 'II' && order !== 'MM') fail('not a TIFF file (no II/MM byte-order mark)');
  const little = order === 'II';
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view(head).getUint16(2, little);
  if (magic !== 42 && magic !== 43) fail(`not a TIFF file (version ${magic}, expected 42 or 43)`);
  const bigTiff = magic === 43;
  const offsetSize = bigTiff ? 8 : 4;
  const readOffset = (v: DataView, at: number): number =>
    bigTiff ? Number(v.getBigUint64(at, little)) : v.getUint32(at, little);
  const entrySize = bigTiff ? 20 : 12;
  const countSize = bigTiff ? 8 : 2;

  const readDirectory = async (offset: number) => {
    if (offset < 8 || offset + countSize > size) fail(`image directory at byte ${offset} lies outside the file`);
    const countBytes = await read(offset, countSize);
    const count = bigTiff ? Number(view(countBytes).getBigUint64(0, little)) : view(countBytes).getUint16(0, little);
    const length = count * entrySize + offsetSize;
    if (count === 0 || offset + countSize + length > size) fail(`image directory at byte ${offset} is truncated`);
    const body = await read(offset + countSize, length);
    if (body.length < length) fail(`image directory at byte ${offset} is truncated`);
    return { count, body: view(body), next: readOffset(view(body), count * entrySize) };
  };

  /** The first value of a SHORT/LONG/LONG8 tag, inline or (several values, e.g. RGB BitsPerSample) at its offset. */
  const tagValue = async (dir: { count: number; body: DataView }, tag: number): Promise<number | undefined> => {
    for (let i = 0; i < dir.count; i++) {
      const at = i * entrySize;
      if (dir.body.getUint16(at, little) !== tag) continue;
      const type = dir.body.getUint16(at + 2, little);
      const width = VALUE_WIDTH[type];
      if (!width) fail(`tag ${tag} has an unexpected type (${type})`);
      const n = bigTiff ? Number(dir.body.getBigUint64(at + 4, little)) : dir.body.getUint32(at + 4, little);
      if (n < 1) return undefined;
      const valueAt = at + 4 + offsetSize;
      const inline = width! * n <= offsetSize;
      const source = inline ? dir.body : view(await read(readOffset(dir.body, valueAt), width!));
      const where = inline ? valueAt : 0;
      if (source.byteLength < where + width!) fail(`tag ${tag} points outside the file`);
      if (width === 2) return source.getUint16(where, little);
      if (width === 4) return source.getUint32(where, little);
      return Number(source.getBigUint64(where, little));
    }
    return undefined;
  };

  const first = await readDirectory(readOffset(view(head), bigTiff ? 8 : 4));
  const width = (await tagValue(first, TAG.width)) ?? fail('its first image has no width (ImageWidth tag)');
  const height = (await tagValue(first, TAG.height)) ?? fail('its first image has no height (ImageLength tag)');
  if (width <= 0 || height <= 0) fail(`its first image is ${width} × ${height} pixels`);
  const samplesPerPixel = (await tagValue(first, TAG.samplesPerPixel)) ?? 1;
  const bitsPerSample = (await tagValue(first, TAG.bitsPerSample)) ?? 1;
  const formatCode = (await tagValue(first, TAG.sampleFormat)) ?? 1;
  const sampleFormat =
    SAMPLE_FORMATS[formatCode as 1 | 2 | 3] ?? fail(`its first image has an unknown sample format (${formatCode})`);

  let pages = 1;
  const seen = new Set<number>();
  for (let next = first.next; next !== 0 && pages < MAX_PAGES; pages++) {
    if (seen.has(next)) fail('its image directories form a loop');
    seen.add(next);
    next = (await readDirectory(next)).next;
  }
  return { width, height, samplesPerPixel, bitsPerSample, sampleFormat, pages, bigTiff };
}

/** "2000 × 1500, 16-bit uint, 1 sample, 3 pages", for messages and the upload answer. */
export function describeTiff(info: TiffInfo): string {
  const samples = `${info.samplesPerPixel} sample${info.samplesPerPixel === 1 ? '' : 's'}`;
  const pages = info.pages === 1 ? '' : `, ${info.pages} pages`;
  return `${info.width} × ${info.height}, ${info.bitsPerSample}-bit ${info.sampleFormat}, ${samples}${pages}`;
}
