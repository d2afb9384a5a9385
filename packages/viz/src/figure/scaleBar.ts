/** Scale bars for exported figures (pure): how many µm a data unit is, and a round bar length that fits. */

/** A Visium spot is 55 µm across (10x Genomics); its diameter in data units comes from the scale factors. */
export const VISIUM_SPOT_MICRONS = 55;

/**
 * The spacing of a tixel grid in data units: the median gap between neighbouring distinct x coordinates (robust to
 * missing columns and to the odd stray tixel). 0 when there are fewer than two distinct columns.
 */
export function gridPitch(positions: Float32Array): number {
  const xs = new Set<number>();
  for (let i = 0; i + 1 < positions.length; i += 2) {
    const x = positions[i]!;
    if (Number.isFinite(x)) xs.add(Math.round(x * 1000) / 1000);
  }
  const sorted = [...xs].sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < sorted.length; i++) gaps.push(sorted[i]! - sorted[i - 1]!);
  if (gaps.length === 0) return 0;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

/**
 * µm per spatial data unit. A DBiT chip has channels and gaps of equal width, so neighbouring tixel centres are two
 * channel widths apart: µm/unit = 2 · channel width / grid pitch. Without a channel width, a spatial folder's spot
 * diameter (Visium, 55 µm) gives it. Null when neither is known: the figure then has no scale bar.
 */
export function micronsPerUnit(source: {
  channelWidthUm?: number | null;
  pitch?: number;
  spotDiameter?: number | null;
}): number | null {
  if (source.channelWidthUm && source.pitch && source.pitch > 0) return (2 * source.channelWidthUm) / source.pitch;
  if (source.spotDiameter && source.spotDiameter > 0) return VISIUM_SPOT_MICRONS / source.spotDiameter;
  return null;
}

/** A scale bar: its length in µm, in figure pixels, and its label. */
export interface ScaleBar {
  microns: number;
  px: number;
  label: string;
}

/** The longest round length (1, 2 or 5 × 10^k µm) whose bar is at most `maxPx` long; null when none fits. */
export function niceScaleBar(micronsPerPx: number, maxPx: number): ScaleBar | null {
  if (!(micronsPerPx > 0) || !(maxPx > 0)) return null;
  const maxMicrons = micronsPerPx * maxPx;
  const decade = 10 ** Math.floor(Math.log10(maxMicrons));
  const step = [5, 2, 1].find((m) => m * decade <= maxMicrons)! * decade;
  const microns = Number(step.toPrecision(6));
  const label = microns >= 1000 ? `${microns / 1000} mm` : `${microns} µm`;
  return { microns, px: microns / micronsPerPx, label };
}
