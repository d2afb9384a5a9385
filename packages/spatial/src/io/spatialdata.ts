/**
 * A SpatialData store (spatialdata ≥ 0.1, zarr v2 or v3): `tables/<name>` (AnnData-Zarr), `labels/<name>` and
 * `images/<name>` (OME-NGFF multiscales), `shapes/<name>/shapes.parquet` (GeoParquet: circles as points with a
 * `radius` column, or polygons) and `points/<name>/points.parquet` (dask parquet parts). Read as one run:
 * - the table: the one with observations, preferring one that annotates labels or shapes (`uns/spatialdata_attrs`:
 *   `region`, `region_key`, `instance_key`);
 * - each observation's position: the centroid of its label's pixels (pixel i spans [i, i + 1), as in spatialdata),
 *   or its shape's centre, through the element's coordinate transformation;
 * - the tissue image: the first image that shares a coordinate system with the annotated elements and whose
 *   transformation into it can be inverted; positions are then expressed in that image's full-resolution pixels
 *   (the frame of Visium's obsm['spatial']) and `image.scale` is the chosen level's pixels per such pixel;
 * - points: listed (count, feature key), not imported.
 * Observations whose instance is not in the element (a cropped store) are left out and counted.
 */
import type { TImportLimits } from '@atlas/contracts/genes/import-limits';
import type { ObsColumn } from './h5ad-dataframe.js';
import type { RawPixels } from './blank-image.js';
import {
  childNames,
  openZarrStore,
  readAnndataZarr,
  zarrSubStore,
  type ZarrAnnData,
  type ZarrFiles,
  type ZarrStore,
} from './anndata-zarr.js';
import { SpatialFormatError } from './errors.js';
import { selectRows } from '../matrix/ops.js';
import type { DenseArray } from './h5ad-reader.js';
import { apply, compose, invert, lengthScale, transformsBySystem, type Affine2D } from './spatialdata-transforms.js';
import {
  labelCentroids,
  readImagePixels,
  readShapes,
  type ElementGeometry,
  type MultiscaleLevel,
} from './spatialdata-elements.js';

export interface SpatialDataRun {
  tableName: string;
  table: ZarrAnnData;
  /** The annotated elements, e.g. `labels/blobs_labels`; empty when the table annotates none. */
  annotates: string[];
  /** Table rows that have a position, in table order, and their (x, y) interleaved in the frame's units. */
  rows: number[];
  xy: Float64Array;
  /** Median spot (circle) or label diameter, in the frame's units. */
  spotDiameter: number;
  unplaced: { count: number; example?: string };
  /** What the positions are measured in, for messages. */
  frame: string;
  image?: { element: string; level: string; pixels: RawPixels; scale: number };
  points: { element: string; count: number; featureKey: string | null }[];
  warnings: string[];
}

/** Images are decoded whole: the sharpest level whose longer side is at most this many pixels is taken. */
export const MAX_IMAGE_SIDE = 4096;

const ELEMENT_KINDS = ['tables', 'images', 'labels', 'shapes', 'points'] as const;

/** A store root with SpatialData elements (and no AnnData of its own at the root). */
export function isSpatialDataStore(keys: readonly string[]): boolean {
  if (keys.some((k) => k.startsWith('X/') || k.startsWith('obs/'))) return false;
  return keys.some((k) => /^(tables|images|labels|shapes|points)\/[^/]+\/(zarr\.json|\.zgroup)$/.test(k));
}

/** `limits`: an import's; the store, its table and its images share one budget (zarr-store.ts). */
export async function readSpatialData(
  source: string | ZarrFiles,
  name = 'SpatialData',
  limits?: TImportLimits,
): Promise<SpatialDataRun> {
  const store = await openZarrStore(source, name, limits);
  const { files, fail } = store;
  if (!ELEMENT_KINDS.some((kind) => childNames(files, kind).length)) fail('no SpatialData elements');
  const warnings: string[] = [];
  const chosen = await chooseTable(store, warnings);
  const table = await readAnndataZarr(
    zarrSubStore(files, `tables/${chosen.name}`),
    `${name}/tables/${chosen.name}`,
    store.budget,
  );
  warnings.push(...table.warnings.map((w) => `tables/${chosen.name}: ${w}`));
  const points = await listPoints(store);
  for (const p of points)
    warnings.push(
      `points/${p.element}: ${p.count} points${p.featureKey ? ` (feature key '${p.featureKey}')` : ''}, not imported`,
    );
  const run: SpatialDataRun = {
    tableName: chosen.name,
    table,
    annotates: [],
    rows: [],
    xy: new Float64Array(0),
    spotDiameter: NaN,
    unplaced: { count: 0 },
    frame: '',
    points: points.map(({ element, count, featureKey }) => ({ element, count, featureKey })),
    warnings,
  };
  const regions = chosen.regions.filter((r) => r.kind !== null) as Required<Region>[];
  if (regions.length === 0) {
    warnings.push(`tables/${chosen.name} annotates no labels or shapes of the store: it has no positions`);
    return run;
  }
  run.annotates = regions.map((r) => `${r.kind}/${r.name}`);

  const geometries = new Map<string, ElementGeometry>();
  for (const r of regions) geometries.set(r.name, await readRegion(store, r, warnings));
  const system = commonSystem([...geometries.values()]);
  if (!system)
    fail(`${run.annotates.join(', ')} share no coordinate system with a transformation this reader understands`);

  const image = await alignedImage(store, [...geometries.values()], system!, warnings);
  const toFrame = (g: ElementGeometry) => {
    const toSystem = g.systems.get(system!)!;
    return image ? compose(image.fromSystem, toSystem) : toSystem;
  };
  run.frame = image ? `pixels of images/${image.element}` : `coordinate system '${system}'`;

  const placed = placeRows(table, chosen, geometries, toFrame);
  Object.assign(run, placed);
  if (placed.unplaced.count)
    warnings.push(
      `${placed.unplaced.count} of ${table.nObs} observations of tables/${chosen.name} have no ` +
        `${regions.length === 1 ? `${regions[0]!.kind === 'labels' ? 'pixels in' : 'shape in'} ${run.annotates[0]}` : 'label or shape'} ` +
        `(e.g. instance ${placed.unplaced.example}): left out`,
    );
  if (image) {
    run.image = { element: image.element, level: image.level, pixels: image.pixels, scale: image.scale };
  }
  return run;
}

interface Region {
  name: string;
  kind: 'labels' | 'shapes' | null;
}

interface ChosenTable {
  name: string;
  regions: Region[];
  regionKey: string | null;
  instanceKey: string | null;
}

/** The table with observations, preferring one that annotates labels or shapes; the choice is said in `warnings`. */
async function chooseTable(store: ZarrStore, warnings: string[]): Promise<ChosenTable> {
  const { files, fail } = store;
  const names = childNames(files, 'tables');
  if (names.length === 0) fail('no tables/: a SpatialData store needs an AnnData table to become a run');
  const described: (ChosenTable & { nObs: number })[] = [];
  for (const name of names) {
    const attrs = await spatialdataAttrs(store, `tables/${name}`);
    const regions = attrs.region.map((r): Region => {
      const kind = childNames(files, 'labels').includes(r)
        ? 'labels'
        : childNames(files, 'shapes').includes(r)
          ? 'shapes'
          : null;
      return { name: r, kind };
    });
    described.push({ name, regions, ...attrs, nObs: await obsCount(store, `tables/${name}`) });
  }
  const withObs = described.filter((t) => t.nObs > 0);
  if (withObs.length === 0) fail(`none of its tables (${names.join(', ')}) has observations`);
  const annotating = withObs.filter((t) => t.regions.some((r) => r.kind));
  const chosen = (annotating.length ? annotating : withObs)[0]!;
  const annotated = chosen.regions.filter((r) => r.kind).map((r) => `${r.kind}/${r.name}`);
  warnings.push(
    `table '${chosen.name}' imported (${chosen.nObs} observations` +
      `${annotated.length ? `, annotating ${annotated.join(', ')}` : ''})`,
  );
  for (const t of described.filter((d) => d !== chosen))
    warnings.push(
      t.nObs === 0
        ? `tables/${t.name}: no observations, not imported`
        : `tables/${t.name} (${t.nObs} observations) not imported: import it on its own as an AnnData-Zarr (<store>/tables/${t.name})`,
    );
  return chosen;
}

async function spatialdataAttrs(
  store: ZarrStore,
  table: string,
): Promise<{ region: string[]; regionKey: string | null; instanceKey: string | null }> {
  const base = `${table}/uns/spatialdata_attrs`;
  const text = async (key: string): Promise<string[]> => {
    const node = await store.open(`${base}/${key}`);
    if (!(node instanceof store.zarr.Array)) return [];
    return Array.from((await store.read(node, `${base}/${key}`)) as ArrayLike<unknown>, String).filter(Boolean);
  };
  const region = await text('region');
  const [regionKey] = await text('region_key');
  const [instanceKey] = await text('instance_key');
  return { region, regionKey: regionKey ?? null, instanceKey: instanceKey ?? null };
}

async function obsCount(store: ZarrStore, table: string): Promise<number> {
  const group = await store.open(`${table}/obs`);
  const indexKey = typeof group?.attrs._index === 'string' ? group.attrs._index : '_index';
  const index = await store.open(`${table}/obs/${indexKey}`);
  return index instanceof store.zarr.Array ? (index.shape[0] ?? 0) : 0;
}

async function readRegion(store: ZarrStore, region: Required<Region>, warnings: string[]): Promise<ElementGeometry> {
  const key = `${region.kind}/${region.name}`;
  if (region.kind === 'labels') {
    const level = await multiscaleLevel(store, key, (shape) => shape.reduce((a, b) => a * b, 1) <= MAX_LABEL_PIXELS);
    if (!level) return store.fail(`${key}: every level is larger than ${MAX_LABEL_PIXELS} pixels`);
    if (level.index > 0) warnings.push(`${key}: level ${level.path} used (the sharper ones are too large)`);
    return labelCentroids(store, key, level);
  }
  return readShapes(store, key);
}

/** Labels are read whole to find each label's centroid. */
const MAX_LABEL_PIXELS = 100_000_000;

/** The sharpest level of an NGFF multiscale that `fits`, with its transformations (undefined when none fits). */
async function multiscaleLevel(
  store: ZarrStore,
  key: string,
  fits: (shape: number[], axes: string[]) => boolean,
): Promise<MultiscaleLevel | undefined> {
  const group = await store.open(key);
  const attrs = (group?.attrs ?? {}) as Record<string, unknown>;
  const ome = (attrs.ome ?? attrs) as { multiscales?: Multiscale[] };
  const multiscale = ome.multiscales?.[0];
  if (!multiscale) return store.fail(`${key}: no OME-NGFF multiscales`);
  const axes = (multiscale.axes ?? []).map((a) => (typeof a === 'string' ? a : String(a.name)));
  const systems = transformsBySystem(multiscale.coordinateTransformations, axes);
  for (const [index, dataset] of (multiscale.datasets ?? []).entries()) {
    const array = await store.open(`${key}/${dataset.path}`);
    if (!(array instanceof store.zarr.Array)) continue;
    if (!fits(array.shape, axes)) continue;
    const levelToElement = dataset.coordinateTransformations
      ?.map((t) => transformsBySystem([{ ...t, output: { name: 'element' } }], axes).get('element'))
      .reduce<Affine2D | null | undefined>((total, t) => (t && total ? compose(t, total) : null), {
        a: 1,
        b: 0,
        c: 0,
        d: 0,
        e: 1,
        f: 0,
      });
    if (!levelToElement) continue;
    return { index, path: dataset.path, array, axes, levelToElement, systems };
  }
  return undefined;
}

interface Multiscale {
  axes?: ({ name?: string } | string)[];
  datasets?: { path: string; coordinateTransformations?: object[] }[];
  coordinateTransformations?: unknown;
}

/** The coordinate system every element can be mapped into: 'global' when they all have it, else the first shared. */
function commonSystem(geometries: ElementGeometry[]): string | undefined {
  const usable = (g: ElementGeometry) => [...g.systems].filter(([, t]) => t).map(([s]) => s);
  const shared = usable(geometries[0]!).filter((s) => geometries.every((g) => usable(g).includes(s)));
  return shared.includes('global') ? 'global' : shared[0];
}

interface AlignedImage {
  element: string;
  level: string;
  pixels: RawPixels;
  scale: number;
  /** From the coordinate system into the image's full-resolution pixels. */
  fromSystem: Affine2D;
}

async function alignedImage(
  store: ZarrStore,
  geometries: ElementGeometry[],
  system: string,
  warnings: string[],
): Promise<AlignedImage | undefined> {
  let found: AlignedImage | undefined;
  for (const name of childNames(store.files, 'images')) {
    const key = `images/${name}`;
    if (found) {
      warnings.push(`${key}: not used (images/${found.element} is the tissue image)`);
      continue;
    }
    const level = await multiscaleLevel(store, key, (shape, axes) => {
      const side = (axis: string) => shape[axes.indexOf(axis)] ?? Infinity;
      return Math.max(side('x'), side('y')) <= MAX_IMAGE_SIDE;
    });
    if (!level) {
      warnings.push(`${key}: every level is larger than ${MAX_IMAGE_SIDE} px a side: not used`);
      continue;
    }
    const toSystem = level.systems.get(system);
    const fromSystem = toSystem && invert(toSystem);
    if (!fromSystem) {
      warnings.push(
        `${key}: ${toSystem === undefined ? 'no' : 'no invertible'} transformation into the coordinate system '${system}' of ` +
          `${geometries.map((g) => g.element).join(', ')}: not used as the tissue image`,
      );
      continue;
    }
    const { a, b, d, e } = level.levelToElement;
    if (Math.abs(b) > 1e-9 || Math.abs(d) > 1e-9 || Math.abs(a - e) > 1e-6 * Math.abs(a) || !(a > 0)) {
      warnings.push(`${key}: level ${level.path} is not a uniform downscale of its full resolution: not used`);
      continue;
    }
    const pixels = await readImagePixels(store, key, level, warnings);
    if (!pixels) continue;
    found = { element: name, level: level.path, pixels, scale: 1 / a, fromSystem };
  }
  return found;
}

/** Each table row's position through its region's element; rows without a label or shape are counted. */
function placeRows(
  table: ZarrAnnData,
  chosen: ChosenTable,
  geometries: Map<string, ElementGeometry>,
  toFrame: (g: ElementGeometry) => Affine2D,
): Pick<SpatialDataRun, 'rows' | 'xy' | 'spotDiameter' | 'unplaced'> {
  const n = table.nObs;
  const regionOf = rowRegions(table, chosen);
  const instances = chosen.instanceKey ? table.obs[chosen.instanceKey] : undefined;
  if (!instances)
    throw new SpatialFormatError(
      `tables/${chosen.name}`,
      `obs has no instance column '${chosen.instanceKey ?? '(instance_key not set)'}' to match its rows with ${[...geometries.keys()].join(', ')}`,
    );
  const instanceOf = columnText(instances);
  const rows: number[] = [];
  const xy: number[] = [];
  const diameters: number[] = [];
  let unplaced = 0;
  let example: string | undefined;
  const maps = new Map([...geometries].map(([name, g]) => [name, toFrame(g)]));
  for (let i = 0; i < n; i++) {
    const region = regionOf(i);
    const g = region === undefined ? undefined : geometries.get(region);
    const shape = g?.instances.get(instanceOf(i));
    if (!g || !shape) {
      unplaced++;
      example ??= instanceOf(i);
      continue;
    }
    const m = maps.get(region!)!;
    const [x, y] = apply(m, shape.x, shape.y);
    rows.push(i);
    xy.push(x, y);
    diameters.push(shape.diameter * lengthScale(m));
  }
  return {
    rows,
    xy: Float64Array.from(xy),
    spotDiameter: median(diameters),
    unplaced: { count: unplaced, ...(example !== undefined && { example }) },
  };
}

/**
 * The run's AnnData: the table's observations that have a position, with obsm['spatial'] = those positions (the
 * table as it is when it annotates nothing).
 */
export function spatialDataAnnData(run: SpatialDataRun): ZarrAnnData {
  const { table, rows } = run;
  if (run.annotates.length === 0) return table;
  const pick = <T>(values: ArrayLike<T>): T[] => rows.map((r) => values[r]!);
  const obs = Object.fromEntries(
    Object.entries(table.obs).map(([key, c]): [string, ObsColumn] => [
      key,
      c.kind === 'categorical'
        ? { ...c, codes: Int32Array.from(pick(c.codes)) }
        : c.kind === 'numeric'
          ? { ...c, values: Float64Array.from(pick(c.values)) }
          : c.kind === 'bool'
            ? { ...c, values: Uint8Array.from(pick(c.values)) }
            : { ...c, values: pick(c.values) },
    ]),
  );
  const obsm: Record<string, DenseArray> = {};
  for (const [key, m] of Object.entries(table.obsm)) {
    const data = new Float64Array(rows.length * m.nCols);
    rows.forEach((r, i) => data.set(m.data.subarray(r * m.nCols, (r + 1) * m.nCols), i * m.nCols));
    obsm[key] = { nRows: rows.length, nCols: m.nCols, data };
  }
  obsm.spatial = { nRows: rows.length, nCols: 2, data: run.xy };
  return {
    ...table,
    nObs: rows.length,
    xLayout: 'csr',
    X: selectRows(table.X, rows),
    obsNames: pick(table.obsNames),
    obs,
    obsm,
    ...(table.raw && { raw: { ...table.raw, layout: 'csr', X: selectRows(table.raw.X, rows) } }),
    ...(table.counts && { counts: selectRows(table.counts, rows) }),
  };
}

function rowRegions(table: ZarrAnnData, chosen: ChosenTable): (row: number) => string | undefined {
  const column = chosen.regionKey ? table.obs[chosen.regionKey] : undefined;
  if (column) return columnText(column);
  const only = chosen.regions.length === 1 ? chosen.regions[0]!.name : undefined;
  return () => only;
}

/** A column's value at a row as text, the key instances are matched by (label 7 and shape index '7' alike). */
function columnText(column: ObsColumn): (row: number) => string {
  if (column.kind === 'categorical') return (i) => column.categories[column.codes[i]!] ?? '';
  return (i) => String(column.values[i]);
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function listPoints(store: ZarrStore): Promise<{ element: string; count: number; featureKey: string | null }[]> {
  const { parquetMetadata } = await import('hyparquet');
  const out = [];
  for (const element of childNames(store.files, 'points')) {
    const group = await store.open(`points/${element}`);
    const attrs = (group?.attrs ?? {}) as { spatialdata_attrs?: { feature_key?: unknown } };
    const featureKey = attrs.spatialdata_attrs?.feature_key;
    const parts = store.files.keys.filter(
      (k) => k.startsWith(`points/${element}/points.parquet`) && k.endsWith('.parquet'),
    );
    let count = 0;
    for (const part of parts) {
      const bytes = await store.files.read(part);
      if (!bytes) continue;
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      try {
        count += Number(parquetMetadata(buffer).num_rows);
      } catch (error) {
        store.fail(`${part}: not a readable parquet file (${(error as Error).message})`);
      }
    }
    out.push({ element, count, featureKey: typeof featureKey === 'string' ? featureKey : null });
  }
  return out;
}
