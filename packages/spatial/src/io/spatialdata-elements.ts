/**
 * The SpatialData elements a table's rows are placed with (labels, shapes) and the image drawn under them, read
 * into plain numbers: see spatialdata.ts for how they are combined.
 */
import type * as Zarr from 'zarrita';
import type { RawPixels } from './blank-image.js';
import { toFloat64, type ZarrStore } from './anndata-zarr.js';
import { apply, lengthScale, transformsBySystem, type Affine2D } from './spatialdata-transforms.js';

/** One label or shape: its centre in the element's own coordinates and its (equivalent) diameter. */
export interface Instance {
  x: number;
  y: number;
  diameter: number;
}

export interface ElementGeometry {
  /** `labels/<name>` or `shapes/<name>`. */
  element: string;
  /** Instance id as text (label value, shape index) → its geometry. */
  instances: Map<string, Instance>;
  /** Coordinate system → map from the element's coordinates into it (null: a transformation not handled). */
  systems: Map<string, Affine2D | null>;
}

export interface MultiscaleLevel {
  index: number;
  path: string;
  array: Zarr.Array<Zarr.DataType, Zarr.Readable>;
  /** Axis names of the array, e.g. ['c', 'y', 'x']. */
  axes: string[];
  /** From this level's pixels to the element's full-resolution coordinates (the dataset's scale). */
  levelToElement: Affine2D;
  systems: Map<string, Affine2D | null>;
}

/**
 * The centroid of each label's pixels (0 is background), pixel (row i, column j) covering [j, j + 1) × [i, i + 1),
 * so a label of one pixel at (i, j) is centred at (j + 0.5, i + 0.5).
 */
export async function labelCentroids(store: ZarrStore, key: string, level: MultiscaleLevel): Promise<ElementGeometry> {
  const { axes, array } = level;
  if (array.shape.length !== 2 || axes.join() !== 'y,x')
    return store.fail(`${key}: labels with axes (${axes.join(', ')}); only 2-D (y, x) labels are read`);
  const [height, width] = array.shape as [number, number];
  const values = await store.read(array, `${key}/${level.path}`);
  const sums = new Map<number, { x: number; y: number; n: number }>();
  for (let row = 0, i = 0; row < height; row++) {
    for (let col = 0; col < width; col++, i++) {
      const label = Number(values[i] as number | bigint);
      if (label === 0) continue;
      let s = sums.get(label);
      if (!s) sums.set(label, (s = { x: 0, y: 0, n: 0 }));
      s.x += col;
      s.y += row;
      s.n++;
    }
  }
  const stretch = lengthScale(level.levelToElement);
  const instances = new Map<string, Instance>();
  for (const [label, s] of sums) {
    const [x, y] = apply(level.levelToElement, s.x / s.n + 0.5, s.y / s.n + 0.5);
    instances.set(String(label), { x, y, diameter: 2 * Math.sqrt(s.n / Math.PI) * stretch });
  }
  return { element: key, instances, systems: level.systems };
}

interface GeoJsonGeometry {
  type: string;
  coordinates: unknown;
}

/**
 * `shapes/<name>/shapes.parquet` (spatialdata's shapes format 0.2+, a GeoDataFrame written by geopandas): circles
 * (points with a `radius` column) or polygons / multipolygons (their area centroid and equal-area diameter). The
 * instance ids are the GeoDataFrame's index, kept by pandas as a column or a range in the file's `pandas` metadata.
 */
export async function readShapes(store: ZarrStore, key: string): Promise<ElementGeometry> {
  const group = await store.open(key);
  const attrs = (group?.attrs ?? {}) as { axes?: string[]; coordinateTransformations?: unknown };
  const file = `${key}/shapes.parquet`;
  const bytes = await store.files.read(file);
  if (!bytes) return store.fail(`${key}: no shapes.parquet (shapes written by spatialdata < 0.1 are not read)`);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const { parquetMetadata, parquetReadObjects } = await import('hyparquet');
  let rows: Record<string, unknown>[];
  let pandas: { index_columns?: (string | { kind?: string; start?: number; step?: number })[] } = {};
  try {
    const metadata = parquetMetadata(buffer);
    const text = metadata.key_value_metadata?.find((kv) => kv.key === 'pandas')?.value;
    if (text) pandas = JSON.parse(text) as typeof pandas;
    rows = await parquetReadObjects({ file: buffer, metadata });
  } catch (error) {
    return store.fail(`${file}: not a readable parquet file (${(error as Error).message})`);
  }
  const index = pandas.index_columns?.[0];
  const idOf = (row: Record<string, unknown>, i: number): string =>
    typeof index === 'string'
      ? String(row[index])
      : index?.kind === 'range'
        ? String((index.start ?? 0) + i * (index.step ?? 1))
        : String(i);
  const instances = new Map<string, Instance>();
  rows.forEach((row, i) => {
    const geometry = row.geometry as GeoJsonGeometry | undefined;
    if (!geometry || typeof geometry !== 'object' || !('type' in geometry))
      store.fail(`${file}: row ${i + 1} has no geometry (a GeoParquet 'geometry' column in WKB is expected)`);
    const shape = shapeOf(geometry!, Number(row.radius));
    if (!shape)
      store.fail(`${file}: row ${i + 1} is a ${geometry!.type}; circles (points with a radius) or polygons are read`);
    instances.set(idOf(row, i), shape!);
  });
  const systems = transformsBySystem(attrs.coordinateTransformations, attrs.axes ?? ['x', 'y']);
  return { element: key, instances, systems };
}

function shapeOf(geometry: GeoJsonGeometry, radius: number): Instance | undefined {
  if (geometry.type === 'Point') {
    const [x, y] = geometry.coordinates as number[];
    if (!(radius > 0)) return undefined;
    return { x: x!, y: y!, diameter: 2 * radius };
  }
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates as number[][][]]
      : geometry.type === 'MultiPolygon'
        ? (geometry.coordinates as number[][][][])
        : undefined;
  if (!polygons) return undefined;
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const [outer] of polygons) {
    const ring = outer ?? [];
    for (let i = 0; i + 1 < ring.length; i++) {
      const [x0, y0] = ring[i]!;
      const [x1, y1] = ring[i + 1]!;
      const cross = x0! * y1! - x1! * y0!;
      area += cross / 2;
      cx += ((x0! + x1!) * cross) / 6;
      cy += ((y0! + y1!) * cross) / 6;
    }
  }
  if (area === 0) return undefined;
  return { x: cx / area, y: cy / area, diameter: 2 * Math.sqrt(Math.abs(area) / Math.PI) };
}

/**
 * An image level as 8-bit pixels: (c, y, x) or (y, x); one channel → grey, two or more → RGB from the first three
 * (a missing blue is 0). uint8 is kept as it is; any other type is rescaled linearly from its range (over all the
 * channels used, so colours keep their balance) to 0–255.
 */
export async function readImagePixels(
  store: ZarrStore,
  key: string,
  level: MultiscaleLevel,
  warnings: string[],
): Promise<RawPixels | undefined> {
  const { axes, array } = level;
  const layout = axes.join();
  if (layout !== 'c,y,x' && layout !== 'y,x') {
    warnings.push(`${key}: an image with axes (${axes.join(', ')}); only (c, y, x) or (y, x) is read: not used`);
    return undefined;
  }
  const [channelsIn, height, width] = (layout === 'y,x' ? [1, ...array.shape] : array.shape) as [
    number,
    number,
    number,
  ];
  if (channelsIn > 3) warnings.push(`${key}: ${channelsIn} channels; the first three are drawn as red, green and blue`);
  const channels = channelsIn === 1 ? 1 : 3;
  const used = Math.min(channelsIn, 3);
  const plane = width * height;
  const raw = await store.read(array, `${key}/${level.path}`);
  const values = array.dtype === 'uint8' ? (raw as Uint8Array) : toFloat64(raw, `${key}/${level.path}`, key);
  let low = 0;
  let high = 255;
  if (array.dtype !== 'uint8') {
    low = Infinity;
    high = -Infinity;
    for (let i = 0; i < used * plane; i++) {
      const v = values[i]!;
      if (v < low) low = v;
      if (v > high) high = v;
    }
  }
  const span = high > low ? 255 / (high - low) : 0;
  const pixels = new Uint8Array(plane * channels);
  for (let c = 0; c < used; c++)
    for (let p = 0; p < plane; p++)
      pixels[p * channels + c] = Math.max(0, Math.min(255, Math.round((values[c * plane + p]! - low) * span)));
  return { width, height, channels, pixels };
}
