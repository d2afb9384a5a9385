/**
 * A one-byte-per-pixel image shrunk to the size it is drawn at by box averaging: each output pixel is the mean of
 * the source pixels that fall in it (source x goes to ⌊x · outWidth / width⌋, rows likewise). The work can be split
 * by rows: each band sums its own rows (`shrinkSums`), the parts are added (`addShrinkSums`), and the total becomes
 * grey pixels (`shrunkPixels`) — equal to shrinking the whole image at once, since sums add.
 */
export interface ShrinkSize {
  /** The source image. */
  width: number;
  height: number;
  /** The shrunk image. */
  outWidth: number;
  outHeight: number;
}

export interface ShrinkPart {
  /** The first output row these sums belong to. */
  firstRow: number;
  /** outWidth sums per output row, from `firstRow` on. */
  sums: Uint32Array;
}

/** The first source index of each output column or row, and one past the last: `starts[k]` … `starts[k + 1]`. */
function starts(size: number, out: number): Int32Array {
  const first = new Int32Array(out + 1);
  // The smallest source index i with ⌊i · out / size⌋ ≥ k is ⌈k · size / out⌉.
  for (let k = 0; k <= out; k++) first[k] = Math.ceil((k * size) / out);
  return first;
}

const outRowOf = (y: number, size: ShrinkSize) => Math.floor((y * size.outHeight) / size.height);

function checkSize(size: ShrinkSize): void {
  const { width, height, outWidth, outHeight } = size;
  if (!(outWidth >= 1 && outHeight >= 1 && outWidth <= width && outHeight <= height))
    throw new RangeError('shrink: the output must be 1 pixel or more and no larger than the image');
}

/**
 * The output sums of source rows [start, end). `data` holds the source rows from `dataFirstRow` on (a band may
 * carry neighbours' rows too), `width` bytes each.
 */
export function shrinkSums(
  data: Uint8Array,
  dataFirstRow: number,
  rows: { start: number; end: number },
  size: ShrinkSize,
): ShrinkPart {
  checkSize(size);
  const { width, outWidth } = size;
  const firstRow = outRowOf(rows.start, size);
  const lastRow = rows.end > rows.start ? outRowOf(rows.end - 1, size) : firstRow - 1;
  const sums = new Uint32Array(outWidth * (lastRow - firstRow + 1));
  const columns = starts(width, outWidth);
  for (let y = rows.start; y < rows.end; y++) {
    const source = (y - dataFirstRow) * width;
    const target = (outRowOf(y, size) - firstRow) * outWidth;
    // Columns in runs of one output pixel each: no lookup per source pixel.
    for (let k = 0; k < outWidth; k++) {
      let sum = 0;
      const stop = source + columns[k + 1]!;
      for (let i = source + columns[k]!; i < stop; i++) sum += data[i]!;
      sums[target + k] = sums[target + k]! + sum;
    }
  }
  return { firstRow, sums };
}

/** Adds a band's sums into the whole image's (outWidth × outHeight). */
export function addShrinkSums(total: Uint32Array, part: ShrinkPart, outWidth: number): void {
  const offset = part.firstRow * outWidth;
  for (let i = 0; i < part.sums.length; i++) total[offset + i] = total[offset + i]! + part.sums[i]!;
}

/** The whole image's sums as opaque grey RGBA pixels, each the rounded mean of its box. */
export function shrunkPixels(total: Uint32Array, size: ShrinkSize): Uint8ClampedArray<ArrayBuffer> {
  checkSize(size);
  const { width, height, outWidth, outHeight } = size;
  const columns = starts(width, outWidth);
  const rows = starts(height, outHeight);
  const rgba = new Uint8ClampedArray(4 * outWidth * outHeight);
  for (let r = 0, i = 0; r < outHeight; r++) {
    const tall = rows[r + 1]! - rows[r]!;
    for (let k = 0; k < outWidth; k++, i++) {
      const v = Math.round(total[i]! / (tall * (columns[k + 1]! - columns[k]!)));
      rgba[4 * i] = v;
      rgba[4 * i + 1] = v;
      rgba[4 * i + 2] = v;
      rgba[4 * i + 3] = 255;
    }
  }
  return rgba;
}
