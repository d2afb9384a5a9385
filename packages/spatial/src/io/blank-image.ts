/**
 * Placeholder tissue images: some writers (e.g. squidpy's test data, pipelines that ran without a microscope
 * image) store a hires or lowres image that carries no picture — one flat colour, or a near-black frame whose
 * pixels only span a few levels (squidpy's test_data.h5ad hires holds 0–4). Drawn under the spots it hides the
 * tissue (a black square) and darkens exported figures, so the importer drops it and uses the other resolution.
 *
 * An image counts as a placeholder by its dynamic range: when, in every colour channel, all but the extreme
 * 0.1 % of pixels on either side lie within `PLACEHOLDER_LEVELS` grey levels (alpha is ignored). A stained section
 * spans well over 50 levels; a dark fluorescence channel over 16 (below that it is black on screen too). The
 * extreme tails are left out so a few stray pixels (a scale bar, a dead pixel) do not make a blank frame count.
 */
export interface RawPixels {
  width: number;
  height: number;
  /** 1 (grey), 2 (grey + alpha), 3 (RGB) or 4 (RGBA), interleaved 8-bit. */
  channels: number;
  pixels: Uint8Array | Uint8ClampedArray;
}

/** Grey levels (of 255) that the bulk of a placeholder's pixels stay within. */
export const PLACEHOLDER_LEVELS = 16;
/** The share of pixels left out at each end of a channel's histogram. */
const TAIL = 0.001;

export function isBlankImage(image: RawPixels): boolean {
  const n = image.width * image.height;
  if (n === 0) return true;
  const colour = image.channels === 2 || image.channels === 4 ? image.channels - 1 : image.channels;
  for (let c = 0; c < colour; c++) if (bulkRange(channelHistogram(image, c), n) > PLACEHOLDER_LEVELS) return false;
  return true;
}

function channelHistogram({ channels, pixels, width, height }: RawPixels, channel: number): Uint32Array {
  const histogram = new Uint32Array(256);
  const end = width * height * channels;
  for (let i = channel; i < end; i += channels) histogram[pixels[i]!]!++;
  return histogram;
}

/** Levels between the lowest and highest value once `TAIL` of the pixels is cut from each end. */
function bulkRange(histogram: Uint32Array, n: number): number {
  const cut = Math.floor(n * TAIL);
  let low = 0;
  for (let seen = 0; (seen += histogram[low]!) <= cut;) low++;
  let high = 255;
  for (let seen = 0; (seen += histogram[high]!) <= cut;) high--;
  return high - low;
}
