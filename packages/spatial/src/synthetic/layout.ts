/**
 * Where the synthetic tixels are: a DBiT-like grid, a tissue-shaped on/off mask, barcodes and pixel centres.
 * Only on-tissue tixels become observations, as in a real processed run.
 */
import { bilinear, type Point, type Roi } from '../grid/tixel-grid.js';
import type { Rng } from './random.js';

export interface GridShape {
  rows: number;
  cols: number;
}

export interface Layout extends GridShape {
  /** 1 for on-tissue grid positions, row-major rows × cols. */
  mask: Uint8Array;
  /** Row-major grid position of each observation (on-tissue tixels in row-major order). */
  position: Uint32Array;
}

/** Pixels per step of the ROI edge (a channel or a gap), as if a 10 µm channel were imaged at 1 px/µm. */
export const STEP_PX = 10;

/** A near-square grid with at least `area` positions. */
export function nearSquare(area: number): GridShape {
  const cols = Math.max(1, Math.ceil(Math.sqrt(area)));
  return { rows: Math.max(1, Math.ceil(area / cols)), cols };
}

/**
 * A smooth blob: a few summed gaussian bumps plus low-frequency ripples, in unit coordinates. Its level sets look
 * like a tissue section (one connected body with lobes), unlike a thresholded white-noise field.
 */
function tissueField(rng: Rng): (u: number, v: number) => number {
  const bumps = Array.from({ length: 3 + rng.int(3) }, () => ({
    x: 0.3 + 0.4 * rng.next(),
    y: 0.3 + 0.4 * rng.next(),
    inv: 1 / (2 * (0.18 + 0.15 * rng.next()) ** 2),
    w: 0.6 + 0.4 * rng.next(),
  }));
  const ripples = Array.from({ length: 4 }, () => ({
    fx: 2 + 4 * rng.next(),
    fy: 2 + 4 * rng.next(),
    phase: 2 * Math.PI * rng.next(),
  }));
  return (u, v) => {
    let value = 0;
    for (const b of bumps) value += b.w * Math.exp(-((u - b.x) ** 2 + (v - b.y) ** 2) * b.inv);
    for (const r of ripples) value += 0.05 * Math.sin(r.fx * u + r.fy * v + r.phase);
    return value;
  };
}

/**
 * Marks exactly `onTissue` positions: the highest values of the tissue field. Thresholding by rank (not by level)
 * is what lets `tixels: n` produce exactly n observations.
 */
export function tissueLayout(rng: Rng, shape: GridShape, onTissue: number): Layout {
  const { rows, cols } = shape;
  const area = rows * cols;
  const field = tissueField(rng);
  const values = new Float64Array(area);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) values[r * cols + c] = field((c + 0.5) / cols, (r + 0.5) / rows);
  }
  const threshold = onTissue >= area ? -Infinity : Float64Array.from(values).sort()[area - onTissue]!;
  const mask = new Uint8Array(area);
  const position = new Uint32Array(onTissue);
  let n = 0;
  for (let k = 0; k < area; k++) {
    if (values[k]! > threshold) {
      mask[k] = 1;
      n++;
    }
  }
  // Values tied with the threshold are taken in grid order until exactly `onTissue` are on.
  for (let k = 0; k < area && n < onTissue; k++) {
    if (values[k] === threshold) {
      mask[k] = 1;
      n++;
    }
  }
  n = 0;
  for (let k = 0; k < area; k++) if (mask[k] === 1) position[n++] = k;
  return { rows, cols, mask, position };
}

/** The ROI of an unrotated chip imaged at STEP_PX per step: channels and gaps are one step wide each. */
export function chipRoi(shape: GridShape): Roi {
  const w = (2 * shape.cols - 1) * STEP_PX;
  const h = (2 * shape.rows - 1) * STEP_PX;
  return [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ];
}

/**
 * Pixel centre of grid position k (row-major). For a rectangular ROI the bilinear point at the quad's middle
 * fraction is the mean of its corners, i.e. the same centre `tixelAt` gives, without building a Tixel.
 */
export function gridCentre(shape: GridShape, k: number, roi: Roi = chipRoi(shape)): Point {
  return bilinear(
    roi,
    (2 * (k % shape.cols) + 0.5) / (2 * shape.cols - 1),
    (2 * Math.floor(k / shape.cols) + 0.5) / (2 * shape.rows - 1),
  );
}

/** Pixel centres (x, y) of the observations, interleaved. */
export function tixelCentres(layout: Layout): Float64Array {
  const roi = chipRoi(layout);
  const out = new Float64Array(layout.position.length * 2);
  for (let i = 0; i < layout.position.length; i++) {
    const p = gridCentre(layout, layout.position[i]!, roi);
    out[2 * i] = p.x;
    out[2 * i + 1] = p.y;
  }
  return out;
}

const BASES = 'ACGT';

/** Eight distinct nucleotides per index < 65,536: an odd multiplier is a bijection modulo 2^16. */
function code8(index: number, multiplier: number, offset: number): string {
  let h = (Math.imul(index, multiplier) + offset) & 0xffff;
  let s = '';
  for (let d = 0; d < 8; d++, h >>>= 2) s += BASES[h & 3];
  return s;
}

/**
 * DBiT barcodes: barcode A (per column) then barcode B (per row), 16 nt. Barcode-file line k = col·N + row, as
 * `barcodePosition` reads it, so a square synthetic chip lines up with a real N² barcode list's order.
 */
export function dbitBarcode(row: number, col: number): string {
  return code8(col, 0x9e37, 0x1d2b) + code8(row, 0x7f4b, 0x0c61);
}

export function barcodes(layout: Layout): string[] {
  return Array.from(layout.position, (k) => dbitBarcode(Math.floor(k / layout.cols), k % layout.cols));
}
