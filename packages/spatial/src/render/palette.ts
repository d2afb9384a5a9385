/**
 * The 20 fixed cluster colours of the explorer (spec 03 §9), as data. This is a copy of `CLUSTER_PALETTE` in
 * packages/viz/src/colormaps.ts (packages/spatial must not import packages/viz): change both together so a
 * catalogue thumbnail colours cluster C<n> as the explorer does.
 */
export const THUMBNAIL_CLUSTER_PALETTE: readonly string[] = [
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

/** `#rgb`, `#rrggbb` or `#rrggbbaa` → RGBA bytes. */
export function hexToRgba(hex: string): [number, number, number, number] {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!m) throw new RangeError(`Not a hex colour: ${hex}`);
  let h = m[1]!;
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const byte = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return [byte(0), byte(2), byte(4), h.length === 8 ? byte(6) : 255];
}
