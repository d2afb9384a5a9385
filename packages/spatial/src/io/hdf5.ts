/**
 * Opening HDF5 files with h5wasm, and turning its loosely typed values into the typed arrays we use.
 *
 * h5wasm's Node build is compiled with Emscripten NODERAWFS: its "file system" *is* the host file system.
 * So a path is opened in place (read-only, HDF5 reads only the blocks it needs, which keeps metadata-only
 * reads of large files cheap), and bytes are written to a uniquely named file in the OS temp folder that
 * is removed in `finally`. Copying a path into "h5wasm's FS" would only duplicate the file on the same disk.
 *
 * Before HDF5 sees a file we check its signature and that it is as long as its superblock says: HDF5 would
 * reject those files too, but only after printing a page of HDF5-DIAG to stderr.
 *
 * Opened with an import's limits (issue 33), every dataset value is read through `readValue`, which charges the
 * dataset's declared size (shape × item size, known from its metadata) to the import's budget BEFORE HDF5 reads or
 * inflates a byte: a few-kilobyte file declaring a 2 GB dataset (unwritten chunks cost nothing on disk) is refused.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import h5wasm, { type Dataset, type Entity, type File as H5File, type Group, type Metadata } from 'h5wasm/node';
import type { TImportLimits } from '@atlas/contracts/genes/import-limits';
import { SpatialFormatError } from './errors.js';
import { ReadBudget } from './read-budget.js';

export type { Dataset, Entity, Group, H5File };

const SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
const H5T_INTEGER = 0;
const H5T_FLOAT = 1;
const H5T_STRING = 3;
const H5T_COMPOUND = 6;
const H5T_ENUM = 8;
/** Per superblock version: [byte holding the size of offsets, position of the base address]. */
const SUPERBLOCK_LAYOUT: Record<number, [number, number]> = { 0: [13, 24], 1: [13, 28], 2: [9, 12], 3: [9, 12] };

/** What is wrong with the bytes as an HDF5 file, or undefined. `read` returns up to `length` bytes at `offset`. */
function superblockProblem(read: (offset: number, length: number) => Uint8Array, size: number): string | undefined {
  // The superblock sits at 0 or, after a user block, at 512, 1024, 2048, …
  for (let offset = 0; offset + SIGNATURE.length <= size; offset = offset === 0 ? 512 : offset * 2) {
    const head = read(offset, 64);
    if (!SIGNATURE.every((byte, i) => head[i] === byte)) continue;
    const end = storedEndOfFile(head);
    return end !== undefined && end > size
      ? `truncated HDF5 file: it has ${size} bytes but its superblock says ${end}`
      : undefined;
  }
  return size === 0 ? 'empty file, not HDF5' : 'not an HDF5 file (no HDF5 signature)';
}

/** Base address + end-of-file address from a version 0–3 superblock (HDF5 file format spec §II.A). */
function storedEndOfFile(head: Uint8Array): number | undefined {
  const layout = SUPERBLOCK_LAYOUT[head[8]!];
  const sizeOfOffsets = layout && head[layout[0]];
  if (!layout || (sizeOfOffsets !== 4 && sizeOfOffsets !== 8)) return undefined;
  const baseAt = layout[1];
  // Address order: base, then free-space (v0/1) or superblock-extension (v2/3) address, then end of file.
  const eofAt = baseAt + 2 * sizeOfOffsets;
  if (head.length < eofAt + sizeOfOffsets) return undefined;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const address = (at: number): number | undefined => {
    const value = sizeOfOffsets === 8 ? view.getBigUint64(at, true) : BigInt(view.getUint32(at, true));
    return value === (1n << BigInt(8 * sizeOfOffsets)) - 1n ? undefined : Number(value); // all ones = undefined
  };
  const base = address(baseAt) ?? 0;
  const eof = address(eofAt);
  return eof === undefined ? undefined : base + eof;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function checkPath(file: string): void {
  let problem: string | undefined;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new SpatialFormatError(file, 'not a regular file');
    const fd = fs.openSync(file, 'r');
    try {
      problem = superblockProblem((offset, length) => {
        const buffer = new Uint8Array(length);
        return buffer.subarray(0, fs.readSync(fd, buffer, 0, length, offset));
      }, stat.size);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if (error instanceof SpatialFormatError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SpatialFormatError(
      file,
      code === 'ENOENT' ? 'file not found' : `cannot read it (${code ?? message(error)})`,
    );
  }
  if (problem) throw new SpatialFormatError(file, problem);
}

/** The budget of each file opened with limits, by h5wasm's file id (which every dataset of the file carries). */
const budgets = new Map<bigint, ReadBudget>();

/** The budget of the file a dataset belongs to, when it was opened with limits. */
export const budgetOf = (entity: Dataset | Group): ReadBudget | undefined => budgets.get(entity.file_id);

/**
 * Opens `source` (a path, or the bytes of a file called `label` in messages) read-only, runs `use`, and always
 * closes the file and removes any temporary copy. Every failure becomes a SpatialFormatError naming the file.
 * With `limits`, dataset values read through `readValue` are charged to a budget bounded by the file's size.
 */
export async function withHdf5<T>(
  source: string | Uint8Array,
  label: string | undefined,
  use: (file: H5File, name: string) => T,
  limits?: TImportLimits,
): Promise<T> {
  await h5wasm.ready;
  // The caller's name for it (an object's key) before a path, which may be a temporary local copy.
  const name = label ?? (typeof source === 'string' ? source : 'HDF5 bytes');
  let filePath: string;
  let temporary: string | undefined;
  if (typeof source === 'string') {
    filePath = path.resolve(source);
    checkPath(filePath);
  } else {
    const problem = superblockProblem((offset, length) => source.subarray(offset, offset + length), source.length);
    if (problem) throw new SpatialFormatError(name, problem);
    temporary = path.join(os.tmpdir(), `atlas-spatial-${randomUUID()}.h5`);
    fs.writeFileSync(temporary, source);
    filePath = temporary;
  }
  try {
    const file = openFile(filePath, 'r');
    if (!file) throw new SpatialFormatError(name, 'HDF5 could not open it');
    if (limits) budgets.set(file.file_id, new ReadBudget(limits, name, fs.statSync(filePath).size));
    try {
      return use(file, name);
    } catch (error) {
      if (error instanceof SpatialFormatError) throw error;
      throw new SpatialFormatError(name, `could not be read (${message(error)})`, { cause: error });
    } finally {
      budgets.delete(file.file_id);
      file.close();
    }
  } finally {
    if (temporary) fs.rmSync(temporary, { force: true });
  }
}

/** h5wasm does not throw when HDF5 fails to open a file: it returns a File with a negative id. */
export function openFile(filePath: string, mode: 'r' | 'w'): H5File | undefined {
  try {
    const file = new h5wasm.File(filePath, mode);
    return file.file_id < 0n ? undefined : file;
  } catch {
    return undefined;
  }
}

export function isDataset(entity: Entity | null | undefined): entity is Dataset {
  return entity instanceof h5wasm.Dataset;
}

export function isGroup(entity: Entity | null | undefined): entity is Group {
  return entity instanceof h5wasm.Group;
}

/** The child `key` of a group, or undefined; h5wasm returns null for a missing link. */
export function child(group: Group, key: string): Entity | undefined {
  return group.keys().includes(key) ? (group.get(key) ?? undefined) : undefined;
}

/** A string attribute; fixed-length string attributes (10x files) come as one-element arrays. */
export function attrString(entity: Dataset | Group, key: string): string | undefined {
  const value = entity.attrs[key]?.value;
  const first = Array.isArray(value) && value.length === 1 ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

export function attrValue(entity: Dataset | Group, key: string): unknown {
  return entity.attrs[key]?.value ?? undefined;
}

export function isStringType(metadata: Metadata): boolean {
  return metadata.type === H5T_STRING;
}

export function isCompoundType(metadata: Metadata): boolean {
  return metadata.type === H5T_COMPOUND;
}

/** h5py stores numpy bool as an enum {FALSE: 0, TRUE: 1}. */
export function isBoolEnum(metadata: Metadata): boolean {
  const members = metadata.type === H5T_ENUM ? metadata.enum_type?.members : undefined;
  return !!members && Object.keys(members).length === 2 && members.FALSE === 0 && members.TRUE === 1;
}

type Numeric = ArrayLike<number> | ArrayLike<bigint>;

function isNumeric(value: unknown): value is Numeric {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

/** Copies numbers (including int64 as bigint) into a new array of the given kind. */
function convert<T extends Float64Array | Float32Array | Int32Array>(value: Numeric, make: (n: number) => T): T {
  const out = make(value.length);
  for (let i = 0; i < value.length; i++) out[i] = Number(value[i]);
  return out;
}

/** Numeric values as float64; undefined when the value is not numeric. */
export function asFloat64(value: unknown): Float64Array | undefined {
  if (value instanceof Float64Array) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return Float64Array.of(Number(value));
  return isNumeric(value) ? convert(value, (n) => new Float64Array(n)) : undefined;
}

export function asInt32(value: unknown): Int32Array | undefined {
  if (value instanceof Int32Array) return value;
  return isNumeric(value) ? convert(value, (n) => new Int32Array(n)) : undefined;
}

/** Strings, or numbers rendered as strings (some files store an integer index). */
export function asStrings(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return isNumeric(value) ? Array.from(value as ArrayLike<number | bigint>, (v) => String(v)) : undefined;
}

/** A dataset's declared size: its elements times its item size (a string at least 8 bytes: its reference). */
export function declaredBytes(ds: Dataset): number {
  const elements = (ds.shape ?? []).reduce((n, d) => n * d, 1);
  const { metadata } = ds;
  return elements * (isStringType(metadata) ? Math.max(metadata.size, 8) : metadata.size);
}

/**
 * A dataset's values, read whole; with an import's limits, only once its declared size is charged to the budget
 * (and so before HDF5 reads or inflates anything).
 */
export function readValue(ds: Dataset, where: string): Dataset['value'] {
  budgetOf(ds)?.charge(where, declaredBytes(ds));
  return ds.value;
}

/** The values of a 1-D dataset as strings; throws naming `where` when they are not strings. */
export function readStrings(ds: Dataset, where: string, file: string): string[] {
  const values = asStrings(readValue(ds, where));
  if (!values) throw new SpatialFormatError(file, `${where} is not a list of strings`);
  return values;
}

/**
 * Elements per hyperslab when a large 1-D numeric dataset is read (16–32 MB). Read whole, h5wasm stages the dataset
 * in its WebAssembly heap, which never shrinks: the 1 GB `data` of a five-million-cell X kept ~1 GB of heap (on
 * top of the copy) for the life of the process. A slice at a time, the heap stays at one slice and an int64 array
 * (indptr, some indices) is converted slice by slice instead of as a whole BigInt64Array first.
 */
const SLICE_ELEMENTS = 1 << 22;

type NumberArray = Float64Array | Float32Array | Int32Array;

/** A numeric dataset's values in a new array of the wanted kind; undefined when they are not numbers. */
function readNumeric<T extends NumberArray>(ds: Dataset, where: string, make: (n: number) => T): T | undefined {
  const shape = ds.shape ?? [];
  const { type } = ds.metadata;
  if (shape.length !== 1 || shape[0]! <= SLICE_ELEMENTS || (type !== H5T_INTEGER && type !== H5T_FLOAT)) {
    const value = readValue(ds, where);
    if (value instanceof (make(0).constructor as new () => T)) return value as T;
    return isNumeric(value) ? convert(value, make) : undefined;
  }
  budgetOf(ds)?.charge(where, declaredBytes(ds));
  const n = shape[0]!;
  const out = make(n);
  for (let start = 0; start < n; start += SLICE_ELEMENTS) {
    const part = ds.slice([[start, Math.min(n, start + SLICE_ELEMENTS)]]);
    if (!isNumeric(part)) return undefined;
    if (part instanceof BigInt64Array || part instanceof BigUint64Array) {
      for (let i = 0; i < part.length; i++) out[start + i] = Number(part[i]);
    } else out.set(part as ArrayLike<number>, start);
  }
  return out;
}

/** A dataset's values as float32; throws naming `where` when they are not numbers. */
export function readFloat32(ds: Dataset, where: string, file: string): Float32Array {
  const values = readNumeric(ds, where, (n) => new Float32Array(n));
  if (!values) throw new SpatialFormatError(file, `${where} is not numeric`);
  return values;
}

export function readInt32(ds: Dataset, where: string, file: string): Int32Array {
  const values = readNumeric(ds, where, (n) => new Int32Array(n));
  if (!values) throw new SpatialFormatError(file, `${where} is not an integer array`);
  return values;
}

export function readFloat64(ds: Dataset, where: string, file: string): Float64Array {
  const values = readNumeric(ds, where, (n) => new Float64Array(n));
  if (!values) throw new SpatialFormatError(file, `${where} is not numeric`);
  return values;
}
