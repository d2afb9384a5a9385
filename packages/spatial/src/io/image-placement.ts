/**
 * Which scale factor places a tissue image under its spots. The spots' coordinates are full-resolution pixels
 * (obsm['spatial'], or Space Ranger's pxl_col/pxl_row), and an image at scale factor s spans
 * [0, width / s] × [0, height / s] of them (DESIGN §7). A writer that mixed the two images up, or an image cut or
 * resized after the scale factors were written, leaves spots outside the image: drawn there, the tissue is
 * misplaced. So each image is checked against the spots' extent with its own factor, then with the other one.
 */
export type ImageResolution = 'hires' | 'lowres';

export interface SpotsExtent {
  /** The largest x (column) and y (row) of any spot, full-resolution pixels. */
  maxX: number;
  maxY: number;
}

/** Spots may reach this far past the image's edge (a spot centre on the last pixel row, rounding of s). */
const EDGE_SLACK = 0.02;

/** The largest x and y of interleaved (x, y, …) coordinates; NaN rows are skipped. */
export function spotsExtent(xy: ArrayLike<number>, stride = 2): SpotsExtent {
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i + 1 < xy.length; i += stride) {
    if (xy[i]! > maxX) maxX = xy[i]!;
    if (xy[i + 1]! > maxY) maxY = xy[i + 1]!;
  }
  return { maxX, maxY };
}

/** The largest x and y of spots given as two columns (Space Ranger's pxl_col, pxl_row). */
export function columnsExtent(x: ArrayLike<number>, y: ArrayLike<number>): SpotsExtent {
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < x.length; i++) {
    if (x[i]! > maxX) maxX = x[i]!;
    if (y[i]! > maxY) maxY = y[i]!;
  }
  return { maxX, maxY };
}

/** Whether an image of this size, placed at scale factor `scale`, lies under every spot. */
export function imageCoversSpots(size: { width: number; height: number }, scale: number, spots: SpotsExtent): boolean {
  if (!(scale > 0) || !Number.isFinite(spots.maxX)) return false;
  const limit = 1 + EDGE_SLACK;
  return spots.maxX <= (size.width / scale) * limit && spots.maxY <= (size.height / scale) * limit;
}

/**
 * The resolution whose scale factor places the image under the spots: its own when that fits, else the other
 * one's, else null (the image cannot be placed and is left out).
 */
export function placeImage(
  size: { width: number; height: number },
  labelled: ImageResolution,
  factors: Record<ImageResolution, number | undefined>,
  spots: SpotsExtent,
): ImageResolution | null {
  const other: ImageResolution = labelled === 'hires' ? 'lowres' : 'hires';
  for (const resolution of [labelled, other])
    if (imageCoversSpots(size, factors[resolution] ?? NaN, spots)) return resolution;
  return null;
}
