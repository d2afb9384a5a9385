/**
 * 10x Matrix Market folders (Cell Ranger / Space Ranger `filtered_feature_bc_matrix/`): `matrix.mtx`,
 * `barcodes.tsv`, and `features.tsv` (v3: id, name, type) or `genes.tsv` (v2: id, name), each optionally gzipped
 * (`.gz`, as Cell Ranger ≥ 3 writes them; Space Ranger crops are often plain). The matrix is features × barcodes
 * in coordinate form; it is returned as barcodes × features CSR (AnnData orientation), like readTenxH5.
 */
import { gunzipSync } from 'node:zlib';
import { IMPORT_LIMIT_MSG, type TImportLimits } from '@atlas/contracts/genes/import-limits';
import type { CsrMatrix } from '../matrix/types.js';
import { checkCompressed } from '../matrix/validate.js';
import { SpatialFormatError, SpatialLimitError } from './errors.js';
import { ReadBudget } from './read-budget.js';
import type { TenxMatrix } from './tenx-h5.js';

/** The folder's files by name (matrix.mtx[.gz], barcodes.tsv[.gz], features.tsv[.gz] or genes.tsv[.gz]). */
export type MtxFolder = ReadonlyMap<string, Uint8Array>;

export const MTX_FILES = ['matrix.mtx', 'barcodes.tsv', 'features.tsv', 'genes.tsv'];

/** A file of the folder as text; a gzipped one inflates within the budget's bytes and is charged for them. */
function find(folder: MtxFolder, base: string, budget?: ReadBudget): [string, string] | undefined {
  for (const name of [base, `${base}.gz`]) {
    const bytes = folder.get(name);
    if (!bytes) continue;
    const gz = bytes[0] === 0x1f && bytes[1] === 0x8b;
    return [name, new TextDecoder().decode(gz ? gunzip(bytes, name, budget) : bytes)];
  }
  return undefined;
}

/**
 * A gzipped file within the budget: refused unread when its trailer (ISIZE, the size modulo 2^32) states more than
 * is left, and inflated with what is left as a hard stop, which a trailer that lies cannot pass.
 */
function gunzip(bytes: Uint8Array, name: string, budget: ReadBudget | undefined): Uint8Array {
  if (!budget) return gunzipSync(bytes);
  if (bytes.length >= 18) {
    const stated = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4, 4).getUint32(0, true);
    budget.check(name, stated);
  }
  try {
    const out = gunzipSync(bytes, { maxOutputLength: Math.max(1, budget.remaining) });
    budget.charge(name, out.length);
    return out;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw error;
    throw new SpatialLimitError(budget.file, IMPORT_LIMIT_MSG.inflatesPastBudget(name, budget.remaining));
  }
}

/** The folder's stored size: the budget's expansion ratio is counted from it. */
const storedBytes = (folder: MtxFolder) => [...folder.values()].reduce((n, b) => n + b.length, 0);

function lines(text: string): string[] {
  const out = text.split(/\r?\n/);
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** True when the folder holds a Matrix Market matrix (used to tell the format before reading it). */
export function isMtxFolder(names: Iterable<string>): boolean {
  const set = new Set(names);
  return set.has('matrix.mtx') || set.has('matrix.mtx.gz');
}

/** `limits`: an import's; the size line is checked against them before an entry is parsed. */
export function readTenxMtx(
  folder: MtxFolder,
  label = 'filtered_feature_bc_matrix',
  limits?: TImportLimits,
): TenxMatrix {
  const budget = limits && new ReadBudget(limits, label, storedBytes(folder));
  const missing = (what: string): never => {
    throw new SpatialFormatError(
      label,
      `missing ${what} (a 10x matrix folder holds matrix.mtx, barcodes.tsv, features.tsv)`,
    );
  };
  const [mtxName, mtx] = find(folder, 'matrix.mtx', budget) ?? missing('matrix.mtx or matrix.mtx.gz');
  const [, barcodeText] = find(folder, 'barcodes.tsv', budget) ?? missing('barcodes.tsv or barcodes.tsv.gz');
  const featureFile =
    find(folder, 'features.tsv', budget) ?? find(folder, 'genes.tsv', budget) ?? missing('features.tsv or genes.tsv');
  const file = `${label}/${mtxName}`;
  const fail = (problem: string): never => {
    throw new SpatialFormatError(file, problem);
  };

  const rows = lines(mtx);
  const banner = rows[0]?.toLowerCase().split(/\s+/) ?? [];
  if (banner[0] !== '%%matrixmarket' || banner[1] !== 'matrix' || banner[2] !== 'coordinate')
    fail("not a Matrix Market coordinate file (the first line should start '%%MatrixMarket matrix coordinate')");
  if (banner[3] === 'complex') fail('complex values are not supported');
  if (banner[4] && banner[4] !== 'general') fail(`only 'general' matrices are supported, not '${banner[4]}'`);
  let at = 1;
  while (at < rows.length && rows[at]!.startsWith('%')) at++;
  const size = (rows[at++] ?? '').trim().split(/\s+/).map(Number);
  if (size.length !== 3 || size.some((v) => !Number.isInteger(v) || v < 0))
    fail('bad size line (expected rows cols nnz)');
  const [nFeatures, nBarcodes, nnz] = size as [number, number, number];
  const pattern = banner[3] === 'pattern';
  // The size line is a declaration: checked before the arrays it sizes are made.
  budget?.checkShape(`${mtxName}'s size line`, nBarcodes, nFeatures);
  if (nnz > rows.length - at) fail(`the size line says ${nnz} entries but the file has ${rows.length - at} lines`);
  budget?.charge(mtxName, nnz * 24 + nBarcodes * 8);

  // Count per barcode first, then fill: CSR over barcodes with features as columns.
  const col = new Int32Array(nnz);
  const row = new Int32Array(nnz);
  const val = new Float32Array(nnz);
  for (let k = 0; k < nnz; k++) {
    const line = rows[at + k];
    if (line === undefined) fail(`the size line says ${nnz} entries but the file ends after ${k}`);
    const parts = line!.trim().split(/\s+/);
    const i = Number(parts[0]);
    const j = Number(parts[1]);
    const v = pattern ? 1 : Number(parts[2]);
    if (!(i >= 1 && i <= nFeatures && j >= 1 && j <= nBarcodes && Number.isInteger(i) && Number.isInteger(j)))
      fail(`line ${at + k + 1}: entry '${line}' is outside ${nFeatures} × ${nBarcodes}`);
    if (!Number.isFinite(v)) fail(`line ${at + k + 1}: '${parts[2]}' is not a number`);
    row[k] = i - 1;
    col[k] = j - 1;
    val[k] = v;
  }
  const indptr = new Float64Array(nBarcodes + 1);
  for (let k = 0; k < nnz; k++) indptr[col[k]! + 1]!++;
  for (let b = 0; b < nBarcodes; b++) indptr[b + 1]! += indptr[b]!;
  const next = Float64Array.from(indptr.subarray(0, nBarcodes));
  const order = new Int32Array(nnz);
  for (let k = 0; k < nnz; k++) order[next[col[k]!]!++] = k;
  const X: CsrMatrix = {
    kind: 'csr',
    nRows: nBarcodes,
    nCols: nFeatures,
    indptr,
    indices: new Int32Array(nnz),
    data: new Float32Array(nnz),
  };
  for (let b = 0; b < nBarcodes; b++) {
    const start = indptr[b]!;
    const end = indptr[b + 1]!;
    const slice = Array.from(order.subarray(start, end)).sort((p, q) => row[p]! - row[q]!);
    slice.forEach((k, o) => {
      X.indices[start + o] = row[k]!;
      X.data[start + o] = val[k]!;
    });
  }
  const problem = checkCompressed(X);
  if (problem) fail(problem);

  const barcodes = lines(barcodeText).map((l) => l.split('\t')[0]!);
  if (barcodes.length !== nBarcodes)
    throw new SpatialFormatError(
      `${label}/barcodes.tsv`,
      `${barcodes.length} barcodes but the matrix has ${nBarcodes}`,
    );
  const features = lines(featureFile[1]).map((l) => l.split('\t'));
  if (features.length !== nFeatures)
    throw new SpatialFormatError(
      `${label}/${featureFile[0]}`,
      `${features.length} features but the matrix has ${nFeatures}`,
    );
  return {
    layout: featureFile[0].startsWith('features') ? 'v3' : 'v2',
    X,
    barcodes,
    featureIds: features.map((f) => f[0]!),
    featureNames: features.map((f) => f[1] ?? f[0]!),
    featureTypes: features.map((f) => f[2] ?? 'Gene Expression'),
  };
}
