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
import type { FeatureColumn, FeatureColumns } from '../matrix/columns.js';
import { toCsr } from '../matrix/ops.js';
import type { CsrMatrix, Matrix } from '../matrix/types.js';

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

/** The whole file in memory (tests, small runs): the head, then every feature block. */
export function encodeCsc(matrix: Matrix): Uint8Array {
  const csr = toCsr(matrix);
  const offsets = featureOffsets(csr);
  const parts = [cscHead(csr.nRows, offsets), ...Array.from(cscBlocks(csr, offsets), (block) => block.bytes)];
  return new Uint8Array(Buffer.concat(parts));
}

/** Stored values per feature of a CSR matrix, as the file's offsets (nFeatures + 1, offsets[0] = 0). */
export function featureOffsets(csr: CsrMatrix): Float64Array {
  const offsets = new Float64Array(csr.nCols + 1);
  const { indices } = csr;
  for (let k = 0; k < indices.length; k++) offsets[indices[k]! + 1]!++;
  for (let f = 0; f < csr.nCols; f++) offsets[f + 1]! += offsets[f]!;
  return offsets;
}

/** The file's first bytes: the header and the feature offsets. */
export function cscHead(nObs: number, offsets: Float64Array): Uint8Array {
  const nFeatures = offsets.length - 1;
  const bytes = new Uint8Array(CSC_HEADER_BYTES + 8 * offsets.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = CSC_MAGIC.charCodeAt(i);
  view.setUint32(4, CSC_VERSION, true);
  view.setUint32(8, nObs, true);
  view.setUint32(12, nFeatures, true);
  view.setBigUint64(16, BigInt(offsets[nFeatures]!), true);
  for (let f = 0; f <= nFeatures; f++) view.setBigUint64(CSC_HEADER_BYTES + 8 * f, BigInt(offsets[f]!), true);
  return bytes;
}

/** Consecutive features [from, to) as their bytes in the file, and each one's values and tixels viewed in them. */
export interface CscBlock {
  from: number;
  to: number;
  bytes: Uint8Array;
  column(j: number): FeatureColumn;
}

/**
 * Stored values per group of feature blocks: 32 Mi values are a 256 MB group. A five-million-cell run (250M
 * values) takes 8 passes over its CSR indices (~0.4 s each) instead of a 2 GB transposed copy held whole.
 */
export const CSC_GROUP_VALUES = 1 << 25;

/**
 * The feature blocks of a CSR matrix (what h5ad files hold), a group of consecutive features at a time, each group
 * filled in one pass over the matrix's rows: rows are visited in order, so each feature's tixels come out
 * ascending, and no transposed copy of the matrix is ever made whole. A feature with more values than
 * `groupValues` is a group of its own.
 */
export function* cscBlocks(csr: CsrMatrix, offsets: Float64Array, groupValues = CSC_GROUP_VALUES): Generator<CscBlock> {
  const nFeatures = csr.nCols;
  const { indptr, indices, data } = csr;
  for (let from = 0; from < nFeatures;) {
    let to = from + 1;
    while (to < nFeatures && offsets[to + 1]! - offsets[from]! <= groupValues) to++;
    const base = offsets[from]!;
    const bytes = new Uint8Array(8 * (offsets[to]! - base));
    const values = new Float32Array(bytes.buffer);
    const tixels = new Uint32Array(bytes.buffer);
    // Feature f's next value slot, in 4-byte units from the group's start (its tixels follow its values).
    const next = new Float64Array(to - from);
    for (let f = from; f < to; f++) next[f - from] = 2 * (offsets[f]! - base);
    for (let r = 0; r < csr.nRows; r++) {
      for (let k = indptr[r]!, end = indptr[r + 1]!; k < end; k++) {
        const g = indices[k]! - from;
        if (g < 0 || g >= next.length) continue;
        const at = next[g]!++;
        values[at] = data[k]!;
        tixels[at + offsets[from + g + 1]! - offsets[from + g]!] = r;
      }
    }
    yield {
      from,
      to,
      bytes,
      column(j) {
        const start = 2 * (offsets[j]! - base);
        const count = offsets[j + 1]! - offsets[j]!;
        return {
          values: values.subarray(start, start + count),
          rows: tixels.subarray(start + count, start + 2 * count),
        };
      },
    };
    from = to;
  }
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

/**
 * A block's stored entries, copied out: tixel indices and their values, in the block's order, laid out as the sparse
 * get_summation answer (feature-values.ts). Throws on an index past the file's tixels.
 */
export function cscBlockEntries(header: CscHeader, block: Uint8Array): { indices: Uint32Array; values: Float32Array } {
  const count = block.length / 8;
  const v = view(block);
  // In one buffer, indices then values: the sparse get_summation answer's layout, so it is sent without a copy.
  const both = new ArrayBuffer(8 * count);
  const indices = new Uint32Array(both, 0, count);
  const values = new Float32Array(both, 4 * count, count);
  for (let q = 0; q < count; q++) {
    const tixel = v.getUint32(4 * count + 4 * q, true);
    if (tixel >= header.nObs) throw new RangeError('corrupt .csc tixel index');
    indices[q] = tixel;
    values[q] = v.getFloat32(4 * q, true);
  }
  return { indices, values };
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
