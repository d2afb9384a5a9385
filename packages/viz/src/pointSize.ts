/**
 * Tixel size rule (spec 03 §9): the size depends on the tixel count in five bands (< 4000, 4000–16000,
 * 16000–32000, 32000–64000, > 64000) and is multiplied by the display scale (default 0.75). The spec does not
 * give the sizes; these diameters (CSS pixels before the display scale) are ours and live only here.
 */

/** Default display scale (spec 03 §9). */
export const DEFAULT_DISPLAY_SCALE = 0.75;
/** Zoom steps of the zoom buttons (spec 03 §9). */
export const ZOOM_IN_FACTOR = 1.1;
export const ZOOM_OUT_FACTOR = 0.9;

/** Count bands: a count below `below` gets `diameter` px (before the display scale). */
export const TIXEL_SIZE_BANDS: readonly { below: number; diameter: number }[] = [
  { below: 4000, diameter: 10 },
  { below: 16000, diameter: 6 },
  { below: 32000, diameter: 4 },
  { below: 64000, diameter: 3 },
  { below: Infinity, diameter: 2 },
];

/** Point diameter in CSS pixels for `count` tixels at `displayScale`. Band edges belong to the upper band. */
export function tixelDiameterPx(count: number, displayScale: number = DEFAULT_DISPLAY_SCALE): number {
  const band = TIXEL_SIZE_BANDS.find((b) => count < b.below) ?? TIXEL_SIZE_BANDS[TIXEL_SIZE_BANDS.length - 1]!;
  return band.diameter * displayScale;
}

/**
 * Whether a plot's points are drawn as GL points (ValuePointsLayer) rather than instanced circles
 * (ValueScatterLayer): whenever their size is in screen pixels (spots at their physical diameter grow with zoom past
 * the largest point a device draws) and the layer is not picked (GL points are not pickable). A point is one vertex
 * where a circle is an instance of a 4-vertex quad: the same pixels, and in software WebGL (SwiftShader, which runs
 * instanced draws an instance at a time) a 10k-tixel frame of both plots went from ~0.3 s to a few ms.
 */
export function shouldUseGlPoints(opts: { physical: boolean; pickable: boolean }): boolean {
  return !opts.physical && !opts.pickable;
}
