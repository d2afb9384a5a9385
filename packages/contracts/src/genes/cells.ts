import { z } from 'zod';
import { ZRunRef } from './schemas.js';

/**
 * The cells of a single-cell-resolution run (issue 38: Xenium, CosMx, MERSCOPE) as the explorer draws them: outlines
 * when a cell is large enough on screen, points otherwise. Outlines are fetched for the viewport only, and a request
 * whose window holds more than `CELL_OUTLINE_LIMITS.maxVertices` vertices gets none (the explorer keeps points):
 * the browser never holds more outline vertices than one request's cap (docs/CELL-OUTLINES.md says why).
 */
/** The side files of a single-cell-resolution run under `data/{run}/` (written by the importer, read by the explorer's routes). */
export const CELL_FILES = {
  /** The cell outlines in spatial tiles (ATLOUTT1), read a window at a time: what imports write. */
  outlineTiles: 'cells/cell_outline_tiles.bin',
  /** The cell outlines in one block (ATLOUTL1): runs imported before the tiles, read whole. */
  outlines: 'cells/cell_outlines.bin',
  nucleusOutlines: 'cells/nucleus_outlines.bin',
  description: 'cells/cells.json',
} as const;

export const CELL_OUTLINE_LIMITS = {
  /** Vertices one answer may hold: ~200k vertices draw in one frame on integrated GPUs, ~4 MB on the wire. */
  maxVertices: 200_000,
  /** A window wider or taller than this (µm) is refused before any work: a whole slide is a points view. */
  maxWindowMicrons: 50_000,
} as const;

/** The outline window's media type: @atlas/spatial/outline-window's binary form. */
export const OUTLINE_WINDOW_MEDIA_TYPE = 'application/octet-stream';

export const CELLS_READ_MSG = {
  notCellRun: (runId: string) => `Run ${runId} is not a single-cell-resolution run (no cells/cells.json)`,
  noOutlines: (runId: string) => `Run ${runId} has no cell outlines`,
  badWindow: 'The window must have x0 < x1 and y0 < y1',
  windowTooLarge: (max: number) => `The window may be at most ${max.toLocaleString('en-US')} µm wide and tall`,
};

/**
 * `GET /api/v1/genes/cells`: whether the run is a single-cell-resolution run, and what the explorer needs to draw
 * it: its coordinates are microns (`units`), the median cell diameter (µm) for the level of detail, the outlines'
 * extent and how many vertices they hold.
 */
export const ZCellsInfo = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), reason: z.string() }),
  z.object({
    available: z.literal(true),
    platform: z.enum(['Xenium', 'CosMx', 'MERSCOPE']),
    cells: z.number().int().nonnegative(),
    units: z.literal('micrometre'),
    /** Whether the run has cell outlines (cells/cell_outlines.bin). */
    outlines: z.boolean(),
    vertices: z.number().int().nonnegative(),
    /** Median over the outlined cells of the larger side of each outline's bounding box, in µm (0 without outlines). */
    cell_diameter: z.number().nonnegative(),
    max_vertices: z.number().int().positive(),
  }),
]);
export type TCellsInfo = z.infer<typeof ZCellsInfo>;

const coordinate = z.coerce.number().refine(Number.isFinite, 'must be a finite number');

/** `GET /api/v1/genes/cell_outlines`: the outlines of the cells whose outline meets the window [x0, x1] × [y0, y1]. */
export const ZCellOutlinesQuery = ZRunRef.extend({ x0: coordinate, y0: coordinate, x1: coordinate, y1: coordinate })
  .refine((q) => q.x0 < q.x1 && q.y0 < q.y1, CELLS_READ_MSG.badWindow)
  .refine(
    (q) => q.x1 - q.x0 <= CELL_OUTLINE_LIMITS.maxWindowMicrons && q.y1 - q.y0 <= CELL_OUTLINE_LIMITS.maxWindowMicrons,
    CELLS_READ_MSG.windowTooLarge(CELL_OUTLINE_LIMITS.maxWindowMicrons),
  );
export type TCellOutlinesQuery = z.infer<typeof ZCellOutlinesQuery>;
