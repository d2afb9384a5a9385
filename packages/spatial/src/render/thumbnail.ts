/**
 * A pure rasteriser for catalogue thumbnails (spec 01 §9: at most 200 × 200): the spatial plot of a run, each
 * tixel a filled disc (or, when tixels are only a few pixels wide, a filled square) coloured by its cluster.
 * No canvas, no DOM: the server encodes the RGBA buffer as PNG.
 */
import { CLUSTER_PALETTE, parseHex, type Rgba } from './palette.js';

export interface SpatialThumbnailOptions {
  /** Tixel centres, interleaved x, y (image coordinates: y points down). */
  spatial: ArrayLike<number>;
  /** Cluster per tixel: labels (sorted naturally, so C2 comes before C10) or 0-based codes (negative = none). */
  clusters: readonly string[] | ArrayLike<number>;
  /** The longest side in pixels. Default 200. */
  size?: number;
  /** `'transparent'` (default) or a hex colour. */
  background?: string;
  /** Cluster colours as hex, used in order and repeated. Default: the explorer's 20 cluster colours. */
  palette?: readonly string[];
}

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row-major from the top-left, not premultiplied. */
  rgba: Uint8Array;
}

/** Tixels narrower than this many pixels are drawn as touching squares; wider ones as discs with a small gap. */
const DISC_MIN_PX = 4;
/** Disc diameter as a fraction of the tixel spacing. */
const DISC_FILL = 0.9;
/** At most this many tixels are measured for the median spacing (evenly strided, so deterministic). */
const SPACING_SAMPLE = 4096;
const NO_CLUSTER: readonly [number, number, number, number] = [128, 128, 128, 255];

export function renderSpatialThumbnail(options: SpatialThumbnailOptions): RgbaImage {
  const size = options.size ?? 200;
  if (!Number.isInteger(size) || size < 1 || size > 4096)
    throw new RangeError(`size must be an integer 1..4096, got ${size}`);
  const { spatial, clusters } = options;
  if (spatial.length % 2 !== 0) throw new RangeError('spatial must hold interleaved x, y pairs');
  const n = spatial.length / 2;
  if (clusters.length !== n) throw new RangeError(`clusters has ${clusters.length} entries for ${n} tixels`);

  const palette = (options.palette ?? CLUSTER_PALETTE).map(parseHex);
  if (!palette.length) throw new RangeError('palette must not be empty');
  const colourOf = clusterColours(clusters, palette);

  const points: number[] = [];
  for (let i = 0; i < n; i++)
    if (Number.isFinite(spatial[2 * i]) && Number.isFinite(spatial[2 * i + 1])) points.push(i);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const i of points) {
    const x = spatial[2 * i]!;
    const y = spatial[2 * i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }

  const background =
    options.background === undefined || options.background === 'transparent'
      ? [0, 0, 0, 0]
      : parseHex(options.background);
  if (!points.length) return filled(size, size, background);

  // A tixel is `spacing` wide, so the drawn extent is the centres' box grown by one spacing.
  const w = maxX - minX;
  const h = maxY - minY;
  const spacing = medianNearestSpacing(spatial, points, minX, minY, w, h) || Math.max(w, h) || 1;
  const extentX = w + spacing;
  const extentY = h + spacing;
  const scale = size / Math.max(extentX, extentY);
  const width = Math.max(1, Math.min(size, Math.round(extentX * scale)));
  const height = Math.max(1, Math.min(size, Math.round(extentY * scale)));
  const image = filled(width, height, background);
  const { rgba } = image;

  const tixelPx = spacing * scale;
  const disc = tixelPx >= DISC_MIN_PX;
  const half = disc ? (tixelPx * DISC_FILL) / 2 : tixelPx / 2;
  const r2 = half * half;
  for (const i of points) {
    const cx = (spatial[2 * i]! - minX + spacing / 2) * scale;
    const cy = (spatial[2 * i + 1]! - minY + spacing / 2) * scale;
    const colour = colourOf(i);
    // Pixels whose centre lies in the tixel; at least the pixel under the tixel centre.
    const x0 = Math.max(0, Math.round(cx - half));
    const x1 = Math.min(width, Math.max(Math.round(cx + half), x0 + 1));
    const y0 = Math.max(0, Math.round(cy - half));
    const y1 = Math.min(height, Math.max(Math.round(cy + half), y0 + 1));
    for (let py = y0; py < y1; py++) {
      for (let px = x0; px < x1; px++) {
        if (disc) {
          const dx = px + 0.5 - cx;
          const dy = py + 0.5 - cy;
          if (dx * dx + dy * dy > r2) continue;
        }
        const o = 4 * (py * width + px);
        rgba[o] = colour[0];
        rgba[o + 1] = colour[1];
        rgba[o + 2] = colour[2];
        rgba[o + 3] = colour[3];
      }
    }
  }
  return image;
}

function filled(width: number, height: number, colour: readonly number[]): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  if (colour[3] !== 0) for (let o = 0; o < rgba.length; o += 4) rgba.set(colour, o);
  return { width, height, rgba };
}

function clusterColours(
  clusters: readonly string[] | ArrayLike<number>,
  palette: readonly Rgba[],
): (i: number) => Rgba {
  if (clusters.length && typeof clusters[0] === 'string') {
    const labels = clusters as readonly string[];
    const order = [...new Set(labels)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const index = new Map(order.map((label, k) => [label, k]));
    return (i) => palette[index.get(labels[i]!)! % palette.length]!;
  }
  const codes = clusters as ArrayLike<number>;
  return (i) => {
    const code = codes[i]!;
    return Number.isInteger(code) && code >= 0 ? palette[code % palette.length]! : NO_CLUSTER;
  };
}

/**
 * The median distance from a tixel to its nearest other tixel (0 when there is none), found with a uniform grid
 * of buckets about one tixel wide, searched ring by ring until no closer point can exist.
 */
export function medianNearestSpacing(
  spatial: ArrayLike<number>,
  points: readonly number[],
  minX: number,
  minY: number,
  w: number,
  h: number,
): number {
  const n = points.length;
  if (n < 2) return 0;
  const cell = Math.max(Math.sqrt((Math.max(w, 1e-9) * Math.max(h, 1e-9)) / n), Math.max(w, h) / n, 1e-9);
  const cols = Math.min(Math.floor(w / cell) + 1, 1 << 15);
  const rows = Math.min(Math.floor(h / cell) + 1, 1 << 15);
  const cellOf = (x: number, y: number) =>
    [Math.min(cols - 1, Math.floor((x - minX) / cell)), Math.min(rows - 1, Math.floor((y - minY) / cell))] as const;
  const buckets = new Map<number, number[]>();
  for (const i of points) {
    const [cx, cy] = cellOf(spatial[2 * i]!, spatial[2 * i + 1]!);
    const key = cy * cols + cx;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(i);
    else buckets.set(key, [i]);
  }
  const stride = Math.max(1, Math.floor(n / SPACING_SAMPLE));
  const distances: number[] = [];
  for (let s = 0; s < n; s += stride) {
    const i = points[s]!;
    const x = spatial[2 * i]!;
    const y = spatial[2 * i + 1]!;
    const [cx, cy] = cellOf(x, y);
    let best = Infinity;
    for (let ring = 0; ring < Math.max(cols, rows); ring++) {
      for (let gy = cy - ring; gy <= cy + ring; gy++) {
        if (gy < 0 || gy >= rows) continue;
        const edgeRow = gy === cy - ring || gy === cy + ring;
        for (let gx = cx - ring; gx <= cx + ring; gx += edgeRow ? 1 : 2 * ring) {
          if (gx >= 0 && gx < cols) {
            for (const j of buckets.get(gy * cols + gx) ?? []) {
              const d = Math.hypot(spatial[2 * j]! - x, spatial[2 * j + 1]! - y);
              if (d > 0 && d < best) best = d;
            }
          }
          if (ring === 0) break;
        }
      }
      if (best <= ring * cell) break;
    }
    if (Number.isFinite(best)) distances.push(best);
  }
  if (!distances.length) return 0;
  distances.sort((a, b) => a - b);
  return distances[Math.floor(distances.length / 2)]!;
}
