/**
 * What the single-cell-resolution readers (Xenium, CosMx, MERSCOPE) share: the folder they read (a directory, a
 * storage prefix or an archive's entries: only the files a reader needs are read), the run they return, and the
 * reading of a file under the import's budget (issue 33): a file's stored size is checked before it is read, a
 * gzipped one inflates with what is left of the budget as a hard stop, and a CSV's header and line count are checked
 * against the observation and feature limits before a row is parsed.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { IMPORT_LIMIT_MSG, type TImportLimits } from '@atlas/contracts/genes/import-limits';
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import type { CsrMatrix } from '../../matrix/types.js';
import { SpatialFormatError, SpatialLimitError } from '../errors.js';
import { ReadBudget } from '../read-budget.js';
import { listZipEntries } from '../zip-entries.js';
import type { CellOutlines } from './outlines.js';

/** The same shape as the importer's SourceFolder: relative '/'-separated names, files read on demand. */
export interface CellFolder {
  label: string;
  names: string[];
  read(name: string): Promise<Uint8Array>;
  size?(name: string): number | undefined;
}

export type CellPlatform = 'Xenium' | 'CosMx' | 'MERSCOPE';

/** A single-cell-resolution run as the readers return it: cells × genes, placed in microns. */
export interface CellRun {
  platform: CellPlatform;
  /** One id per cell (row of X), unique; CosMx joins fov and cell_ID (`16_1`). */
  cellIds: string[];
  /** Cells × genes counts; control probes and blank codewords are not in it (see `controls`). */
  X: CsrMatrix;
  genes: string[];
  geneIds: string[];
  /** Cell centres in microns, x then y per cell, in the platform's own frame (DESIGN: obsm 'spatial'). */
  xy: Float64Array;
  /** Numeric per-cell columns of the cells table (areas, fov, stain intensities), row-aligned with X. */
  obs: Record<string, Float64Array>;
  /** Cell outlines in microns, one (possibly empty) ring per cell, row-aligned with X. */
  outlines?: CellOutlines;
  nucleusOutlines?: CellOutlines;
  /** The platform's run metadata worth keeping (uns): software, panel, pixel size, which coordinates were used. */
  metadata: Record<string, string | number>;
  /** Features kept out of X (negative probes, system controls, blank codewords) with their total counts. */
  controls: { name: string; total: number }[];
  warnings: string[];
}

export interface ReadCellsOptions {
  /** The import's limits; without them (trusted files of our own) nothing is checked. */
  limits?: TImportLimits;
}

/** A local directory as a CellFolder (tests, tools); the importer builds its own from storage or an archive. */
export async function cellFolderFromDir(dir: string): Promise<CellFolder> {
  const root = path.resolve(dir);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(root, { withFileTypes: true, recursive: true });
  } catch {
    throw new SpatialFormatError(root, 'folder not found or not readable');
  }
  const names = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  const sizes = new Map<string, number>();
  for (const name of names) sizes.set(name, (await fs.stat(path.join(root, name))).size);
  return {
    label: dir.replace(/\/+$/, ''),
    names,
    read: async (name) => new Uint8Array(await fs.readFile(path.join(root, name))),
    size: (name) => sizes.get(name),
  };
}

/** The first name (at the folder's top level) that ends with one of `suffixes`, in their order of preference. */
export function findBySuffix(folder: CellFolder, suffixes: readonly string[]): string | undefined {
  for (const suffix of suffixes) {
    const found = folder.names.find((n) => !n.includes('/') && (n === suffix || n.endsWith(suffix)));
    if (found) return found;
  }
  return undefined;
}

/** Reads files of one folder under one budget, counted from the stored size of the files it reads. */
export class CellFiles {
  readonly budget: ReadBudget | undefined;

  constructor(
    readonly folder: CellFolder,
    readonly limits: TImportLimits | undefined,
    /** The files the reader will read, whose stored sizes bound the budget by the expansion ratio. */
    planned: readonly string[],
  ) {
    const stored = planned.reduce((n, name) => n + (folder.size?.(name) ?? 0), 0);
    this.budget = limits ? new ReadBudget(limits, folder.label, stored || undefined) : undefined;
  }

  label(name: string): string {
    return `${this.folder.label}/${name}`;
  }

  /** A file's bytes; its stated size is checked before it is read, a gzipped one is inflated within the budget. */
  async bytes(name: string): Promise<Uint8Array> {
    const stated = this.folder.size?.(name);
    if (stated !== undefined) this.budget?.check(this.label(name), stated);
    const bytes = await this.folder.read(name);
    const gz = bytes[0] === 0x1f && bytes[1] === 0x8b;
    if (!gz) {
      this.budget?.charge(this.label(name), bytes.length);
      return bytes;
    }
    return this.gunzip(bytes, name);
  }

  async text(name: string): Promise<string> {
    return new TextDecoder().decode(await this.bytes(name));
  }

  private gunzip(bytes: Uint8Array, name: string): Uint8Array {
    const budget = this.budget;
    if (!budget) return gunzipSync(bytes);
    try {
      const out = gunzipSync(bytes, { maxOutputLength: Math.max(1, budget.remaining) });
      budget.charge(this.label(name), out.length);
      return out;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw error;
      throw new SpatialLimitError(budget.file, IMPORT_LIMIT_MSG.inflatesPastBudget(name, budget.remaining));
    }
  }
}

/** A number of a table cell, or the reader's refusal naming the line and column. */
export function numberAt(value: string | undefined, line: number, column: string, file: string): number {
  const v = value === undefined || value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(v)) throw new SpatialFormatError(file, CELLS_MSG.notNumber(line, column, value ?? ''));
  return v;
}

/** The index of each wanted column in `header`, or a refusal listing the missing ones. */
export function columnsOf<K extends string>(
  header: readonly string[],
  wanted: readonly K[],
  file: string,
): Record<K, number> {
  const missing = wanted.filter((c) => !header.includes(c));
  if (missing.length) throw new SpatialFormatError(file, CELLS_MSG.missingColumns(missing));
  return Object.fromEntries(wanted.map((c) => [c, header.indexOf(c)])) as Record<K, number>;
}

/**
 * Places every cell of the matrix by its row in the cells table (by id, whatever the order of either): refuses when
 * a matrix cell has no row, warns about table rows with no matrix cell. Answers the table row of each matrix cell.
 */
export function matchCells(
  matrixIds: readonly string[],
  tableIds: readonly string[],
  matrixFile: string,
  tableFile: string,
  warnings: string[],
): Int32Array {
  const row = new Map<string, number>();
  tableIds.forEach((id, i) => {
    if (row.has(id)) throw new SpatialFormatError(tableFile, CELLS_MSG.duplicateCell(id));
    row.set(id, i);
  });
  const rows = new Int32Array(matrixIds.length);
  let missing = 0;
  let example = '';
  matrixIds.forEach((id, i) => {
    const r = row.get(id);
    if (r === undefined) {
      if (missing++ === 0) example = id;
    } else rows[i] = r;
  });
  if (missing)
    throw new SpatialFormatError(matrixFile, CELLS_MSG.unplacedCells(tableFile, missing, matrixIds.length, example));
  if (tableIds.length > matrixIds.length)
    warnings.push(CELLS_MSG.unmatchedTableCells(tableFile, tableIds.length - matrixIds.length));
  return rows;
}

/**
 * A zip of an output folder as a CellFolder: its entries, under the one top-level folder the zip holds when it holds
 * one (zipping `outs/` stores `outs/...`). The directory is checked against the limits first; an entry is inflated
 * only when read, within its declared size.
 */
export function cellFolderOfZipBytes(bytes: Uint8Array, name: string, limits: TImportLimits): CellFolder {
  const entries = listZipEntries(bytes, name, new ReadBudget(limits, name, bytes.length));
  const all = [...entries.keys()].filter((key) => !key.startsWith('__MACOSX/'));
  const tops = new Set(all.map((key) => (key.includes('/') ? key.slice(0, key.indexOf('/') + 1) : '')));
  const prefix = tops.size === 1 && !tops.has('') ? [...tops][0]! : '';
  return {
    label: prefix ? `${name}/${prefix.slice(0, -1)}` : name,
    names: all.map((key) => key.slice(prefix.length)),
    read: async (file) => entries.get(prefix + file)!.read(),
    size: (file) => entries.get(prefix + file)?.size,
  };
}

/** The features kept out of X: their summed counts, and a warning naming them when there are any. */
export function reportControls(controls: CellRun['controls'], kind: string, warnings: string[]): number {
  const total = controls.reduce((t, c) => t + c.total, 0);
  if (controls.length)
    warnings.push(
      CELLS_MSG.controlsKeptOut(
        kind,
        controls.map((c) => c.name),
        total,
      ),
    );
  return total;
}

/** The matrix cells' centres, x then y, from the cells table's rows (matchCells) times `scale` (µm per unit). */
export function placeCells(rows: Int32Array, x: ArrayLike<number>, y: ArrayLike<number>, scale = 1): Float64Array {
  const xy = new Float64Array(2 * rows.length);
  rows.forEach((r, i) => {
    xy[2 * i] = x[r]! * scale;
    xy[2 * i + 1] = y[r]! * scale;
  });
  return xy;
}
