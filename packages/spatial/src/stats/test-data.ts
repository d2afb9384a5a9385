/**
 * Test-only access to the real public data in ../shared/data (DESIGN §10): h5ad files through the io
 * package's reader, and the DERIVED reference tables, whose first line says how they were computed.
 * Not exported from the package: it reads files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readCsvRows } from '../formats/csv-read.js';
import { readH5ad, type H5adData } from '../io/h5ad-reader.js';
import type { Matrix } from '../matrix/types.js';
import { SHARED_DATA } from '../testing.js';

const sharedData = SHARED_DATA;

/** Tests of real data run only when ../shared/data is there; their names say so when skipped. */
export const hasSharedData = fs.existsSync(sharedData);

export interface Categorical {
  codes: Int32Array;
  categories: string[];
}

export interface Dataset {
  matrix: Matrix;
  featureNames: string[];
  obs: Record<string, Categorical>;
}

const files = new Map<string, Promise<H5adData>>();

/**
 * One matrix of an h5ad file (raw/X when `raw`, as scanpy uses by default when .raw exists) and categoricals.
 * Files are read once per test file.
 */
export async function loadDataset(file: string, columns: readonly string[], raw = false): Promise<Dataset> {
  if (!files.has(file)) files.set(file, readH5ad(path.join(sharedData, file), { obsm: false }));
  const data = await files.get(file)!;
  const source = raw ? data.raw : data;
  if (!source) throw new Error(`${file} has no raw`);
  const obs: Record<string, Categorical> = {};
  for (const name of columns) {
    const column = data.obs[name];
    if (column?.kind !== 'categorical') throw new Error(`${file}: obs/${name} is not categorical`);
    obs[name] = { codes: column.codes, categories: column.categories };
  }
  return { matrix: source.X, featureNames: source.varNames, obs };
}

/** Observation indices of one category. */
export function members(column: Categorical, category: string): number[] {
  const code = column.categories.indexOf(category);
  const out: number[] = [];
  column.codes.forEach((c, i) => {
    if (c === code) out.push(i);
  });
  return out;
}

export interface Reference {
  /** The first line: how the table was computed. */
  description: string;
  rows: Record<string, string>[];
}

/** A DERIVED table: a `#` description line (free text), then a CSV table with its header. */
export function readReference(file: string): Reference {
  const text = fs.readFileSync(path.join(sharedData, file), 'utf8').trim();
  const firstLineEnd = text.search(/\r?\n|$/);
  const description = text.slice(0, firstLineEnd);
  const [header, ...body] = readCsvRows(text.slice(firstLineEnd).replace(/^\r?\n/, ''));
  const columns = header?.cells ?? [];
  const rows = body.map(({ cells, line }) => {
    if (cells.length !== columns.length) throw new Error(`${file}: ${cells.length} cells on line ${line + 1}`);
    return Object.fromEntries(columns.map((c, i) => [c, cells[i]!]));
  });
  return { description, rows };
}

/**
 * The t-test tables print 6 significant digits (%g), i.e. up to 5e-6 relative rounding: a value agrees when
 * it is within half a unit of the 6th digit of the printed number.
 */
export function matchesPrinted(value: number, printed: string, digits = 6): boolean {
  const reference = Number(printed);
  if (reference === 0) return value === 0;
  const halfUnit = 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(reference))) - digits + 1);
  return Math.abs(value - reference) <= halfUnit * (1 + 1e-9);
}

export function relativeError(value: number, reference: number): number {
  return reference === 0 ? Math.abs(value) : Math.abs(value - reference) / Math.abs(reference);
}
