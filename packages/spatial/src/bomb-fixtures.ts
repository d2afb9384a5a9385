/**
 * Decompression bombs for tests, generated at test time (issue 33 "Hardening, second pass"): small files that
 * declare or inflate to far more than they weigh. Node-only, for tests.
 *
 * The deflate streams are built here rather than by a library: a library would deflate the gigabyte of zeros it is
 * given (seconds of CPU and a gigabyte of memory per fixture). Here one megabyte of zeros is deflated once, ending
 * on a sync flush (a byte-aligned, non-final block that refers to nothing before itself), and that block is
 * repeated: a valid deflate stream of any length of zeros, built in milliseconds. The zip around them is fflate's;
 * the gzip, zlib and PNG framing (a header and a checksum each) stays here. CRCs over a gigabyte of zeros are Node's
 * native `zlib.crc32` (Node-only code, and the shared JavaScript one in formats/crc32.ts would take seconds).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
import type { Dataset, File as H5File, Group } from 'h5wasm/node';

const SEGMENT = 1 << 20;
const GIB = 1 << 30;

/** A raw deflate stream of `size` zero bytes, and their CRC-32. */
export function zeroDeflate(size: number): { deflated: Buffer; crc32: number } {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 } as const;
  const full = zlib.deflateRawSync(Buffer.alloc(SEGMENT), flush);
  const parts: Buffer[] = [];
  const zeros = Buffer.alloc(SEGMENT);
  let crc32 = 0;
  for (let left = size; left > 0; left -= SEGMENT) {
    const n = Math.min(SEGMENT, left);
    parts.push(n === SEGMENT ? full : zlib.deflateRawSync(Buffer.alloc(n), flush));
    crc32 = zlib.crc32(zeros.subarray(0, n), crc32);
  }
  parts.push(zlib.deflateRawSync(Buffer.alloc(0))); // the final, empty block
  return { deflated: Buffer.concat(parts), crc32 };
}

export interface ZipEntry {
  name: string;
  /** Stored as is (method 0)… */
  data?: Buffer | string;
  /** …or a deflated entry (method 8) of `size` zero bytes. */
  zeros?: number;
  /** The uncompressed size the directory states, when it should lie. */
  declaredSize?: number;
}

/**
 * A zip archive (stored and deflated entries, no zip64) like zarr-python's ZipStore, written by fflate's streaming
 * `Zip`. Each entry is handed to it already compressed, with the CRC and size it is to declare (a custom
 * `ZipInputFile`): fflate's own entries would deflate the gigabyte they stand for, and would not lie about it.
 */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const entry of entries) {
    const stored = entry.zeros === undefined ? Buffer.from(entry.data ?? '') : undefined;
    const deflated = entry.zeros === undefined ? undefined : zeroDeflate(entry.zeros);
    const file: ZipInputFile = {
      filename: entry.name,
      compression: stored ? 0 : 8,
      crc: stored ? zlib.crc32(stored) : deflated!.crc32,
      size: entry.declaredSize ?? (stored ? stored.length : entry.zeros!),
    };
    zip.add(file);
    file.ondata!(null, new Uint8Array(stored ?? deflated!.deflated), true);
  }
  zip.end();
  return Buffer.concat(parts);
}

const json = (value: unknown) => JSON.stringify(value);
const frame = (names: string[]) => [
  { name: '.zattrs', data: json({ _index: '_index', 'column-order': [], 'encoding-type': 'dataframe' }) },
  {
    name: '_index/.zarray',
    data: json({
      zarr_format: 2,
      shape: [names.length],
      chunks: [names.length],
      dtype: '|O',
      compressor: null,
      fill_value: null,
      filters: [{ id: 'vlen-utf8' }],
      order: 'C',
    }),
  },
  { name: '_index/0', data: vlenUtf8(names) },
];

/** numcodecs' vlen-utf8 encoding: a count, then each string's length and bytes. */
function vlenUtf8(values: string[]): Buffer {
  const parts = values.map((v) => Buffer.from(v));
  const out = Buffer.alloc(4 + parts.reduce((n, p) => n + 4 + p.length, 0));
  out.writeUInt32LE(values.length, 0);
  let at = 4;
  for (const p of parts) {
    out.writeUInt32LE(p.length, at);
    p.copy(out, at + 4);
    at += 4 + p.length;
  }
  return out;
}

export interface ZarrBombOptions {
  /** X's declared shape (default the issue's [1e8, 1e8]). */
  shape?: [number, number];
  /** X's chunk shape (default one chunk of 16384 × 16384). */
  chunks?: [number, number];
  /** Zero bytes the zip entry of X's first chunk inflates to (default 1 GiB). */
  chunkBytes?: number;
  /** Where the chunk's zeros are compressed: by the zip (default), or by zarr's zlib codec inside a stored entry. */
  compressedBy?: 'zip' | 'zarr';
}

/**
 * An AnnData-Zarr `.zarr.zip` (zarr v2) whose X is a bomb: about 1 MB on disk, holding a chunk of 1 GiB of zeros
 * and declaring X as 1e8 × 1e8 float32, with 3 obs and 3 var names. Options make the variants: a plausible shape
 * with a chunk that inflates past it, a zlib-compressed chunk, or a shape cut into millions of chunks.
 */
export function zarrZipBomb(options: ZarrBombOptions = {}): Buffer {
  const shape = options.shape ?? [1e8, 1e8];
  const chunks = options.chunks ?? [16384, 16384];
  const chunkBytes = options.chunkBytes ?? GIB;
  const byZarr = options.compressedBy === 'zarr';
  const names = (prefix: string) => [0, 1, 2].map((i) => `${prefix}${i}`);
  const chunk: ZipEntry = byZarr
    ? { name: 'X/0.0', data: zlibOfZeros(chunkBytes) }
    : { name: 'X/0.0', zeros: chunkBytes };
  return zipArchive([
    { name: '.zgroup', data: json({ zarr_format: 2 }) },
    { name: '.zattrs', data: json({ 'encoding-type': 'anndata', 'encoding-version': '0.1.0' }) },
    {
      name: 'X/.zarray',
      data: json({
        zarr_format: 2,
        shape,
        chunks,
        dtype: '<f4',
        compressor: byZarr ? { id: 'zlib', level: 9 } : null,
        fill_value: 0,
        filters: null,
        order: 'C',
      }),
    },
    chunk,
    { name: 'obs/.zgroup', data: json({ zarr_format: 2 }) },
    ...frame(names('cell')).map((e) => ({ ...e, name: `obs/${e.name}` })),
    { name: 'var/.zgroup', data: json({ zarr_format: 2 }) },
    ...frame(names('gene')).map((e) => ({ ...e, name: `var/${e.name}` })),
  ]);
}

/** A gzip member (RFC 1952) of `size` zero bytes: a `matrix.mtx.gz` that inflates to gigabytes. */
export function gzipOfZeros(size: number): Buffer {
  const { deflated, crc32 } = zeroDeflate(size);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]), deflated, trailer]);
}

/** A zlib stream (header, deflate, Adler-32) of `size` zero bytes. */
function zlibOfZeros(size: number): Buffer {
  const adler = (((size % 65521) << 16) | 1) >>> 0;
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), zeroDeflate(size).deflated, trailer]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(Buffer.from(type, 'latin1'))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A black 8-bit grayscale PNG of `width` × `height` (default the 25000 × 25000: 625 megapixels in 608 KB).
 * Every row is filter byte 0 and zeros, so the image data is one zlib stream of zeros.
 */
export function pngBomb(width = 25_000, height = 25_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlibOfZeros(height * (width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An HDF5 file built by `build` with h5wasm, as bytes (written to a temporary file that is removed). */
async function hdf5Bytes(build: (file: H5File) => void): Promise<Uint8Array> {
  const h5wasm = (await import('h5wasm/node')).default;
  await h5wasm.ready;
  const target = path.join(os.tmpdir(), `atlas-bomb-${randomUUID()}.h5`);
  try {
    const file = new h5wasm.File(target, 'w');
    try {
      build(file);
    } finally {
      file.close();
    }
    return new Uint8Array(fs.readFileSync(target));
  } finally {
    fs.rmSync(target, { force: true });
  }
}

/** A resizable, chunked dataset of one value grown to `length`: HDF5 stores no chunk it was never given. */
function grown(group: Group, name: string, value: Float32Array | Int32Array | BigInt64Array, length: number) {
  group.create_dataset({ name, data: value, maxshape: [null], chunks: [1 << 16] });
  (group.get(name) as Dataset).resize([length]);
}

/**
 * A 10x HDF5 matrix (v3 layout) of 3 barcodes × 3 features whose `data` and `indices` are declared with `nnz`
 * entries (default 500 million: 2 GB each once read) in a file of a few kilobytes.
 */
export function tenxH5Bomb(nnz = 500_000_000): Promise<Uint8Array> {
  return hdf5Bytes((file) => {
    const matrix = file.create_group('matrix');
    grown(matrix, 'data', Float32Array.of(1), nnz);
    grown(matrix, 'indices', Int32Array.of(0), nnz);
    matrix.create_dataset({ name: 'indptr', data: BigInt64Array.of(0n, 0n, 0n, BigInt(nnz)) });
    matrix.create_dataset({ name: 'shape', data: Int32Array.of(3, 3) });
    matrix.create_dataset({ name: 'barcodes', data: ['A-1', 'C-1', 'G-1'] });
    const features = matrix.create_group('features');
    features.create_dataset({ name: 'id', data: ['g0', 'g1', 'g2'] });
    features.create_dataset({ name: 'name', data: ['G0', 'G1', 'G2'] });
    features.create_dataset({ name: 'feature_type', data: ['Gene Expression', 'Gene Expression', 'Gene Expression'] });
  });
}

/**
 * An AnnData `.h5ad` whose X is a dense dataset declared `nObs` × 3 (default 1e8 rows: 1.2 GB of float32 once
 * read) and whose obs names are declared as many, in a file of a few kilobytes.
 */
export function h5adBomb(nObs = 100_000_000): Promise<Uint8Array> {
  return hdf5Bytes((file) => {
    file.create_dataset({
      name: 'X',
      data: new Float32Array(3),
      shape: [1, 3],
      maxshape: [null, 3],
      chunks: [1 << 14, 3],
    });
    (file.get('X') as Dataset).resize([nObs, 3]);
    const obs = file.create_group('obs');
    obs.create_attribute('_index', '_index');
    obs.create_attribute('encoding-type', 'dataframe');
    obs.create_attribute('encoding-version', '0.2.0');
    grown(obs, '_index', Int32Array.of(0), nObs);
    const vars = file.create_group('var');
    vars.create_attribute('_index', '_index');
    vars.create_attribute('encoding-type', 'dataframe');
    vars.create_attribute('encoding-version', '0.2.0');
    vars.create_dataset({ name: '_index', data: ['g0', 'g1', 'g2'] });
  });
}
