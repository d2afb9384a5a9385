/**
 * Colours shared by the explorer's plots (packages/viz, which imports them from here) and the catalogue thumbnails
 * the server draws (./thumbnail.ts), so that a thumbnail colours cluster C<n> as the explorer does. Pure data and
 * string parsing: the explorer's first frame loads this module before React.
 */

/** RGBA bytes, 0–255. */
export type Rgba = readonly [number, number, number, number];

/**
 * The 20 fixed cluster colours (spec 03 §9), the first of the explorer's categorical colours. Spec 03 §9
 * says there are 20 fixed hex colours but does not list them; these are 20 mutually distinct colours (Trubetskoy's
 * list). Replace the values here, in one place, if the original hex codes turn up.
 */
export const CLUSTER_PALETTE: readonly string[] = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#42d4f4',
  '#f032e6',
  '#bfef45',
  '#fabed4',
  '#469990',
  '#dcbeff',
  '#9a6324',
  '#fffac8',
  '#800000',
  '#aaffc3',
  '#808000',
  '#ffd8b1',
  '#000075',
  '#a9a9a9',
];

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` optional) → RGBA bytes. */
export function parseHex(hex: string): Rgba {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!m) throw new RangeError(`Not a hex colour: ${hex}`);
  let h = m[1]!;
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const byte = (i: number): number => parseInt(h.slice(i, i + 2), 16);
  return [byte(0), byte(2), byte(4), h.length === 8 ? byte(6) : 255];
}
