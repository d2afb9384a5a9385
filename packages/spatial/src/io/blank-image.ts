/**
 * Placeholder tissue images: some writers (e.g. squidpy's test data, pipelines that ran without a microscope
 * image) store a hires or lowres image that is one flat colour. Drawn under the spots it hides the tissue (a
 * black square), so the importer drops it and uses the other resolution. An image counts as blank when every
 * colour channel varies by at most `tolerance` over the whole image (alpha is ignored).
 */
export interface RawPixels {
  width: number;
  height: number;
  /** 1 (grey), 2 (grey + alpha), 3 (RGB) or 4 (RGBA), interleaved 8-bit. */
  channels: number;
  pixels: Uint8Array | Uint8ClampedArray;
}

export function isBlankImage(image: RawPixels, tolerance = 2): boolean {
  const { channels, pixels } = image;
  const colour = channels === 2 || channels === 4 ? channels - 1 : channels;
  const n = image.width * image.height;
  if (n === 0) return true;
  for (let c = 0; c < colour; c++) {
    let min = 255;
    let max = 0;
    for (let i = c; i < n * channels; i += channels) {
      const v = pixels[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
      if (max - min > tolerance) break;
    }
    if (max - min > tolerance) return false;
  }
  return true;
}
