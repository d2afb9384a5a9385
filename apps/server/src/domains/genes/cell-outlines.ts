import {
  CELL_FILES,
  CELL_OUTLINE_LIMITS,
  CELLS_READ_MSG,
  ZCellsInfo,
  type TCellOutlinesQuery,
  type TCellsInfo,
} from '@atlas/contracts';
import {
  buildOutlineIndex,
  decodeOutlines,
  decodeOutlineTilesHeader,
  OUTLINE_TILES_FIXED_BYTES,
  outlinesFromTiles,
  outlinesInWindow,
  outlineTilesGrid,
  outlineTilesHeaderLength,
  overCapWindow,
  tilesForWindow,
  type OutlineIndex,
  type OutlineTilesHeader,
} from '@atlas/spatial/io';
import { encodeOutlineWindow, type OutlineWindow } from '@atlas/spatial/outline-window';
import { notFound } from '../../http/errors.js';
import { readObject, type ObjectStore } from '../../infra/storage/index.js';
import type { RunAccess } from '../runs/index.js';
import { Lru } from './lru.js';

/** What cells/cells.json says that the explorer needs; the rest (controls, metadata) stays on the server. */
interface CellsDescription {
  platform: 'Xenium' | 'CosMx' | 'MERSCOPE';
  cells: number;
  outlines: { cell?: string };
}

/** What a window query needs of a run's outlines, whichever form they are stored in. */
interface Outlines {
  vertices: number;
  medianDiameter: number;
  window(query: TCellOutlinesQuery): Promise<OutlineWindow>;
}

/** Whole outline files of runs imported before the tiles, kept decoded with their grid (≈ the file's size × 1.5). */
const MAX_INDEXED_BYTES = 512 * 1024 * 1024;

/**
 * The cells of a single-cell-resolution run for the explorer (issue 38): whether the run is one and how big its
 * cells are (`describe`), and the outlines within a window (`window`), bounded by CELL_OUTLINE_LIMITS.maxVertices.
 * Tiled outlines (what imports write) are read a window at a time: the header once per stored version, then only
 * the window's tiles; a window whose whole tiles already hold more than the cap reads none. Outlines of runs imported
 * before the tiles are read whole and indexed once per stored version (docs/CELL-OUTLINES.md).
 */
export function createCellOutlines(storage: ObjectStore) {
  const indexes = new Lru<Promise<Outlines>>(4, MAX_INDEXED_BYTES);
  // Tile headers are a few tens of kB each at five million cells: bounded by count.
  const headers = new Lru<Promise<Outlines>>(64);
  const keyOf = (run: RunAccess, file: string) => `data/${run.runId}/${file}`;

  async function description(run: RunAccess): Promise<CellsDescription | null> {
    const key = keyOf(run, CELL_FILES.description);
    if (!(await storage.exists(run.bucket, key))) return null;
    return JSON.parse(Buffer.from(await readObject(storage, run.bucket, key)).toString('utf8')) as CellsDescription;
  }

  /**
   * The run's outlines, tiled or (runs imported before the tiles) whole, read once per stored version of the file:
   * the header of tiles, or the whole file.
   */
  async function outlines(run: RunAccess): Promise<Outlines> {
    for (const file of [CELL_FILES.outlineTiles, CELL_FILES.outlines]) {
      const key = keyOf(run, file);
      const head = await storage.head(run.bucket, key);
      if (!head) continue;
      const stamp = `${run.bucket}/${key}:${head.size}:${head.lastModified.getTime()}`;
      const tiled = file === CELL_FILES.outlineTiles;
      const cache = tiled ? headers : indexes;
      let found = cache.get(stamp);
      if (!found) {
        found = tiled ? tiledOutlines(storage, run.bucket, key) : wholeOutlines(storage, run.bucket, key);
        // A failed read is not kept: the next request tries again.
        found.catch(() => cache.delete(stamp));
        cache.set(stamp, found, tiled ? 0 : Math.round(head.size * 1.5));
      }
      return found;
    }
    throw notFound(CELLS_READ_MSG.noOutlines(run.runId));
  }

  return {
    async describe(run: RunAccess): Promise<TCellsInfo> {
      const described = await description(run);
      if (!described) return { available: false, reason: CELLS_READ_MSG.notCellRun(run.runId) };
      const outlined = described.outlines.cell ? await outlines(run) : null;
      return ZCellsInfo.parse({
        available: true,
        platform: described.platform,
        cells: described.cells,
        units: 'micrometre',
        outlines: outlined !== null,
        vertices: outlined?.vertices ?? 0,
        cell_diameter: outlined?.medianDiameter ?? 0,
        max_vertices: CELL_OUTLINE_LIMITS.maxVertices,
      });
    },

    /** The window's outlines in @atlas/spatial/outline-window's binary form. */
    async window(run: RunAccess, query: TCellOutlinesQuery): Promise<Uint8Array> {
      return encodeOutlineWindow(await (await outlines(run)).window(query));
    },
  };
}

/** Tiled outlines: the header and directory now (two small reads), each window's tiles when it asks. */
async function tiledOutlines(storage: ObjectStore, bucket: string, key: string): Promise<Outlines> {
  const fixed = await readObject(storage, bucket, key, { start: 0, end: OUTLINE_TILES_FIXED_BYTES - 1 });
  const { nx, ny } = outlineTilesGrid(new Uint8Array(fixed), key);
  const bytes = await readObject(storage, bucket, key, { start: 0, end: outlineTilesHeaderLength(nx, ny) - 1 });
  const header: OutlineTilesHeader = decodeOutlineTilesHeader(new Uint8Array(bytes), key);
  const cap = CELL_OUTLINE_LIMITS.maxVertices;
  return {
    vertices: header.vertices,
    medianDiameter: header.medianDiameter,
    async window(query) {
      const { ranges, surelyInside } = tilesForWindow(header, query);
      if (surelyInside > cap) return overCapWindow(surelyInside);
      const reads = await Promise.all(
        ranges
          .filter((range) => range.end > range.start)
          .map(async (range) => ({
            range,
            bytes: new Uint8Array(await readObject(storage, bucket, key, { start: range.start, end: range.end - 1 })),
          })),
      );
      return outlinesFromTiles(header, reads, query, cap);
    },
  };
}

/** Outlines in one block (runs imported before the tiles): read whole and indexed in memory. */
async function wholeOutlines(storage: ObjectStore, bucket: string, key: string): Promise<Outlines> {
  const index: OutlineIndex = buildOutlineIndex(
    decodeOutlines(new Uint8Array(await readObject(storage, bucket, key)), key),
  );
  return {
    vertices: index.outlines.xy.length / 2,
    medianDiameter: index.medianDiameter,
    window: async (query) => outlinesInWindow(index, query, CELL_OUTLINE_LIMITS.maxVertices),
  };
}
