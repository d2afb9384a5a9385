/**
 * The cell boundaries of older MERSCOPE exports: one `cell_boundaries/feature_data_{fov}.hdf5` per field of view,
 * group `featuredata` holding one group per cell named by its id, each with `zIndex_{k}/p_0/coordinates` (float64,
 * 1 × n × 2, a closed ring in the slide's microns) for every z-plane imaged. As for the GeoParquet form, the middle
 * z-plane present is kept and a cell without it takes its nearest plane. Read with h5wasm, one file at a time.
 */
import { CELLS_MSG } from '@atlas/contracts/genes/cell-messages';
import { asFloat64, child, isDataset, isGroup, readValue, withHdf5 } from '../hdf5.js';
import { outlinesFromRings, type CellOutlines } from './outlines.js';
import type { CellFiles } from './source.js';

export const LEGACY_BOUNDARIES = /^cell_boundaries\/[^/]+\.hdf5$/;
const PLANE = /^zIndex_(\d+)$/;

/** A cell's rings by z-plane: closed rings of [x, y] vertices in microns. */
export type Planes = Map<number, number[][]>;

/** Every plane's ring of every cell of one FOV file, by cell id. */
function fovRings(files: CellFiles, name: string, bytes: Uint8Array): Promise<Map<string, Planes>> {
  return withHdf5(
    bytes,
    files.label(name),
    (file, label) => {
      const cells = new Map<string, Planes>();
      const features = child(file, 'featuredata');
      if (!isGroup(features)) return cells;
      for (const id of features.keys()) {
        const cell = child(features, id);
        if (!isGroup(cell)) continue;
        const planes: Planes = new Map();
        for (const key of cell.keys()) {
          const z = PLANE.exec(key);
          const plane = z ? child(cell, key) : undefined;
          const polygon = isGroup(plane) ? child(plane, 'p_0') : undefined;
          const coordinates = isGroup(polygon) ? child(polygon, 'coordinates') : undefined;
          if (!z || !isDataset(coordinates)) continue;
          const where = `/featuredata/${id}/${key}/p_0/coordinates`;
          const xy = asFloat64(readValue(coordinates, where));
          if (!xy || xy.length % 2) throw new Error(`${where} is not a list of x, y vertices`);
          planes.set(
            Number(z[1]),
            Array.from({ length: xy.length / 2 }, (_, k) => [xy[2 * k]!, xy[2 * k + 1]!]),
          );
        }
        cells.set(id, planes);
      }
      if (cells.size === 0) throw new Error(`${label} holds no cell boundaries (no featuredata group of cells)`);
      return cells;
    },
    files.limits,
  );
}

/** Every cell's ring on every z-plane of the per-FOV files, by cell id. */
export async function readLegacyCellPlanes(files: CellFiles, names: readonly string[]): Promise<Map<string, Planes>> {
  const cells = new Map<string, Planes>();
  for (const name of names)
    for (const [id, cell] of await fovRings(files, name, await files.bytes(name))) cells.set(id, cell);
  return cells;
}

/** The ring of each cell (or null) on the middle z-plane present, a cell without it on its nearest plane. */
export function middlePlaneRings(found: ReadonlyArray<Planes | undefined>): {
  rings: (number[][] | null)[];
  zIndex: number;
} {
  const planes = new Set<number>();
  for (const cell of found) for (const z of cell?.keys() ?? []) planes.add(z);
  const sorted = [...planes].sort((a, b) => a - b);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  const nearest = (cell: Planes) =>
    [...cell.keys()].reduce((a, b) => (Math.abs(b - middle) < Math.abs(a - middle) ? b : a));
  return { rings: found.map((cell) => (cell && cell.size ? cell.get(nearest(cell))! : null)), zIndex: middle };
}

/** One ring per cell of `cellIds` from the per-FOV files, at the middle z-plane present. */
export async function readLegacyBoundaries(
  files: CellFiles,
  names: readonly string[],
  cellIds: readonly string[],
  warnings: string[],
): Promise<{ outlines: CellOutlines; zIndex: number }> {
  const rowOf = new Map(cellIds.map((id, i) => [id, i]));
  const found = new Array<Planes | undefined>(cellIds.length).fill(undefined);
  let unplaced = 0;
  for (const [id, cell] of await readLegacyCellPlanes(files, names)) {
    const row = rowOf.get(id);
    if (row === undefined) unplaced++;
    else found[row] = cell;
  }
  if (unplaced) warnings.push(CELLS_MSG.outlinesWithoutCell(files.label('cell_boundaries/'), unplaced));
  const { rings, zIndex } = middlePlaneRings(found);
  return { outlines: outlinesFromRings(rings), zIndex };
}
