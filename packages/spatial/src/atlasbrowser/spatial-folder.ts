/**
 * The AtlasXbrowser spatial folder (DESIGN §7) computed from a processed image: tixel positions in integer
 * full-resolution pixels of the cropped, rotated image (Visium column order), the spot diameter and the scale
 * factors. Images and their encoding are the caller's; this is only the arithmetic.
 */
import { csvRow } from '../formats/csv-write.js';
import { barcodePosition, spotDiameter, tixelAt, type Point, type Roi } from '../grid/tixel-grid.js';
import type { Scalefactors } from '../io/visium.js';

/** Fiducial diameter per spot diameter (DESIGN §7). */
export const FIDUCIAL_PER_SPOT = 1.6153846;
export const HIRES_SIDE = 2000;
export const LOWRES_SIDE = 600;

/** `bilinear` for new work; the original tools' three-corner rule for points recorded without a `grid` field. */
export type GridRule = 'bilinear' | 'parallelogram';

/** [x1, y1, …, x4, y4] in the order TL, TR, BR, BL, as the task's `metadata.points`. */
export function roiFromPoints(points: readonly number[]): Roi {
  if (points.length !== 8 || points.some((v) => !Number.isFinite(v)))
    throw new RangeError('points must be 8 numbers: x, y of TL, TR, BR, BL');
  const p = (i: number): Point => ({ x: points[2 * i]!, y: points[2 * i + 1]! });
  return [p(0), p(1), p(2), p(3)];
}

/** The ROI the rule places tixels in: under the parallelogram rule BR is TR + BL − TL. */
export function roiForRule(roi: Roi, rule: GridRule): Roi {
  if (rule === 'bilinear') return roi;
  const [tl, tr, , bl] = roi;
  return [tl, tr, { x: tr.x + bl.x - tl.x, y: tr.y + bl.y - tl.y }, bl];
}

export interface PositionRow {
  barcode: string;
  inTissue: 0 | 1;
  row: number;
  col: number;
  /** Integer full-resolution pixels: y and x of the tixel centre. */
  pxlRow: number;
  pxlCol: number;
}

/**
 * One row per barcode line, in the barcode file's order. `onTissue(row, col)` says whether a tixel is on tissue.
 */
export function tissuePositions(
  roi: Roi,
  barcodes: readonly string[],
  onTissue: (row: number, col: number) => boolean,
  rule: GridRule,
): PositionRow[] {
  const channels = Math.round(Math.sqrt(barcodes.length));
  if (channels * channels !== barcodes.length) throw new RangeError('the barcode count is not a square');
  const placed = roiForRule(roi, rule);
  return barcodes.map((barcode, k) => {
    const { row, col } = barcodePosition(k, channels);
    const { centre } = tixelAt(placed, channels, row, col);
    return {
      barcode,
      inTissue: onTissue(row, col) ? 1 : 0,
      row,
      col,
      pxlRow: Math.round(centre.y),
      pxlCol: Math.round(centre.x),
    };
  });
}

/** tissue_positions_list.csv: no header, `barcode,in_tissue,array_row,array_col,pxl_row,pxl_col`. */
export const positionsCsv = (rows: readonly PositionRow[]): string =>
  rows.map((r) => csvRow([r.barcode, r.inTissue, r.row, r.col, r.pxlRow, r.pxlCol])).join('\n') + '\n';

/** The spot diameter of the grid: the mean of the two diagonals of the first tixel quad. */
export function gridSpotDiameter(roi: Roi, channels: number, rule: GridRule): number {
  return spotDiameter(tixelAt(roiForRule(roi, rule), channels, 0, 0));
}

/** scalefactors_json.json of an image `width` pixels wide. */
export function spatialScalefactors(spotDiameterFullres: number, width: number): Scalefactors {
  return {
    spot_diameter_fullres: spotDiameterFullres,
    fiducial_diameter_fullres: spotDiameterFullres * FIDUCIAL_PER_SPOT,
    tissue_hires_scalef: HIRES_SIDE / width,
    tissue_lowres_scalef: LOWRES_SIDE / width,
  };
}

/** Size of an image resized to a long side, keeping the aspect ratio. */
export function sizeForLongSide(width: number, height: number, side: number): { width: number; height: number } {
  const long = Math.max(width, height);
  return { width: Math.round((width * side) / long), height: Math.round((height * side) / long) };
}
