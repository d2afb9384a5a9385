/**
 * A Visium / Space Ranger / AtlasXbrowser `spatial/` folder (DESIGN §7), given as a directory path or as a
 * map of relative file name → bytes (e.g. the entries of an uploaded archive, relative to `spatial/`).
 *
 * Positions: `tissue_positions.csv` (Space Ranger ≥ 2, with a header) is preferred over
 * `tissue_positions_list.csv` (no header), then `tissue_positions.parquet` (Space Ranger ≥ 3, Visium HD bins;
 * see positions-parquet.ts). CSV column order:
 * - a header, when the first line's second cell is `in_tissue`, names the columns and decides the order:
 *   `array_row`/`row`, `array_col`/`col`, `pxl_row_in_fullres`/`pxl_row`/`y`, `pxl_col_in_fullres`/`pxl_col`/`x`
 *   (so both `barcode,in_tissue,array_row,…` and AtlasXbrowser's `barcode,in_tissue,col,row,y,x` are recognised);
 * - without a header, the order cannot be told from the numbers (both orders hold small integers then pixels),
 *   so it is the caller's choice: `order: 'visium'` (default: barcode, in_tissue, array_row, array_col,
 *   pxl_row, pxl_col) or `order: 'atlasx'` (the older AtlasXbrowser order barcode, in_tissue, col, row, y, x).
 * Pixels may be integers (Space Ranger) or floats (AtlasXbrowser); they are full-resolution image pixels.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SpatialFormatError } from './errors.js';
import { readPositionsParquet } from './positions-parquet.js';

export type PositionsOrder = 'visium' | 'atlasx';

export interface SpotPositions {
  barcodes: string[];
  inTissue: Uint8Array;
  arrayRow: Int32Array;
  arrayCol: Int32Array;
  /** Full-resolution pixel row (y) and column (x). */
  pxlRow: Float64Array;
  pxlCol: Float64Array;
}

/** The keys DESIGN §7 requires; Space Ranger may add others (e.g. regist_target_img_scalef), which are kept. */
export interface Scalefactors {
  spot_diameter_fullres: number;
  fiducial_diameter_fullres: number;
  tissue_hires_scalef: number;
  tissue_lowres_scalef: number;
  [key: string]: number;
}

export interface VisiumSpatial {
  positionsFile: string;
  order: PositionsOrder;
  hasHeader: boolean;
  positions: SpotPositions;
  /** Absent when the folder has no scalefactors_json.json. */
  scalefactors?: Scalefactors;
  /** Image files present (relative names), e.g. tissue_hires_image.png, tissue_lowres_image.png. */
  images: string[];
}

export interface ReadVisiumOptions {
  /** Column order of a positions file without a header (see the module comment). */
  order?: PositionsOrder;
}

export type SpatialFolderSource = string | ReadonlyMap<string, Uint8Array> | Readonly<Record<string, Uint8Array>>;

const POSITION_FILES = ['tissue_positions.csv', 'tissue_positions_list.csv'];
/** Space Ranger ≥ 3 and Visium HD binned outputs (used when there is no CSV). */
const PARQUET_FILE = 'tissue_positions.parquet';
const SCALEFACTORS_FILE = 'scalefactors_json.json';
const SCALEFACTOR_KEYS = [
  'spot_diameter_fullres',
  'fiducial_diameter_fullres',
  'tissue_hires_scalef',
  'tissue_lowres_scalef',
];
const IMAGE = /\.(png|jpe?g|tiff?)$/i;

type Field = 'arrayRow' | 'arrayCol' | 'pxlRow' | 'pxlCol';
const HEADER_NAMES: Record<string, Field> = {
  array_row: 'arrayRow',
  row: 'arrayRow',
  array_col: 'arrayCol',
  col: 'arrayCol',
  pxl_row_in_fullres: 'pxlRow',
  pxl_row: 'pxlRow',
  y: 'pxlRow',
  pxl_col_in_fullres: 'pxlCol',
  pxl_col: 'pxlCol',
  x: 'pxlCol',
};
const ORDERS: Record<PositionsOrder, Field[]> = {
  visium: ['arrayRow', 'arrayCol', 'pxlRow', 'pxlCol'],
  atlasx: ['arrayCol', 'arrayRow', 'pxlRow', 'pxlCol'],
};

interface Folder {
  names: string[];
  /** Display name of a file in messages. */
  label(name: string): string;
  read(name: string): Promise<Uint8Array>;
}

async function openFolder(source: SpatialFolderSource): Promise<Folder> {
  if (typeof source === 'string') {
    const dir = path.resolve(source);
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
    } catch {
      throw new SpatialFormatError(dir, 'spatial folder not found or not readable');
    }
    const names = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
    return { names, label: (name) => path.join(dir, name), read: (name) => fs.readFile(path.join(dir, name)) };
  }
  const map = source instanceof Map ? source : new Map(Object.entries(source));
  return {
    names: [...map.keys()],
    label: (name) => name,
    read: async (name) => map.get(name)!,
  };
}

export async function readVisiumSpatial(
  source: SpatialFolderSource,
  options: ReadVisiumOptions = {},
): Promise<VisiumSpatial> {
  const folder = await openFolder(source);
  const positionsFile = POSITION_FILES.find((name) => folder.names.includes(name));
  let parsed: { order: PositionsOrder; hasHeader: boolean; positions: SpotPositions };
  if (positionsFile) {
    const text = new TextDecoder().decode(await folder.read(positionsFile));
    parsed = parsePositions(text, folder.label(positionsFile), options.order);
  } else if (folder.names.includes(PARQUET_FILE)) {
    const positions = await readPositionsParquet(await folder.read(PARQUET_FILE), folder.label(PARQUET_FILE));
    parsed = { order: 'visium', hasHeader: true, positions };
  } else {
    throw new SpatialFormatError(
      folder.label(POSITION_FILES[1]!),
      `missing: the folder has no ${[...POSITION_FILES, PARQUET_FILE].join(' or ')}`,
    );
  }
  const scalefactors = folder.names.includes(SCALEFACTORS_FILE)
    ? parseScalefactors(new TextDecoder().decode(await folder.read(SCALEFACTORS_FILE)), folder.label(SCALEFACTORS_FILE))
    : undefined;
  return {
    positionsFile: positionsFile ?? PARQUET_FILE,
    ...parsed,
    ...(scalefactors && { scalefactors }),
    images: folder.names.filter((name) => IMAGE.test(name)).sort(),
  };
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Parses positions CSV text; `file` names the file in errors. Exported for callers that hold only this file. */
export function parsePositions(
  text: string,
  file: string,
  order?: PositionsOrder,
): { order: PositionsOrder; hasHeader: boolean; positions: SpotPositions } {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  const cells = (line: string) => line.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const first = lines.length > 0 ? cells(lines[0]!) : [];
  const hasHeader = first[1]?.toLowerCase() === 'in_tissue';
  let fields: Field[];
  if (hasHeader) {
    if (first.length !== 6)
      throw new SpatialFormatError(file, `line 1: the header has ${first.length} columns, expected 6`);
    const named = first.slice(2).map((name) => HEADER_NAMES[name.toLowerCase()]);
    if (named.some((f) => !f) || new Set(named).size !== 4) {
      throw new SpatialFormatError(file, `line 1: unrecognised header '${lines[0]}'`);
    }
    fields = named as Field[];
    const headerOrder = fields[0] === 'arrayCol' ? 'atlasx' : 'visium';
    if (order && order !== headerOrder) {
      throw new SpatialFormatError(
        file,
        `line 1: the header gives the ${headerOrder} column order, but ${order} was requested`,
      );
    }
  } else {
    fields = ORDERS[order ?? 'visium'];
  }
  const start = hasHeader ? 1 : 0;
  const n = lines.length - start;
  if (n === 0) throw new SpatialFormatError(file, 'no spots');
  const positions: SpotPositions = {
    barcodes: new Array<string>(n),
    inTissue: new Uint8Array(n),
    arrayRow: new Int32Array(n),
    arrayCol: new Int32Array(n),
    pxlRow: new Float64Array(n),
    pxlCol: new Float64Array(n),
  };
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const lineNo = start + i + 1;
    const row = cells(lines[start + i]!);
    const fail = (problem: string): never => {
      throw new SpatialFormatError(file, `line ${lineNo}: ${problem}`);
    };
    if (row.length !== 6) fail(`expected 6 columns, found ${row.length}`);
    const number = (column: number, name: string, integer: boolean): number => {
      const cell = row[column]!;
      if (!NUMBER.test(cell)) fail(`column ${column + 1} (${name}): '${cell}' is not a number`);
      const value = Number(cell);
      if (integer && !Number.isInteger(value)) fail(`column ${column + 1} (${name}): '${cell}' is not an integer`);
      return value;
    };
    const barcode = row[0]!;
    if (barcode === '') fail('empty barcode');
    const previous = seen.get(barcode);
    if (previous !== undefined) fail(`barcode ${barcode} already appeared on line ${previous}`);
    seen.set(barcode, lineNo);
    positions.barcodes[i] = barcode;
    const inTissue = number(1, 'in_tissue', true);
    if (inTissue !== 0 && inTissue !== 1) fail(`column 2 (in_tissue): '${row[1]}' is not 0 or 1`);
    positions.inTissue[i] = inTissue;
    fields.forEach((field, k) => {
      positions[field][i] = number(k + 2, field, field === 'arrayRow' || field === 'arrayCol');
    });
  }
  return { order: fields[0] === 'arrayCol' ? 'atlasx' : 'visium', hasHeader, positions };
}

/** Parses scalefactors_json.json and checks that the four keys of DESIGN §7 are positive numbers. */
export function parseScalefactors(text: string, file: string): Scalefactors {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SpatialFormatError(file, `not valid JSON (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new SpatialFormatError(file, 'not a JSON object');
  const record = json as Record<string, unknown>;
  for (const key of SCALEFACTOR_KEYS) {
    const value = record[key];
    if (value === undefined) throw new SpatialFormatError(file, `missing key ${key}`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new SpatialFormatError(file, `${key} must be a positive number, found ${JSON.stringify(value)}`);
    }
  }
  const numbers = Object.entries(record).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  return Object.fromEntries(numbers) as Scalefactors;
}
