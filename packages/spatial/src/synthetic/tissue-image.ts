/**
 * An H&E-like image of a synthetic run's tissue section, rendered without canvas or DOM (the server encodes it).
 * Tissue lies where the run's on-tissue mask is: the mask is interpolated smoothly between tixel centres and its
 * edge roughened by noise too weak to cross a centre, so every on-tissue tixel centre falls on tissue and every
 * off-tissue one on glass. Colours follow Beer–Lambert absorption of two stains: eosin-pink fibrous stroma whose
 * stain, fibres and nuclear density change with the cluster underneath (so regions read like compartments),
 * hematoxylin-purple nuclei, and a few pale lumina.
 */
import { STEP_PX, type GridShape } from './layout.js';
import { createRng, type Rng } from './random.js';

export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes, row-major from the top-left. */
  rgb: Uint8Array;
}

export interface TissueImageOptions {
  grid: GridShape;
  /** On-tissue flag per grid position, row-major. */
  mask: Uint8Array;
  /** Row-major grid position and cluster label (`C<n>`) of each observation. */
  gridPosition: Uint32Array;
  clusters: readonly string[];
  /** Image size in pixels and image pixels per full-resolution pixel (the chip's pixel centres). */
  width: number;
  height: number;
  scale: number;
  seed: number;
}

/** Optical density per unit of stain in R, G, B (log10): hematoxylin absorbs red and green, eosin mostly green. */
const HEMATOXYLIN = [0.65, 0.7, 0.29] as const;
const EOSIN = [0.03, 0.9, 0.33] as const;
/** Even a lumen keeps this much eosin, so tissue never looks like glass. */
const MIN_EOSIN = 0.08;
const GLASS = [244, 242, 246] as const;
/** Tixel pitch and first centre in full-resolution pixels (chipRoi: channels and gaps one STEP_PX wide each). */
const PITCH = 2 * STEP_PX;
const FIRST = STEP_PX / 2;
/** Nucleus radius and spacing in full-resolution pixels (1 px ≈ 1 µm on the synthetic chip). */
const NUCLEUS_RADIUS = 2.4;
const NUCLEUS_SPACING = 9;
/** One lumen per this many square full-resolution pixels, with radii in this range. */
const LUMEN_AREA = 15000;
const LUMEN_RADIUS = [6, 16] as const;

/** Smooth value noise on a lattice of `cell` pixels: values in [0, 1]. */
function latticeNoise(rng: Rng, width: number, height: number, cell: number): (x: number, y: number) => number {
  const cols = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const lattice = new Float32Array(cols * rows);
  for (let i = 0; i < lattice.length; i++) lattice[i] = rng.next();
  return (x, y) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const u = smooth(gx - x0);
    const v = smooth(gy - y0);
    const i = y0 * cols + x0;
    const top = lattice[i]! + (lattice[i + 1]! - lattice[i]!) * u;
    const bottom = lattice[i + cols]! + (lattice[i + cols + 1]! - lattice[i + cols]!) * u;
    return top + (bottom - top) * v;
  };
}

const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * Interpolates per-grid-position values at a continuous grid coordinate (row, col; centres at integers) with
 * smoothstep weights: exact at the centres, curved in between. Positions outside the grid count as `outside`.
 */
function gridSampler(grid: GridShape, values: Float32Array, outside: number): (row: number, col: number) => number {
  const at = (r: number, c: number) =>
    r < 0 || c < 0 || r >= grid.rows || c >= grid.cols ? outside : values[r * grid.cols + c]!;
  return (row, col) => {
    const r0 = Math.floor(row);
    const c0 = Math.floor(col);
    const u = smooth(col - c0);
    const v = smooth(row - r0);
    const top = at(r0, c0) + (at(r0, c0 + 1) - at(r0, c0)) * u;
    const bottom = at(r0 + 1, c0) + (at(r0 + 1, c0 + 1) - at(r0 + 1, c0)) * u;
    return top + (bottom - top) * v;
  };
}

/** Per grid position: eosin level, fibre strength and nuclear density of its cluster (off-tissue: their means). */
function clusterLooks(rng: Rng, options: TissueImageOptions) {
  const { grid, gridPosition, clusters } = options;
  const codes = clusters.map((label) => Number(label.slice(1)) - 1);
  const k = codes.reduce((most, c) => Math.max(most, c + 1), 1);
  const looks = Array.from({ length: k }, () => ({
    eosin: 0.15 + 0.15 * rng.next(),
    fibre: 0.04 + 0.12 * rng.next(),
    density: 0.3 + 0.6 * rng.next(),
  }));
  const mean = (key: 'eosin' | 'fibre' | 'density') => looks.reduce((s, l) => s + l[key], 0) / k;
  const area = grid.rows * grid.cols;
  const fields = {
    eosin: new Float32Array(area).fill(mean('eosin')),
    fibre: new Float32Array(area).fill(mean('fibre')),
    density: new Float32Array(area).fill(mean('density')),
  };
  gridPosition.forEach((position, i) => {
    const look = looks[codes[i]!] ?? looks[0]!;
    fields.eosin[position] = look.eosin;
    fields.fibre[position] = look.fibre;
    fields.density[position] = look.density;
  });
  return {
    eosin: gridSampler(grid, fields.eosin, mean('eosin')),
    fibre: gridSampler(grid, fields.fibre, mean('fibre')),
    density: gridSampler(grid, fields.density, mean('density')),
  };
}

export function renderTissueImage(options: TissueImageOptions): RgbImage {
  const { grid, mask, width, height, scale, seed } = options;
  if (!(scale > 0) || !Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`image must have a positive integer size and scale, got ${width}×${height} at ${scale}`);
  }
  const rng = createRng(seed ^ 0x7e55e1);
  const fullWidth = width / scale;
  const fullHeight = height / scale;
  const edge = latticeNoise(rng, fullWidth, fullHeight, 7);
  const patch = latticeNoise(rng, fullWidth, fullHeight, 45);
  const warp = latticeNoise(rng, fullWidth, fullHeight, 18);
  const grain = latticeNoise(rng, fullWidth, fullHeight, 1.5);
  const tissueAt = gridSampler(grid, Float32Array.from(mask), 0);
  const looks = clusterLooks(rng, options);
  const angle = Math.PI * rng.next();
  const [ca, sa] = [Math.cos(angle), Math.sin(angle)];

  // Pass 1: tissue coverage (soft edge over about two image pixels) and the stains of the stroma.
  const n = width * height;
  const cover = new Float32Array(n);
  const eosin = new Float32Array(n);
  const hema = new Float32Array(n);
  const toGrid = (full: number) => (full - FIRST) / PITCH;
  const edgeWidth = 1.5 / (scale * PITCH);
  for (let py = 0; py < height; py++) {
    const fy = (py + 0.5) / scale;
    const row = toGrid(fy);
    for (let px = 0; px < width; px++) {
      const fx = (px + 0.5) / scale;
      const col = toGrid(fx);
      const i = py * width + px;
      // Noise of ±0.3 moves the 0.5 contour but never reaches a centre (exactly 0 or 1 there).
      const t = tissueAt(row, col) + 0.6 * (edge(fx, fy) - 0.5);
      const c = Math.min(1, Math.max(0, (t - 0.5) / edgeWidth + 0.5));
      cover[i] = c;
      if (c === 0) continue;
      const fibres = 0.5 + 0.5 * Math.sin(((fx * ca + fy * sa) / 4 + 2.5 * warp(fx, fy)) * 2 * Math.PI);
      const variation = patch(fx, fy);
      eosin[i] =
        looks.eosin(row, col) * (0.75 + 0.5 * variation) +
        looks.fibre(row, col) * fibres ** 3 +
        0.04 * (grain(fx, fy) - 0.5);
      hema[i] = 0.05 + 0.06 * (1 - variation);
    }
  }

  // Pass 2: a few pale lumina (vessels, ducts) inside the tissue.
  const lumina = Math.round((fullWidth * fullHeight) / LUMEN_AREA);
  for (let l = 0; l < lumina; l++) {
    const x = rng.next() * width;
    const y = rng.next() * height;
    const radius = (LUMEN_RADIUS[0] + (LUMEN_RADIUS[1] - LUMEN_RADIUS[0]) * rng.next()) * scale;
    if (cover[Math.floor(y) * width + Math.floor(x)]! === 1) paint(rng, eosin, width, height, x, y, radius, -0.5);
  }
  // Pass 3: nuclei on a jittered lattice, kept by the local nuclear density, only where there is tissue.
  const spacing = NUCLEUS_SPACING * scale;
  for (let cy = 0; cy < height; cy += spacing) {
    for (let cx = 0; cx < width; cx += spacing) {
      const x = cx + rng.next() * spacing;
      const y = cy + rng.next() * spacing;
      const keep = rng.next();
      const i = Math.floor(y) * width + Math.floor(x);
      if (x >= width || y >= height || cover[i]! < 1) continue;
      if (keep > looks.density(toGrid(y / scale), toGrid(x / scale))) continue;
      paint(rng, hema, width, height, x, y, NUCLEUS_RADIUS * scale, 0.55 + 0.35 * rng.next());
    }
  }

  // Pass 4: Beer–Lambert colour of the stains over glass (transmission looked up per 1/256 of optical density).
  const transmission = Float32Array.from({ length: 256 * 8 }, (_, k) => 255 * 10 ** -(k / 256));
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const c = cover[i]!;
    const e = Math.max(MIN_EOSIN, eosin[i]!);
    for (let ch = 0; ch < 3; ch++) {
      const density = hema[i]! * HEMATOXYLIN[ch]! + e * EOSIN[ch]!;
      const stained = transmission[Math.min(transmission.length - 1, Math.round(density * 256))]!;
      rgb[3 * i + ch] = Math.round(GLASS[ch]! + (stained - GLASS[ch]!) * c);
    }
  }
  return { width, height, rgb };
}

/**
 * Adds `amount` of stain inside a randomly shaped and turned ellipse with a soft one-pixel rim (negative amounts
 * bleach: lumina). The middle gets a little less (open chromatin, a lumen's pale centre).
 */
function paint(
  rng: Rng,
  stain: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  radius: number,
  amount: number,
): void {
  const rx = radius * (0.8 + 0.5 * rng.next());
  const ry = rx * (0.55 + 0.4 * rng.next());
  const theta = Math.PI * rng.next();
  const [c, s] = [Math.cos(theta), Math.sin(theta)];
  const reach = Math.ceil(rx + 1);
  for (let py = Math.max(0, Math.floor(y - reach)); py <= Math.min(height - 1, y + reach); py++) {
    for (let px = Math.max(0, Math.floor(x - reach)); px <= Math.min(width - 1, x + reach); px++) {
      const dx = px + 0.5 - x;
      const dy = py + 0.5 - y;
      const u = (dx * c + dy * s) / rx;
      const v = (-dx * s + dy * c) / ry;
      const d = Math.sqrt(u * u + v * v);
      const rim = Math.min(1, Math.max(0, (1 - d) * rx));
      if (rim > 0) stain[py * width + px] = stain[py * width + px]! + amount * rim * (0.85 + 0.15 * d);
    }
  }
}
