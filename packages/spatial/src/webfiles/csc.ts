/**
 * `summations/{kind}.csc`: one feature kind as a column-compressed matrix, laid out so that a server answers one
 * feature with two small range reads (the offset pair, then the feature's block) once it holds the header.
 *
 * All little-endian.
 *   bytes 0–3    magic "ACSC"
 *         4–7    uint32 format version (1)
 *         8–11   uint32 nObs (tixels)
 *         12–15  uint32 nFeatures
 *         16–23  uint64 nnz (stored values)
 *         24–31  reserved, 0
 *   32 + 8·f     uint64 offsets[f], f = 0 … nFeatures: stored values before feature f (offsets[nFeatures] = nnz)
 *   D = 32 + 8·(nFeatures + 1): the feature blocks, in feature order. Feature f's block starts at
 *                D + 8·offsets[f] and holds m = offsets[f+1] − offsets[f] float32 values, then m uint32 tixel
 *                indices (ascending). Keeping values and indices of a feature together is what makes it one read.
 * Values are the float32 matrix values, exact (the text summations cannot hold values ≥ 1000 in 6 characters).
 */
import type { FeatureColumns } from '../matrix/columns.js';
import { toCsr } from '../matrix/ops.js';
import type { Matrix } from '../matrix/types.js';

export const CSC_MAGIC = 'ACSC';
export const CSC_VERSION = 1;
export const CSC_HEADER_BYTES = 32;

export interface CscHeader {
  version: number;
  nObs: number;
  nFeatures: number;
  nnz: number;
}

/** Reads bytes [start, end) of the stored file. */
export type RangeReader = (start: number, end: number) => Promise<Uint8Array>;

/**
 * The file's bytes, written straight from the matrix: a CSR matrix (what h5ad files hold) is scattered into the
 * feature blocks in one pass over its rows, so no transposed copy of it is ever made.
 */
export function encodeCsc(matrix: Matrix): Uint8Array {
  const m = matrix.kind === 'dense' ? toCsr(matrix) : matrix;
  const nFeatures = m.nCols;
  const nnz = m.data.length;
  const offsets = new Float64Array(nFeatures + 1);
  if (m.kind === 'csc') offsets.set(m.indptr);
  else {
    for (let k = 0; k < nnz; k++) offsets[m.indices[k]! + 1]!++;
    for (let f = 0; f < nFeatures; f++) offsets[f + 1]! += offsets[f]!;
  }
  const dataStart = CSC_HEADER_BYTES + 8 * (nFeatures + 1);
  const bytes = new Uint8Array(dataStart + 8 * nnz);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = CSC_MAGIC.charCodeAt(i);
  view.setUint32(4, CSC_VERSION, true);
  view.setUint32(8, m.nRows, true);
  view.setUint32(12, nFeatures, true);
  view.setBigUint64(16, BigInt(nnz), true);
  for (let f = 0; f <= nFeatures; f++) view.setBigUint64(CSC_HEADER_BYTES + 8 * f, BigInt(offsets[f]!), true);
  // Blocks are 4-byte aligned (D is a multiple of 8), so typed-array views can fill them; the host is little-endian.
  const values = new Float32Array(bytes.buffer, dataStart, 2 * nnz);
  const tixels = new Uint32Array(bytes.buffer, dataStart, 2 * nnz);
  if (m.kind === 'csc') {
    for (let f = 0; f < nFeatures; f++) {
      const from = offsets[f]!;
      const count = offsets[f + 1]! - from;
      values.set(m.data.subarray(from, from + count), 2 * from);
      tixels.set(m.indices.subarray(from, from + count), 2 * from + count);
    }
    return bytes;
  }
  // Feature f's block is words [2·offsets[f], 2·offsets[f+1]) after D: its values, then as many tixel indices.
  // Rows are walked in order, so each feature's tixels come out ascending.
  const filled = new Float64Array(nFeatures);
  for (let r = 0; r < m.nRows; r++) {
    for (let k = m.indptr[r]!, end = m.indptr[r + 1]!; k < end; k++) {
      const f = m.indices[k]!;
      const from = offsets[f]!;
      const q = filled[f]!++;
      values[2 * from + q] = m.data[k]!;
      tixels[from + offsets[f + 1]! + q] = r;
    }
  }
  return bytes;
}

/** A `.csc` file's features as views into its bytes (for writers that derive other files from it). */
export function cscColumns(bytes: Uint8Array): FeatureColumns {
  const header = readCscHeader(bytes);
  const offsets = new DataView(bytes.buffer, bytes.byteOffset + CSC_HEADER_BYTES, 8 * (header.nFeatures + 1));
  const dataStart = bytes.byteOffset + CSC_HEADER_BYTES + 8 * (header.nFeatures + 1);
  if (dataStart % 4 !== 0) throw new RangeError('a .csc file must start at a 4-byte boundary to be viewed');
  return {
    nRows: header.nObs,
    nCols: header.nFeatures,
    column(j) {
      const from = Number(offsets.getBigUint64(8 * j, true));
      const count = Number(offsets.getBigUint64(8 * j + 8, true)) - from;
      return {
        values: new Float32Array(bytes.buffer, dataStart + 8 * from, count),
        rows: new Uint32Array(bytes.buffer, dataStart + 8 * from + 4 * count, count),
      };
    },
  };
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function readCscHeader(bytes: Uint8Array): CscHeader {
  if (bytes.length < CSC_HEADER_BYTES || String.fromCharCode(...bytes.subarray(0, 4)) !== CSC_MAGIC) {
    throw new RangeError('not a summation .csc file');
  }
  const v = view(bytes);
  const version = v.getUint32(4, true);
  if (version !== CSC_VERSION) throw new RangeError(`unsupported .csc version ${version}`);
  return {
    version,
    nObs: v.getUint32(8, true),
    nFeatures: v.getUint32(12, true),
    nnz: Number(v.getBigUint64(16, true)),
  };
}

/** Byte range of feature f's two offsets: readable before anything else but the fixed-size header. */
export function cscOffsetRange(feature: number): [number, number] {
  return [CSC_HEADER_BYTES + 8 * feature, CSC_HEADER_BYTES + 8 * feature + 16];
}

/** Byte range of feature f's block, from its two offsets. */
export function cscBlockRange(header: CscHeader, offsets: Uint8Array): [number, number] {
  const v = view(offsets);
  const from = Number(v.getBigUint64(0, true));
  const to = Number(v.getBigUint64(8, true));
  if (!(from <= to && to <= header.nnz)) throw new RangeError('corrupt .csc offsets');
  const dataStart = CSC_HEADER_BYTES + 8 * (header.nFeatures + 1);
  return [dataStart + 8 * from, dataStart + 8 * to];
}

/** A block as a dense float32 column: zeros except at the stored tixel indices. */
export function decodeCscBlock(header: CscHeader, block: Uint8Array): Float32Array {
  const count = block.length / 8;
  const v = view(block);
  const out = new Float32Array(header.nObs);
  for (let q = 0; q < count; q++) {
    const tixel = v.getUint32(4 * count + 4 * q, true);
    if (tixel >= header.nObs) throw new RangeError('corrupt .csc tixel index');
    out[tixel] = v.getFloat32(4 * q, true);
  }
  return out;
}

function checkFeature(header: CscHeader, feature: number): void {
  if (!Number.isInteger(feature) || feature < 0 || feature >= header.nFeatures) {
    throw new RangeError(`feature index ${feature} is outside 0..${header.nFeatures - 1}`);
  }
}

export interface CscFile {
  header: CscHeader;
  /** One feature's value per tixel: two range reads. */
  feature(index: number): Promise<Float32Array>;
}

/** Reads the header once; each feature afterwards costs two small range reads. */
export async function openCsc(read: RangeReader): Promise<CscFile> {
  const header = readCscHeader(await read(0, CSC_HEADER_BYTES));
  return {
    header,
    async feature(index) {
      checkFeature(header, index);
      const [start, end] = cscBlockRange(header, await read(...cscOffsetRange(index)));
      return decodeCscBlock(header, start === end ? new Uint8Array(0) : await read(start, end));
    },
  };
}

/** One feature from a whole file in memory, or from a range reader (header, offsets, block). */
export function readCscFeature(source: Uint8Array, feature: number): Float32Array;
export function readCscFeature(source: RangeReader, feature: number): Promise<Float32Array>;
export function readCscFeature(
  source: Uint8Array | RangeReader,
  feature: number,
): Float32Array | Promise<Float32Array> {
  if (typeof source === 'function') return openCsc(source).then((file) => file.feature(feature));
  const header = readCscHeader(source);
  checkFeature(header, feature);
  const [start, end] = cscBlockRange(header, source.subarray(...cscOffsetRange(feature)));
  return decodeCscBlock(header, source.subarray(start, end));
}

/** `get_summation` (binary form): a float32 array per requested feature, in request order. */
export async function getSummationBinary(rows: readonly number[], read: RangeReader): Promise<Float32Array[]> {
  const file = await openCsc(read);
  return Promise.all(rows.map((row) => file.feature(row)));
}
