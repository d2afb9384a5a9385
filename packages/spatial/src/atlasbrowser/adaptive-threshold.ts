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

/** The normalised box mean of every pixel over a blockSize × blockSize window with replicated borders. */
export function boxMean(image: GreyImage, blockSize: number): Uint8Array {
  const { width, height, data } = image;
  const radius = (blockSize - 1) >> 1;
  const area = blockSize * blockSize;
  // Lookup of every possible window sum → its rounded mean (sums are at most 255 · area).
  const meanOf = new Uint8Array(255 * area + 1);
  for (let s = 0; s < meanOf.length; s++) meanOf[s] = Math.min(255, roundHalfEven(s / area));
  const columns = new Int32Array(width);
  // Column sums of the first window (rows −radius…radius, replicated at the top edge).
  for (let dy = -radius; dy <= radius; dy++) {
    const row = clampIndex(dy, height) * width;
    for (let x = 0; x < width; x++) columns[x]! += data[row + x]!;
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    // Horizontal sliding sum over the column sums, replicated at the left and right edges.
    let sum = 0;
    for (let dx = -radius; dx <= radius; dx++) sum += columns[clampIndex(dx, width)]!;
    const base = y * width;
    for (let x = 0; x < width; x++) {
      out[base + x] = meanOf[sum]!;
      sum += columns[x + radius + 1 < width ? x + radius + 1 : width - 1]! - columns[x - radius > 0 ? x - radius : 0]!;
    }
    if (y + 1 < height) {
      const leaving = clampIndex(y - radius, height) * width;
      const entering = clampIndex(y + radius + 1, height) * width;
      for (let x = 0; x < width; x++) columns[x]! += data[entering + x]! - data[leaving + x]!;
    }
  }
  return out;
}

/**
 * White (255) where the pixel is brighter than its neighbourhood mean minus C, else black (0).
 * `blockSize` is odd; 1 compares each pixel with itself.
 */
export function adaptiveMeanThreshold(image: GreyImage, blockSize: number, c: number): GreyImage {
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize % 2 === 0)
    throw new RangeError(`blockSize must be a positive odd integer, got ${blockSize}`);
  const mean = boxMean(image, blockSize);
  const delta = Math.ceil(c);
  const out = new Uint8Array(image.data.length);
  const src = image.data;
  for (let i = 0; i < out.length; i++) out[i] = src[i]! - mean[i]! > -delta ? 255 : 0;
  return { width: image.width, height: image.height, data: out };
}

/** The block size of a Neighborhood slider value (0–25): an odd window 2n + 1 pixels wide. */
export const blockSizeOf = (neighborhood: number): number => 2 * Math.round(neighborhood) + 1;
