/**
 * OpenCV's `adaptiveThreshold(src, 255, ADAPTIVE_THRESH_MEAN_C, THRESH_BINARY, blockSize, C)` on an 8-bit grey
 * image, bit for bit: the local mean is a normalised box filter with replicated borders rounded to 8 bits
 * (OpenCV's boxFilter on CV_8U), and a pixel is white when `src − mean > −ceil(C)`. The work is a sliding sum,
 * so the cost does not depend on the block size (a 4000×4000 image is one pass over the rows and one over the
 * columns).
 */
export interface GreyImage {
  width: number;
  height: number;
  /** Row-major, one byte per pixel. */
  data: Uint8Array;
}

/** Grey from RGBA as OpenCV's RGB2GRAY (fixed point, 14-bit coefficients, rounded). */
export function rgbaToGrey(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4)
    data[i] = (rgba[j]! * 4899 + rgba[j + 1]! * 9617 + rgba[j + 2]! * 1868 + 8192) >> 14;
  return { width, height, data };
}

/** Round half to even, as OpenCV's cvRound (lrint in the default rounding mode). */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

const clampIndex = (i: number, n: number) => (i < 0 ? 0 : i >= n ? n - 1 : i);

/**
 * White (255) where the pixel is brighter than its neighbourhood mean minus C, else black (0).
 * `blockSize` is odd; 1 compares each pixel with itself. One pass: column sums of the window are kept per column
 * and slid down a row at a time; each row's window sum slides across, split into its left edge, middle and right
 * edge so that the middle (nearly every pixel) runs without border checks.
 */
export function adaptiveMeanThreshold(image: GreyImage, blockSize: number, c: number): GreyImage {
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize % 2 === 0)
    throw new RangeError(`blockSize must be a positive odd integer, got ${blockSize}`);
  const { width, height, data } = image;
  const radius = (blockSize - 1) >> 1;
  const area = blockSize * blockSize;
  const delta = Math.ceil(c);
  // Window sum → the least pixel value that is white: src − round(sum / area) > −delta.
  const whiteFrom = new Int16Array(255 * area + 1);
  for (let s = 0; s < whiteFrom.length; s++) whiteFrom[s] = Math.min(255, roundHalfEven(s / area)) - delta + 1;
  const columns = new Int32Array(width);
  for (let dy = -radius; dy <= radius; dy++) {
    const row = clampIndex(dy, height) * width;
    for (let x = 0; x < width; x++) columns[x]! += data[row + x]!;
  }
  const out = new Uint8Array(width * height);
  const last = width - 1;
  const middleEnd = Math.max(radius, width - radius - 1);
  for (let y = 0; y < height; y++) {
    let sum = 0;
    for (let dx = -radius; dx <= radius; dx++) sum += columns[clampIndex(dx, width)]!;
    const base = y * width;
    let x = 0;
    // Left edge: the leaving column is replicated column 0.
    for (; x < radius && x < width; x++) {
      out[base + x] = data[base + x]! >= whiteFrom[sum]! ? 255 : 0;
      sum += columns[Math.min(x + radius + 1, last)]! - columns[0]!;
    }
    for (; x < middleEnd; x++) {
      out[base + x] = data[base + x]! >= whiteFrom[sum]! ? 255 : 0;
      sum += columns[x + radius + 1]! - columns[x - radius]!;
    }
    // Right edge: the entering column is replicated column width − 1.
    for (; x < width; x++) {
      out[base + x] = data[base + x]! >= whiteFrom[sum]! ? 255 : 0;
      sum += columns[last]! - columns[Math.max(x - radius, 0)]!;
    }
    if (y + 1 < height) {
      const leaving = clampIndex(y - radius, height) * width;
      const entering = clampIndex(y + radius + 1, height) * width;
      for (let i = 0; i < width; i++) columns[i]! += data[entering + i]! - data[leaving + i]!;
    }
  }
  return { width, height, data: out };
}

/** The block size of a Neighborhood slider value (0–25): an odd window 2n + 1 pixels wide. */
export const blockSizeOf = (neighborhood: number): number => 2 * Math.round(neighborhood) + 1;
