/**
 * DBiT tixel grid geometry (DESIGN §7). The region of interest is four corners; each edge is divided into
 * 2N−1 equal steps because channels and gaps have the same width, so tixel (row j, col i) is the quad that
 * starts 2j steps down and 2i steps across. Points are interpolated bilinearly between all four corners,
 * which is exact for any convex quadrilateral ROI (the original used three corners: right only for parallelograms).
 */
export interface Point {
  x: number;
  y: number;
}

/** Corners in order top-left, top-right, bottom-right, bottom-left. */
export type Roi = readonly [Point, Point, Point, Point];

export interface Tixel {
  row: number;
  col: number;
  /** Centre: mean of the quad's four corners. */
  centre: Point;
  corners: [Point, Point, Point, Point];
}

/** Bilinear point at fractions u (along the top/bottom edges) and v (down the left/right edges). */
export function bilinear(roi: Roi, u: number, v: number): Point {
  const [tl, tr, br, bl] = roi;
  const top = { x: tl.x + (tr.x - tl.x) * u, y: tl.y + (tr.y - tl.y) * u };
  const bottom = { x: bl.x + (br.x - bl.x) * u, y: bl.y + (br.y - bl.y) * u };
  return { x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v };
}

export function tixelAt(roi: Roi, channels: number, row: number, col: number): Tixel {
  if (!Number.isInteger(channels) || channels < 1)
    throw new RangeError(`channels must be a positive integer, got ${channels}`);
  if (row < 0 || row >= channels || col < 0 || col >= channels) {
    throw new RangeError(`tixel (${row}, ${col}) is outside a ${channels}×${channels} grid`);
  }
  const steps = 2 * channels - 1;
  const u0 = (2 * col) / steps;
  const u1 = (2 * col + 1) / steps;
  const v0 = (2 * row) / steps;
  const v1 = (2 * row + 1) / steps;
  const corners: [Point, Point, Point, Point] = [
    bilinear(roi, u0, v0),
    bilinear(roi, u1, v0),
    bilinear(roi, u1, v1),
    bilinear(roi, u0, v1),
  ];
  const centre = {
    x: (corners[0].x + corners[1].x + corners[2].x + corners[3].x) / 4,
    y: (corners[0].y + corners[1].y + corners[2].y + corners[3].y) / 4,
  };
  return { row, col, centre, corners };
}

/** All tixels, row-major. */
export function tixelGrid(roi: Roi, channels: number): Tixel[] {
  const tixels: Tixel[] = [];
  for (let row = 0; row < channels; row++)
    for (let col = 0; col < channels; col++) tixels.push(tixelAt(roi, channels, row, col));
  return tixels;
}

/** Spot diameter: the arithmetic mean of the two diagonals of one tixel quad. */
export function spotDiameter(tixel: Tixel): number {
  const [a, b, c, d] = tixel.corners;
  return (Math.hypot(c.x - a.x, c.y - a.y) + Math.hypot(d.x - b.x, d.y - b.y)) / 2;
}

/** Line k of an N² barcode file belongs to col = k div N, row = k mod N. */
export function barcodePosition(line: number, channels: number): { row: number; col: number } {
  if (!Number.isInteger(line) || line < 0 || line >= channels * channels) {
    throw new RangeError(`barcode line ${line} is outside a ${channels}×${channels} grid`);
  }
  return { col: Math.floor(line / channels), row: line % channels };
}

/**
 * Every tixel corner of an N-channel grid at once, for drawing: the 2N × 2N points where the channels' edges
 * cross, x and y row-major at [2N × j + i] for the j-th edge down and the i-th edge across. Tixel (row, col) has
 * its corners at edges (2 row, 2 col), (2 row, 2 col + 1), (2 row + 1, 2 col + 1), (2 row + 1, 2 col): the same
 * points as {@link tixelAt}, without an object per corner (a 220 × 220 grid redrawn while a corner is dragged).
 */
export function tixelCornerLattice(roi: Roi, channels: number): { xs: Float64Array; ys: Float64Array } {
  if (!Number.isInteger(channels) || channels < 1)
    throw new RangeError(`channels must be a positive integer, got ${channels}`);
  const [tl, tr, br, bl] = roi;
  const steps = 2 * channels - 1;
  const side = 2 * channels;
  // Edge k lies k steps in: even edges start a channel, odd ones end it.
  const fraction = (k: number) => k / steps;
  const xs = new Float64Array(side * side);
  const ys = new Float64Array(side * side);
  for (let j = 0; j < side; j++) {
    const v = fraction(j);
    for (let i = 0; i < side; i++) {
      const u = fraction(i);
      const topX = tl.x + (tr.x - tl.x) * u;
      const topY = tl.y + (tr.y - tl.y) * u;
      const bottomX = bl.x + (br.x - bl.x) * u;
      const bottomY = bl.y + (br.y - bl.y) * u;
      xs[j * side + i] = topX + (bottomX - topX) * v;
      ys[j * side + i] = topY + (bottomY - topY) * v;
    }
  }
  return { xs, ys };
}
