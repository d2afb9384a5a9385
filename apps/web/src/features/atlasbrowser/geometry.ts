/**
 * The tool panel's geometry in pixels of the current image (rotated, then cropped): the square crop box, the ROI
 * quadrilateral, the brush (spec 02 §4.3, §9). Pure, so the rules are unit-tested without a canvas.
 */
import { tixelAt, type Point, type Roi } from '@atlas/spatial/atlasbrowser';
import { ATLASBROWSER } from '@atlas/contracts';

export interface Size {
  width: number;
  height: number;
}
export interface Box {
  x: number;
  y: number;
  side: number;
}

/** Size of an image turned by a multiple of 45°, as the server's sharp/libvips makes it. */
export function rotatedSize({ width, height }: Size, degrees: number): Size {
  const r = (degrees * Math.PI) / 180;
  const c = Math.abs(Math.cos(r));
  const s = Math.abs(Math.sin(r));
  return { width: Math.round(width * c + height * s), height: Math.round(width * s + height * c) };
}

/**
 * The crop box to start with: the largest centred square, i.e. the whole image when it is square. Activate then
 * Confirm keeps the image as it is; the 25 % / 15 % inset of the original tool cut a 600 × 600 image to 300 × 300.
 */
export function initialCrop({ width, height }: Size): Box {
  const side = Math.min(width, height);
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
}

/** The crop box's corners, in the ROI's order: TL, TR, BR, BL. */
export function cropCorners({ x, y, side }: Box): [Point, Point, Point, Point] {
  return [
    { x, y },
    { x: x + side, y },
    { x: x + side, y: y + side },
    { x, y: y + side },
  ];
}

/**
 * The box with corner `corner` (TL, TR, BR, BL) dragged to `p`, the opposite corner held: the side follows the
 * pointer's larger move (the box stays square) and stops at the image's edge, which `clamped` reports.
 */
export function resizeCrop(
  box: Box,
  corner: number,
  p: Point,
  { width, height }: Size,
): { box: Box; clamped: boolean } {
  const anchor = cropCorners(box)[(corner + 2) % 4]!;
  const right = corner === 1 || corner === 2;
  const down = corner === 2 || corner === 3;
  const wanted = Math.max(right ? p.x - anchor.x : anchor.x - p.x, down ? p.y - anchor.y : anchor.y - p.y);
  const room = Math.min(right ? width - anchor.x : anchor.x, down ? height - anchor.y : anchor.y);
  const side = Math.max(1, Math.round(Math.min(wanted, room)));
  const x = right ? anchor.x : anchor.x - side;
  const y = down ? anchor.y : anchor.y - side;
  return { box: { x, y, side }, clamped: wanted > room };
}

/** Keeps a crop box on the image; `clamped` says whether it had to move (the 'Keeping Cropping on Image' warning). */
export function clampCrop(box: Box, { width, height }: Size): { box: Box; clamped: boolean } {
  const side = Math.max(1, Math.min(box.side, width, height));
  const x = Math.min(Math.max(0, box.x), width - side);
  const y = Math.min(Math.max(0, box.y), height - side);
  const clamped = side !== box.side || x !== box.x || y !== box.y;
  return { box: { x: Math.round(x), y: Math.round(y), side: Math.round(side) }, clamped };
}

/** The ROI to start with: 15 % in from every edge. Corners TL, TR, BR, BL. */
export function initialRoi({ width, height }: Size): Roi {
  const dx = width * ATLASBROWSER.roiInset;
  const dy = height * ATLASBROWSER.roiInset;
  return [
    { x: dx, y: dy },
    { x: width - dx, y: dy },
    { x: width - dx, y: height - dy },
    { x: dx, y: height - dy },
  ];
}

export const clampPoint = (p: Point, { width, height }: Size): Point => ({
  x: Math.min(Math.max(0, p.x), width),
  y: Math.min(Math.max(0, p.y), height),
});

/** The ROI corner within `radius` of a point, nearest first; -1 when none. */
export function cornerAt(roi: Roi, p: Point, radius: number): number {
  let best = -1;
  let bestDistance = radius;
  roi.forEach((corner, i) => {
    const d = Math.hypot(corner.x - p.x, corner.y - p.y);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

export function withCorner(roi: Roi, index: number, p: Point): Roi {
  const next = [...roi] as [Point, Point, Point, Point];
  next[index] = p;
  return next;
}

/** Points recorded without a `grid` field follow the parallelogram rule: BR snaps to TR + BL − TL (DESIGN §7). */
export function snapToParallelogram(roi: Roi): Roi {
  const [tl, tr, , bl] = roi;
  return [tl, tr, { x: tr.x + bl.x - tl.x, y: tr.y + bl.y - tl.y }, bl];
}

/** The task's `metadata.points`: [x1, y1, …, x4, y4], TL, TR, BR, BL. */
export const pointsOf = (roi: Roi): number[] => roi.flatMap((p) => [p.x, p.y]);
export const roiOfPoints = (points: readonly number[]): Roi => [
  { x: points[0]!, y: points[1]! },
  { x: points[2]!, y: points[3]! },
  { x: points[4]!, y: points[5]! },
  { x: points[6]!, y: points[7]! },
];

/** Tixel centres, row-major, interleaved x, y. */
export function tixelCentres(roi: Roi, channels: number): Float64Array {
  const out = new Float64Array(2 * channels * channels);
  for (let row = 0; row < channels; row++)
    for (let col = 0; col < channels; col++) {
      const { centre } = tixelAt(roi, channels, row, col);
      out[2 * (row * channels + col)] = centre.x;
      out[2 * (row * channels + col) + 1] = centre.y;
    }
  return out;
}

/** Indices of the tixels whose centre lies within `radius` of a point. */
export function tixelsInBrush(centres: Float64Array, p: Point, radius: number): number[] {
  const hit: number[] = [];
  const r2 = radius * radius;
  for (let i = 0; i < centres.length / 2; i++) {
    const dx = centres[2 * i]! - p.x;
    const dy = centres[2 * i + 1]! - p.y;
    if (dx * dx + dy * dy <= r2) hit.push(i);
  }
  return hit;
}
