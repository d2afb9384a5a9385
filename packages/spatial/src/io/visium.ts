/**
 * A Visium / Space Ranger / AtlasXbrowser `spatial/` folder (DESIGN §7), given as a directory path or as a
 * map of relative file name → bytes (e.g. the entries of an uploaded archive, relative to `spatial/`).
 *
 * Positions: `tissue_positions.csv` (Space Ranger ≥ 2, with a header) is preferred over
 * `tissue_positions_list.csv` (no header), then `tissue_positions.parquet` (Space Ranger ≥ 3, Visium HD bins;
 * see positions-parquet.ts). The CSV's column order is read as ../formats/positions-csv.ts says: a header decides it;
 * without one it is the caller's `order`, else AtlasXbrowser's own folders (they hold a `metadata.json`) are read
 * in the order their pixels show, and any other folder in the Visium order.
 * Pixels may be integers (Space Ranger) or floats (AtlasXbrowser); they are full-resolution image pixels.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SpatialFormatError } from './errors.js';
import {
  parsePositions,
  type ParsedPositions,
  type PositionsOrder,
  type SpotPositions,
} from '../formats/positions-csv.js';
import { readPositionsParquet } from './positions-parquet.js';

export * from '../formats/positions-csv.js';

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
  order?: PositionsOrder | 'auto';
}

export type SpatialFolderSource = string | ReadonlyMap<string, Uint8Array> | Readonly<Record<string, Uint8Array>>;

const POSITION_FILES = ['tissue_positions.csv', 'tissue_positions_list.csv'];
/** Space Ranger ≥ 3 and Visium HD binned outputs (used when there is no CSV). */
const PARQUET_FILE = 'tissue_positions.parquet';
const SCALEFACTORS_FILE = 'scalefactors_json.json';
/** AtlasXbrowser writes its run metadata beside the positions; Space Ranger does not. */
const ATLASX_METADATA = 'metadata.json';
const SCALEFACTOR_KEYS = [
  'spot_diameter_fullres',
  'fiducial_diameter_fullres',
  'tissue_hires_scalef',
  'tissue_lowres_scalef',
];
const IMAGE = /\.(png|jpe?g|tiff?)$/i;

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
  let parsed: ParsedPositions;
  if (positionsFile) {
    const text = new TextDecoder().decode(await folder.read(positionsFile));
    const order = options.order ?? (folder.names.includes(ATLASX_METADATA) ? 'auto' : undefined);
    parsed = parsePositions(text, folder.label(positionsFile), order);
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
