import { describe, expect, it } from 'vitest';
import { generateRun } from '../synthetic/index.js';
import { CLUSTER_PALETTE, parseHex } from './palette.js';
import { medianNearestSpacing, renderSpatialThumbnail, type RgbaImage } from './thumbnail.js';

/** A rows × cols lattice of tixel centres `step` apart (x = column, y = row). */
function lattice(rows: number, cols: number, step = 10): Float64Array {
  const xy = new Float64Array(2 * rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) xy.set([c * step, r * step], 2 * (r * cols + c));
  return xy;
}

function pixel(image: RgbaImage, x: number, y: number): number[] {
  const o = 4 * (y * image.width + x);
  return Array.from(image.rgba.subarray(o, o + 4));
}

function countColour(image: RgbaImage, colour: readonly number[]): number {
  let count = 0;
  for (let o = 0; o < image.rgba.length; o += 4) {
    if (colour.every((v, k) => image.rgba[o + k] === v)) count++;
  }
  return count;
}

describe('renderSpatialThumbnail', () => {
  it('fills a square grid edge to edge with touching squares when tixels are small', () => {
    const image = renderSpatialThumbnail({ spatial: lattice(100, 100), clusters: new Int32Array(10_000), size: 200 });
    expect([image.width, image.height]).toEqual([200, 200]);
    expect(image.rgba).toHaveLength(200 * 200 * 4);
    // Every pixel belongs to a tixel: each tixel is exactly 2 × 2 pixels.
    expect(countColour(image, parseHex(CLUSTER_PALETTE[0]!))).toBe(200 * 200);
  });

  it('keeps the aspect ratio of the tissue and leaves the background transparent or white', () => {
    const wide = renderSpatialThumbnail({ spatial: lattice(10, 40), clusters: new Int32Array(400), size: 200 });
    expect([wide.width, wide.height]).toEqual([200, 50]);
    const tall = renderSpatialThumbnail({ spatial: lattice(40, 20), clusters: new Int32Array(800), size: 120 });
    expect([tall.width, tall.height]).toEqual([60, 120]);

    // 10 × 10 tixels of 20 px: discs of diameter 18 with transparent gaps between them.
    const discs = renderSpatialThumbnail({ spatial: lattice(10, 10), clusters: new Int32Array(100), size: 200 });
    expect(pixel(discs, 10, 10)).toEqual(parseHex(CLUSTER_PALETTE[0]!));
    expect(pixel(discs, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(discs, 20, 20)).toEqual([0, 0, 0, 0]);
    const painted = countColour(discs, parseHex(CLUSTER_PALETTE[0]!));
    // π·9² ≈ 254 pixels per disc.
    expect(painted / 100).toBeGreaterThan(240);
    expect(painted / 100).toBeLessThan(270);
    expect(countColour(discs, [0, 0, 0, 0])).toBe(200 * 200 - painted);

    const white = renderSpatialThumbnail({
      spatial: lattice(10, 10),
      clusters: new Int32Array(100),
      background: '#ffffff',
    });
    expect(pixel(white, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(countColour(white, [255, 255, 255, 255])).toBe(200 * 200 - painted);
  });

  it('colours labels in natural order (C2 before C10) and codes by index, with a custom palette', () => {
    const spatial = lattice(1, 3, 10);
    const labels = renderSpatialThumbnail({
      spatial,
      clusters: ['C10', 'C2', 'C1'],
      size: 30,
      palette: ['#ff0000', '#00ff00', '#0000ff'],
    });
    expect([labels.width, labels.height]).toEqual([30, 10]);
    expect(pixel(labels, 5, 5)).toEqual([0, 0, 255, 255]);
    expect(pixel(labels, 15, 5)).toEqual([0, 255, 0, 255]);
    expect(pixel(labels, 25, 5)).toEqual([255, 0, 0, 255]);
    const codes = renderSpatialThumbnail({
      spatial,
      clusters: [0, 1, 3],
      size: 30,
      palette: ['#ff0000', '#00ff00', '#0000ff'],
    });
    // Codes index the palette and wrap around: 3 → the first colour again.
    expect(pixel(codes, 15, 5)).toEqual([0, 255, 0, 255]);
    expect(pixel(codes, 25, 5)).toEqual([255, 0, 0, 255]);
  });

  it('uses all 20 palette colours for 20 clusters and is deterministic', () => {
    const run = generateRun({ seed: 7, grid: { rows: 50, cols: 50 }, features: 20, clusters: 20, assay: 'rna' });
    const a = renderSpatialThumbnail({ spatial: run.spatial, clusters: run.clusters });
    const b = renderSpatialThumbnail({ spatial: run.spatial, clusters: [...run.clusters] });
    expect(Buffer.from(a.rgba).equals(Buffer.from(b.rgba))).toBe(true);
    expect(a.width).toBeLessThanOrEqual(200);
    expect(a.height).toBeLessThanOrEqual(200);
    expect(Math.max(a.width, a.height)).toBe(200);
    const used = CLUSTER_PALETTE.filter((hex) => countColour(a, parseHex(hex)) > 0);
    expect(used).toHaveLength(new Set(run.clusters).size);
    // Off-tissue positions stay background.
    expect(countColour(a, [0, 0, 0, 0])).toBeGreaterThan(0);
  });

  it('handles one tixel, no tixels and non-finite coordinates', () => {
    expect(renderSpatialThumbnail({ spatial: [5, 5], clusters: ['C1'], size: 8 })).toMatchObject({
      width: 8,
      height: 8,
    });
    const empty = renderSpatialThumbnail({ spatial: [], clusters: [], size: 4, background: '#000' });
    expect(countColour(empty, [0, 0, 0, 255])).toBe(16);
    const some = renderSpatialThumbnail({ spatial: [0, 0, Number.NaN, 3, 10, 0], clusters: [0, 0, 0], size: 20 });
    expect([some.width, some.height]).toEqual([20, 10]);
    expect(() => renderSpatialThumbnail({ spatial: [0, 0], clusters: [], size: 10 })).toThrow(RangeError);
    expect(() => renderSpatialThumbnail({ spatial: [0, 0], clusters: [0], size: 0 })).toThrow(RangeError);
  });
});

describe('medianNearestSpacing', () => {
  it('finds the lattice step, also on an irregular, sparse layout', () => {
    const xy = lattice(30, 30, 7);
    const all = Array.from({ length: 900 }, (_, i) => i);
    expect(medianNearestSpacing(xy, all, 0, 0, 203, 203)).toBeCloseTo(7, 10);
    // Every third tixel of each row: nearest is 7 apart vertically.
    const sparse = all.filter((i) => i % 3 === 0);
    expect(medianNearestSpacing(xy, sparse, 0, 0, 203, 203)).toBeCloseTo(7, 10);
    expect(medianNearestSpacing(new Float64Array([0, 0, 0, 0]), [0, 1], 0, 0, 0, 0)).toBe(0);
  });
});
