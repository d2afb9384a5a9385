/**
 * Drawing a DBiT tixel grid of up to 220 × 220 channels on the stage, fast enough to redraw on every frame of a
 * ROI drag. Corners come from one lattice per frame (tixelCornerLattice); the outlines are 4N dashed edge lines
 * and the fills are row runs with the gaps between columns cut out, instead of one path per tixel (48,400 of them).
 */
import { tixelCornerLattice, type Roi } from '@atlas/spatial/atlasbrowser';

export interface TixelLattice {
  channels: number;
  /** Edges per direction: 2N. */
  side: number;
  xs: Float64Array;
  ys: Float64Array;
}

export function tixelLattice(roi: Roi, channels: number): TixelLattice {
  return { channels, side: 2 * channels, ...tixelCornerLattice(roi, channels) };
}

type Ctx = CanvasRenderingContext2D;

/** A polygon through lattice points given as [edge down, edge across] pairs. */
function polygon(path: Path2D, l: TixelLattice, points: readonly (readonly [number, number])[]): void {
  points.forEach(([j, i], k) => {
    const at = j * l.side + i;
    if (k === 0) path.moveTo(l.xs[at]!, l.ys[at]!);
    else path.lineTo(l.xs[at]!, l.ys[at]!);
  });
  // Back to the start with lineTo: closePath grows with the subpaths already in the path in Chromium.
  const [j, i] = points[0]!;
  path.lineTo(l.xs[j * l.side + i]!, l.ys[j * l.side + i]!);
}

/** Below this many screen pixels per step (a channel or a gap), outlines are drawn as a light mesh. */
const FINE_STEP_PX = 2;

/**
 * Every tixel's outline: the quads' edges lie on the 2N edge lines of each direction, one step on and one step
 * off along each (channels and gaps are equally wide), so each line is one dashed stroke. When a step is under
 * FINE_STEP_PX on screen (a 220-channel chip at low scale), dashes cannot be told apart and their strokes would
 * cover the tixels' fills completely; the lines are then one solid path at a quarter of the opacity — the same
 * mesh to the eye, the mask still visible under it, and a tenth of the drawing (no dash segments).
 */
export function strokeTixelGrid(ctx: Ctx, l: TixelLattice, scale: number): void {
  const steps = 2 * l.channels - 1;
  const stepOf = (from: number, to: number) => Math.hypot(l.xs[to]! - l.xs[from]!, l.ys[to]! - l.ys[from]!) / steps;
  const lines: Array<[number, number]> = [];
  for (let k = 0; k < l.side; k++) lines.push([k, (l.side - 1) * l.side + k], [k * l.side, k * l.side + l.side - 1]);
  const fine = l.channels > 1 && Math.min(...lines.map(([a, b]) => stepOf(a, b))) * scale < FINE_STEP_PX;
  if (fine) {
    const path = new Path2D();
    for (const [from, to] of lines) {
      path.moveTo(l.xs[from]!, l.ys[from]!);
      path.lineTo(l.xs[to]!, l.ys[to]!);
    }
    ctx.save();
    ctx.globalAlpha *= 0.25;
    ctx.stroke(path);
    ctx.restore();
    return;
  }
  for (const [from, to] of lines) {
    const step = stepOf(from, to);
    ctx.setLineDash(l.channels > 1 ? [step, step] : []);
    ctx.beginPath();
    ctx.moveTo(l.xs[from]!, l.ys[from]!);
    ctx.lineTo(l.xs[to]!, l.ys[to]!);
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/**
 * Fills tixels with `colourOf(row × N + col)` (null: left empty) at `alpha`, through `overlay` (a scratch canvas
 * the size of the target): each row's runs of one colour as one quad, then the gaps between the columns cut out.
 */
export function fillTixels(
  ctx: Ctx,
  overlay: HTMLCanvasElement,
  l: TixelLattice,
  scale: number,
  colourOf: (tixel: number) => string | null,
  alpha: number,
): void {
  const n = l.channels;
  const paths = new Map<string, Path2D>();
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n;) {
      const colour = colourOf(row * n + col);
      let end = col + 1;
      while (end < n && colourOf(row * n + end) === colour) end++;
      if (colour !== null) {
        let path = paths.get(colour);
        if (!path) paths.set(colour, (path = new Path2D()));
        const top = 2 * row;
        const bottom = top + 1;
        polygon(path, l, [
          [top, 2 * col],
          [top, 2 * end - 1],
          [bottom, 2 * end - 1],
          [bottom, 2 * col],
        ]);
      }
      col = end;
    }
  }
  if (paths.size === 0) return;
  overlay.width = ctx.canvas.width;
  overlay.height = ctx.canvas.height;
  const o = overlay.getContext('2d');
  if (!o) return;
  o.setTransform(scale, 0, 0, scale, 0, 0);
  for (const [colour, path] of paths) {
    o.fillStyle = colour;
    o.fill(path);
  }
  const gaps = new Path2D();
  for (let col = 0; col + 1 < n; col++)
    polygon(gaps, l, [
      [0, 2 * col + 1],
      [0, 2 * col + 2],
      [l.side - 1, 2 * col + 2],
      [l.side - 1, 2 * col + 1],
    ]);
  o.globalCompositeOperation = 'destination-out';
  o.fill(gaps);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = alpha;
  ctx.drawImage(overlay, 0, 0);
  ctx.restore();
}
