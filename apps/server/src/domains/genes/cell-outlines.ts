import {
  CELL_FILES,
  CELL_OUTLINE_LIMITS,
  CELLS_READ_MSG,
  ZCellsInfo,
  type TCellOutlinesQuery,
  type TCellsInfo,
} from '@atlas/contracts';
import { buildOutlineIndex, decodeOutlines, outlinesInWindow, type OutlineIndex } from '@atlas/spatial/io';
import { encodeOutlineWindow } from '@atlas/spatial/outline-window';
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

/** Outline files kept decoded with their grid (bytes ≈ the file's size × 1.5): a run's first window pays the read. */
const MAX_INDEXED_BYTES = 512 * 1024 * 1024;

/**
 * The cells of a single-cell-resolution run for the explorer (issue 38): whether the run is one and how big its
 * cells are (`describe`), and the outlines within a window (`window`), bounded by CELL_OUTLINE_LIMITS.maxVertices.
 * The outlines file is read and indexed once per stored version (docs/CELL-OUTLINES.md).
 */
export function createCellOutlines(storage: ObjectStore) {
  const indexes = new Lru<Promise<OutlineIndex>>(4, MAX_INDEXED_BYTES);
  const keyOf = (run: RunAccess, file: string) => `data/${run.runId}/${file}`;

  async function description(run: RunAccess): Promise<CellsDescription | null> {
    const key = keyOf(run, CELL_FILES.description);
    if (!(await storage.exists(run.bucket, key))) return null;
    return JSON.parse(Buffer.from(await readObject(storage, run.bucket, key)).toString('utf8')) as CellsDescription;
  }

  async function index(run: RunAccess): Promise<OutlineIndex> {
    const key = keyOf(run, CELL_FILES.outlines);
    const head = await storage.head(run.bucket, key);
    if (!head) throw notFound(CELLS_READ_MSG.noOutlines(run.runId));
    const stamp = `${run.bucket}/${key}:${head.size}:${head.lastModified.getTime()}`;
    let found = indexes.get(stamp);
    if (!found) {
      found = readObject(storage, run.bucket, key).then((bytes) =>
        buildOutlineIndex(decodeOutlines(new Uint8Array(bytes), key)),
      );
      // A failed read is not kept: the next request tries again.
      found.catch(() => indexes.delete(stamp));
      indexes.set(stamp, found, Math.round(head.size * 1.5));
    }
    return found;
  }

  return {
    async describe(run: RunAccess): Promise<TCellsInfo> {
      const described = await description(run);
      if (!described) return { available: false, reason: CELLS_READ_MSG.notCellRun(run.runId) };
      const outlined = described.outlines.cell ? await index(run) : null;
      return ZCellsInfo.parse({
        available: true,
        platform: described.platform,
        cells: described.cells,
        units: 'micrometre',
        outlines: outlined !== null,
        vertices: outlined ? outlined.outlines.xy.length / 2 : 0,
        cell_diameter: outlined?.medianDiameter ?? 0,
        max_vertices: CELL_OUTLINE_LIMITS.maxVertices,
      });
    },

    /** The window's outlines in @atlas/spatial/outline-window's binary form. */
    async window(run: RunAccess, query: TCellOutlinesQuery): Promise<Uint8Array> {
      return encodeOutlineWindow(outlinesInWindow(await index(run), query, CELL_OUTLINE_LIMITS.maxVertices));
    },
  };
}
