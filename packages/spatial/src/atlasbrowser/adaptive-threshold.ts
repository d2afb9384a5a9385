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

/** True where typed arrays are little-endian (every browser and Node platform we run on): RGBA is then R in the low byte. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Grey from RGBA as OpenCV's RGB2GRAY (fixed point, 14-bit coefficients, rounded). `out` (width × height bytes) is
 * filled when given, so a caller that thresholds many images can keep one buffer instead of allocating 16 MB a time.
 */
export function rgbaToGrey(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  out: Uint8Array = new Uint8Array(width * height),
): GreyImage {
  const n = width * height;
  if (out.length < n || rgba.length < 4 * n) throw new RangeError('rgbaToGrey: buffer smaller than the image');
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0) {
    // One 32-bit load per pixel instead of three byte loads: the pass is bound by loads.
    const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, n);
    for (let i = 0; i < n; i++) {
      const p = pixels[i]!;
      out[i] = ((p & 255) * 4899 + ((p >>> 8) & 255) * 9617 + ((p >>> 16) & 255) * 1868 + 8192) >>> 14;
    }
  } else {
    for (let i = 0, j = 0; i < n; i++, j += 4)
      out[i] = (rgba[j]! * 4899 + rgba[j + 1]! * 9617 + rgba[j + 2]! * 1868 + 8192) >> 14;
  }
  return { width, height, data: out.length === n ? out : out.subarray(0, n) };
}

const clampIndex = (i: number, n: number) => (i < 0 ? 0 : i >= n ? n - 1 : i);

export interface ThresholdOutput {
  /** Receives the result, one byte per pixel (0 or 255); a new array when not given. */
  out?: Uint8Array;
  /**
   * Only rows [start, end) are computed (the rest of `out` is left as it is), reading up to
   * `blockSize >> 1` rows either side: a band of a larger image, given with that many rows of overlap (or the
   * image's own edge), thresholds exactly as the whole image would there (see `thresholdBands`).
   */
  rows?: { start: number; end: number };
}

/**
 * White (255) where the pixel is brighter than its neighbourhood mean minus C, else black (0).
 * `blockSize` is odd; 1 compares each pixel with itself. One pass: column sums of the window are kept per column
 * and slid down a row at a time; each row's window sum slides across, split into its left edge, middle and right
 * edge so that the middle (nearly every pixel) runs without border checks.
 *
 * The test needs no rounding table: OpenCV's rule `src − round(sum / area) > −delta` is `round(sum / area) < k` with
 * k = src + delta, and since the area of an odd block is odd, sum / area is never exactly halfway between two
 * integers, so that is `sum / area < k − ½`, i.e. `2·sum − (2k − 1)·area < 0` — exact in integers for every k,
 * including k ≤ 0 (never white) and k > 255 (always white). Its sign bit gives the pixel without a branch, which
 * matters because noisy tissue makes the outcome unpredictable pixel to pixel.
 */
export function adaptiveMeanThreshold(
  image: GreyImage,
  blockSize: number,
  c: number,
  output: ThresholdOutput = {},
): GreyImage {
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize % 2 === 0)
    throw new RangeError(`blockSize must be a positive odd integer, got ${blockSize}`);
  const { width, height, data } = image;
  const n = width * height;
  const out = output.out ?? new Uint8Array(n);
  if (out.length < n) throw new RangeError('adaptiveMeanThreshold: output smaller than the image');
  const radius = (blockSize - 1) >> 1;
  const area = blockSize * blockSize;
  const twoArea = 2 * area;
  // 2·sum − (2·(src + delta) − 1)·area = 2·sum + bias − twoArea·src; its sign bit (>> 31) is all ones when white.
  const bias = (1 - 2 * Math.ceil(c)) * area;
  const first = output.rows?.start ?? 0;
  const end = output.rows?.end ?? height;
  if (!(0 <= first && first <= end && end <= height))
    throw new RangeError('adaptiveMeanThreshold: rows outside the image');
  const columns = new Int32Array(width);
  for (let dy = -radius; dy <= radius; dy++) {
    const row = clampIndex(first + dy, height) * width;
    for (let x = 0; x < width; x++) columns[x]! += data[row + x]!;
  }
  const last = width - 1;
  const middleEnd = Math.max(radius, width - radius - 1);
  for (let y = first; y < end; y++) {
    let sum = 0;
    for (let dx = -radius; dx <= radius; dx++) sum += columns[clampIndex(dx, width)]!;
    const base = y * width;
    let x = 0;
    // Left edge: the leaving column is replicated column 0.
    for (; x < radius && x < width; x++) {
      out[base + x] = ((2 * sum + bias - twoArea * data[base + x]!) >> 31) & 255;
      sum += columns[Math.min(x + radius + 1, last)]! - columns[0]!;
    }
    for (; x < middleEnd; x++) {
      out[base + x] = ((2 * sum + bias - twoArea * data[base + x]!) >> 31) & 255;
      sum += columns[x + radius + 1]! - columns[x - radius]!;
    }
    // Right edge: the entering column is replicated column width − 1.
    for (; x < width; x++) {
      out[base + x] = ((2 * sum + bias - twoArea * data[base + x]!) >> 31) & 255;
      sum += columns[last]! - columns[Math.max(x - radius, 0)]!;
    }
    if (y + 1 < end) {
      const leaving = clampIndex(y - radius, height) * width;
      const entering = clampIndex(y + radius + 1, height) * width;
      for (let i = 0; i < width; i++) columns[i] = (columns[i]! + data[entering + i]! - data[leaving + i]!) | 0;
    }
  }
  return { width, height, data: out.length === n ? out : out.subarray(0, n) };
}

/** The block size of a Neighborhood slider value (0–25): an odd window 2n + 1 pixels wide. */
export const blockSizeOf = (neighborhood: number): number => 2 * Math.round(neighborhood) + 1;

/** One band of an image split for parallel thresholding: rows [start, end) are its own. */
export interface ThresholdBand {
  start: number;
  end: number;
  /** The rows to read for it: its own plus up to `radius` rows of overlap either side, within the image. */
  readStart: number;
  readEnd: number;
}

/**
 * The image's rows cut into `count` bands of nearly equal height, each with the overlap the block's neighbourhood
 * reads. Thresholding each band's read rows with `rows: [start − readStart, end − readStart)` gives, for its own
 * rows, exactly the whole image's result: inside the image the overlap supplies the neighbours, and at the image's
 * top and bottom the band's edge is the image's edge, replicated as OpenCV does.
 */
export function thresholdBands(height: number, blockSize: number, count: number): ThresholdBand[] {
  const radius = (blockSize - 1) >> 1;
  const n = Math.max(1, Math.min(Math.floor(count), height));
  return Array.from({ length: n }, (_, i) => {
    const start = Math.round((i * height) / n);
    const end = Math.round(((i + 1) * height) / n);
    return { start, end, readStart: Math.max(0, start - radius), readEnd: Math.min(height, end + radius) };
  });
}
