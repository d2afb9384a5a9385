/**
 * Group colours (spec 01 §3, §9): a 'phase'-style cyclic colour map — equal lightness and chroma all the way
 * round the hue circle (in OKLCH, so no hue looks brighter than another), starting at a golden orange like
 * cmocean's `phase` — sampled at evenly spaced points, one per group, with at least 9 shades.
 */
const LIGHTNESS = 0.53;
const CHROMA = 0.12;
const START_HUE = 60;
export const MIN_GROUP_SHADES = 9;
/** Runs without a group. */
export const NO_GROUP_COLOR = '#78909c';

/** The colour at position t of the cycle (t and t + 1 are the same colour). */
export function phaseColor(t: number): string {
  const turn = t - Math.floor(t);
  return oklchToHex(LIGHTNESS, CHROMA, START_HUE + turn * 360);
}

/**
 * One colour per group, in name order, spread evenly round the cycle so that a few groups get clearly different
 * hues and any number of groups (9 and more) gets distinct shades. The same set of names always gets the same colours.
 */
export function groupColors(groups: Iterable<string | null>): Map<string, string> {
  const names = [...new Set([...groups].filter((g): g is string => Boolean(g)))].sort((a, b) => a.localeCompare(b));
  return new Map(names.map((name, i) => [name, phaseColor(i / names.length)]));
}

export function colorOf(colors: Map<string, string>, group: string | null): string {
  return (group && colors.get(group)) || NO_GROUP_COLOR;
}

/** OKLCH → sRGB hex (Björn Ottosson's OKLab matrices), clamped into the gamut. */
export function oklchToHex(lightness: number, chroma: number, hueDegrees: number): string {
  const h = (hueDegrees * Math.PI) / 180;
  const a = chroma * Math.cos(h);
  const b = chroma * Math.sin(h);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return `#${linear
    .map((c) => {
      const v = c <= 0.0031308 ? 12.92 * c : 1.055 * Math.max(c, 0) ** (1 / 2.4) - 0.055;
      return Math.round(Math.min(1, Math.max(0, v)) * 255)
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

/** WCAG relative luminance of a #rrggbb colour (tests use it to keep white chip text readable). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
