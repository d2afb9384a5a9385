/**
 * Colour maps for the explorer plots (spec 03 §9): the heatmap palettes jet, hot, inferno, picnic, bone and a
 * custom two-colour ramp as 256×1 RGBA lookup tables (uploaded once as a texture; the shader applies them),
 * the 20-colour categorical cluster palette, the 64-shade heat bar and its 5 tick values. Pure, no DOM.
 */

/** RGBA bytes, 0–255. */
export type Rgba = readonly [number, number, number, number];

/** Heatmap palette names offered by the explorer (spec 03 §9). */
export const HEATMAP_PALETTES = ['jet', 'hot', 'inferno', 'picnic', 'bone', 'custom'] as const;
export type HeatmapPalette = (typeof HEATMAP_PALETTES)[number];

/** Background choices of the explorer (spec 03 §2.1, §9) and their CSS colours. */
export const BACKGROUND_COLORS = { black: '#000000', white: '#ffffff', darkgrey: '#a9a9a9' } as const;
export type BackgroundName = keyof typeof BACKGROUND_COLORS;

/** Entries in every lookup table (texture width). */
export const LUT_SIZE = 256;
/** Shades in the heat bar legend (spec 03 §9). */
export const HEAT_BAR_SHADES = 64;
/** Tick labels on the heat bar (spec 03 §9). */
export const HEAT_BAR_TICKS = 5;

/**
 * The 20 fixed cluster colours. Spec 03 §9 says there are 20 fixed hex colours but does not list them; these
 * are 20 mutually distinct colours (Trubetskoy's list). Replace the values here, in one place, if the original
 * hex codes turn up.
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

/** Default ends of the custom ramp (low → high). */
export const DEFAULT_CUSTOM_RAMP: readonly [string, string] = ['#f2f2f2', '#b2182b'];

/** Neutral grey for tixels without a value (NaN or ±Infinity). */
export const NO_VALUE_COLOR: Rgba = [128, 128, 128, 255];

/** `#rgb`, `#rrggbb` or `#rrggbbaa` → RGBA bytes. Throws on anything else. */
export function parseHex(hex: string): Rgba {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a hex colour: ${hex}`);
  let h = m[1]!;
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = (i: number): number => parseInt(h.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), h.length === 8 ? n(6) : 255];
}

/** RGBA bytes → `#rrggbb` (alpha dropped). */
export function toHex([r, g, b]: Rgba): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Piecewise-linear channel: sorted [x, y] knots with x and y in 0..1. */
type Knots = readonly (readonly [number, number])[];

function interp(knots: Knots, t: number): number {
  if (t <= knots[0]![0]) return knots[0]![1];
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i]!;
    if (t <= x1) {
      const [x0, y0] = knots[i - 1]!;
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (t - x0)) / (x1 - x0);
    }
  }
  return knots[knots.length - 1]![1];
}

function fromChannels(r: Knots, g: Knots, b: Knots): Uint8Array {
  const out = new Uint8Array(LUT_SIZE * 4);
  for (let i = 0; i < LUT_SIZE; i++) {
    const t = i / (LUT_SIZE - 1);
    out[i * 4] = Math.round(255 * interp(r, t));
    out[i * 4 + 1] = Math.round(255 * interp(g, t));
    out[i * 4 + 2] = Math.round(255 * interp(b, t));
    out[i * 4 + 3] = 255;
  }
  return out;
}

/** Equally spaced colour stops → LUT (linear in RGB). */
function fromStops(stops: readonly string[]): Uint8Array {
  const rgb = stops.map(parseHex);
  const knots = (c: 0 | 1 | 2): Knots => rgb.map((v, i) => [i / (rgb.length - 1), v[c] / 255] as const);
  return fromChannels(knots(0), knots(1), knots(2));
}

// matplotlib's segment data for jet, hot and bone.
const JET = (): Uint8Array =>
  fromChannels(
    [
      [0, 0],
      [0.35, 0],
      [0.66, 1],
      [0.89, 1],
      [1, 0.5],
    ],
    [
      [0, 0],
      [0.125, 0],
      [0.375, 1],
      [0.64, 1],
      [0.91, 0],
      [1, 0],
    ],
    [
      [0, 0.5],
      [0.11, 1],
      [0.34, 1],
      [0.65, 0],
      [1, 0],
    ],
  );
const HOT = (): Uint8Array =>
  fromChannels(
    [
      [0, 0.0416],
      [0.365079, 1],
      [1, 1],
    ],
    [
      [0, 0],
      [0.365079, 0],
      [0.746032, 1],
      [1, 1],
    ],
    [
      [0, 0],
      [0.746032, 0],
      [1, 1],
    ],
  );
const BONE = (): Uint8Array =>
  fromChannels(
    [
      [0, 0],
      [0.746032, 0.652778],
      [1, 1],
    ],
    [
      [0, 0],
      [0.365079, 0.319444],
      [0.746032, 0.777778],
      [1, 1],
    ],
    [
      [0, 0],
      [0.365079, 0.444444],
      [1, 1],
    ],
  );
// matplotlib inferno sampled at 0, 0.1, …, 1.
const INFERNO = (): Uint8Array =>
  fromStops([
    '#000004',
    '#160b39',
    '#420a68',
    '#6a176e',
    '#932667',
    '#bc3754',
    '#dd513a',
    '#f37819',
    '#fca50a',
    '#f6d746',
    '#fcffa4',
  ]);
// Plotly's Picnic: blue → white → red in 11 stops.
const PICNIC = (): Uint8Array =>
  fromStops([
    '#0000ff',
    '#3399ff',
    '#66ccff',
    '#99ccff',
    '#ccccff',
    '#ffffff',
    '#ffccff',
    '#ff99ff',
    '#ff66cc',
    '#ff6666',
    '#ff0000',
  ]);

/** Built when first asked for: a page that draws clusters needs none of them. */
const BUILT_IN: Record<Exclude<HeatmapPalette, 'custom'>, () => Uint8Array> = {
  jet: JET,
  hot: HOT,
  inferno: INFERNO,
  picnic: PICNIC,
  bone: BONE,
};

const builtLuts = new Map<HeatmapPalette, Uint8Array>();

/** Two-colour linear ramp (the "custom" heatmap) as a 256×1 RGBA LUT. */
export function customRamp(low: string = DEFAULT_CUSTOM_RAMP[0], high: string = DEFAULT_CUSTOM_RAMP[1]): Uint8Array {
  return fromStops([low, high]);
}

/**
 * The 256×1 RGBA lookup table of a heatmap palette. Built-in tables are shared: do not mutate them.
 * `custom` takes its two ends from `customColors` (default {@link DEFAULT_CUSTOM_RAMP}).
 */
export function heatmapLut(name: HeatmapPalette, customColors?: readonly [string, string]): Uint8Array {
  if (name === 'custom') return customRamp(...(customColors ?? DEFAULT_CUSTOM_RAMP));
  const build = BUILT_IN[name];
  if (!build) throw new Error(`Unknown palette: ${String(name)}`);
  let lut = builtLuts.get(name);
  if (!lut) builtLuts.set(name, (lut = build()));
  return lut;
}

/**
 * Categorical LUT: entry i holds colour `colors[i % colors.length]`, so cluster codes ≥ the palette length cycle.
 * Pass the user's per-cluster colours (Color Configuration dialog) or the default {@link CLUSTER_PALETTE}.
 */
export function categoricalLut(colors: readonly string[] = CLUSTER_PALETTE): Uint8Array {
  if (colors.length === 0) throw new Error('A categorical palette needs at least one colour');
  const rgba = colors.map(parseHex);
  const out = new Uint8Array(LUT_SIZE * 4);
  for (let i = 0; i < LUT_SIZE; i++) out.set(rgba[i % rgba.length]!, i * 4);
  return out;
}

/** Colour of a value through a LUT on the CPU — the same rule as the shader (for legends, tests, exports). */
export function lutColor(lut: Uint8Array, value: number, min: number, max: number): Rgba {
  if (!Number.isFinite(value)) return NO_VALUE_COLOR;
  const span = max - min;
  const t = span > 0 ? Math.min(1, Math.max(0, (value - min) / span)) : 0.5;
  const i = Math.round(t * (LUT_SIZE - 1)) * 4;
  return [lut[i]!, lut[i + 1]!, lut[i + 2]!, lut[i + 3]!];
}

/** The heat bar: `shades` (default 64) CSS hex colours from low to high. */
export function heatBarShades(lut: Uint8Array, shades: number = HEAT_BAR_SHADES): string[] {
  const out: string[] = [];
  for (let s = 0; s < shades; s++) out.push(toHex(lutColor(lut, shades === 1 ? 0 : s / (shades - 1), 0, 1)));
  return out;
}

/** The 5 tick values of the heat bar: min, three evenly spaced values, max. A reversed range is returned as given. */
export function heatBarTicks(min: number, max: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) throw new Error('heatBarTicks needs a finite range');
  const ticks: number[] = [];
  for (let i = 0; i < HEAT_BAR_TICKS; i++)
    ticks.push(i === HEAT_BAR_TICKS - 1 ? max : min + ((max - min) * i) / (HEAT_BAR_TICKS - 1));
  return ticks;
}

/** Finite min and max of a value array (NaN/±Infinity skipped); `[0, 0]` when nothing is finite. */
export function valueRange(values: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return Number.isFinite(lo) && Number.isFinite(hi) ? [lo, hi] : [0, 0];
}
