/**
 * Colour maps for the explorer plots (spec 03 §9): the heatmap palettes jet, hot, inferno, picnic, bone and a
 * custom two-colour ramp as 256×1 RGBA lookup tables (uploaded once as a texture; the shader applies them),
 * the categorical colours (the 20 fixed cluster colours, kept in @atlas/spatial/palette for the thumbnails too, then
 * godsnot_102), the 64-shade heat bar and its 5 tick values. Pure, no DOM.
 */
import { CLUSTER_PALETTE, parseHex, type Rgba } from '@atlas/spatial/palette';

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

export { CLUSTER_PALETTE, parseHex, type Rgba };

/**
 * godsnot_102: 102 mutually distinct colours, published in "Color distribution methodology"
 * (https://godsnotwheregodsnot.blogspot.com/2012/09/color-distribution-methodology.html) and used by scanpy for more
 * than 28 categories (scanpy/plotting/palettes.py `godsnot_102`, which leaves out the list's leading black). The
 * values are the published ones, in the published order.
 */
export const GODSNOT_102: readonly string[] = [
  '#ffff00',
  '#1ce6ff',
  '#ff34ff',
  '#ff4a46',
  '#008941',
  '#006fa6',
  '#a30059',
  '#ffdbe5',
  '#7a4900',
  '#0000a6',
  '#63ffac',
  '#b79762',
  '#004d43',
  '#8fb0ff',
  '#997d87',
  '#5a0007',
  '#809693',
  '#6a3a4c',
  '#1b4400',
  '#4fc601',
  '#3b5dff',
  '#4a3b53',
  '#ff2f80',
  '#61615a',
  '#ba0900',
  '#6b7900',
  '#00c2a0',
  '#ffaa92',
  '#ff90c9',
  '#b903aa',
  '#d16100',
  '#ddefff',
  '#000035',
  '#7b4f4b',
  '#a1c299',
  '#300018',
  '#0aa6d8',
  '#013349',
  '#00846f',
  '#372101',
  '#ffb500',
  '#c2ffed',
  '#a079bf',
  '#cc0744',
  '#c0b9b2',
  '#c2ff99',
  '#001e09',
  '#00489c',
  '#6f0062',
  '#0cbd66',
  '#eec3ff',
  '#456d75',
  '#b77b68',
  '#7a87a1',
  '#788d66',
  '#885578',
  '#fad09f',
  '#ff8a9a',
  '#d157a0',
  '#bec459',
  '#456648',
  '#0086ed',
  '#886f4c',
  '#34362d',
  '#b4a8bd',
  '#00a6aa',
  '#452c2c',
  '#636375',
  '#a3c8c9',
  '#ff913f',
  '#938a81',
  '#575329',
  '#00fecf',
  '#b05b6f',
  '#8cd0ff',
  '#3b9700',
  '#04f757',
  '#c8a1a1',
  '#1e6e00',
  '#7900d7',
  '#a77500',
  '#6367a9',
  '#a05837',
  '#6b002c',
  '#772600',
  '#d790ff',
  '#9b9700',
  '#549e79',
  '#fff69f',
  '#201625',
  '#72418f',
  '#bc23ff',
  '#99adc0',
  '#3a2465',
  '#922329',
  '#5b4534',
  '#fde8dc',
  '#404e55',
  '#0089a3',
  '#cb7e98',
  '#a4e804',
  '#324e72',
];

/** Below this contrast ratio (WCAG) against the explorer's default black, a colour reads as the background. */
export const MIN_VISIBLE_CONTRAST = 1.3;
/** RGB distance under which a godsnot colour would pass for one of the 20 fixed cluster colours. */
const SAME_COLOUR_DISTANCE = 30;

const rgbDistance = (a: Rgba, b: Rgba) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * The category colours by slot (a category's position in its run's list): the 20 fixed cluster colours, so runs
 * of up to 20 clusters look as they always did, then the godsnot_102 colours that stay visible on black and differ
 * from those 20 (107 in all). A cluster keeps its slot, so C21 no longer repeats C1's colour; only past the last
 * slot do colours cycle.
 */
export const CATEGORY_COLOURS: readonly string[] = [
  ...CLUSTER_PALETTE,
  ...GODSNOT_102.filter(
    (hex) =>
      contrastRatio(parseHex(hex), parseHex(BACKGROUND_COLORS.black)) >= MIN_VISIBLE_CONTRAST &&
      CLUSTER_PALETTE.every((fixed) => rgbDistance(parseHex(fixed), parseHex(hex)) >= SAME_COLOUR_DISTANCE),
  ),
];

/** Default ends of the custom ramp (low → high). */
export const DEFAULT_CUSTOM_RAMP: readonly [string, string] = ['#f2f2f2', '#b2182b'];

/** Neutral grey for tixels without a value (NaN or ±Infinity). */
export const NO_VALUE_COLOR: Rgba = [128, 128, 128, 255];

/** RGBA bytes → `#rrggbb` (alpha dropped). */
export function toHex([r, g, b]: Rgba): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours, 1 (the same luminance) to 21 (black on white). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
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

const builtLuts = new Map<string, Uint8Array>();

/** Two-colour linear ramp (the "custom" heatmap) as a 256×1 RGBA LUT. */
export function customRamp(low: string = DEFAULT_CUSTOM_RAMP[0], high: string = DEFAULT_CUSTOM_RAMP[1]): Uint8Array {
  return fromStops([low, high]);
}

/** The low end is lifted at most this far up the palette, whatever the background. */
const MAX_LIFT = 0.5;

/**
 * The palette with its low end moved off the background: when the lowest colour has less than
 * {@link MIN_VISIBLE_CONTRAST} against `background` (inferno or bone on black: zero-expression tixels vanish), the
 * table starts at the first of its colours that has (at most half-way up) and is stretched over the whole range
 * again. The scale stays honest: the lowest value still gets the table's first entry and the highest its last, and
 * the heat bar drawn from the same table shows the same colours. A table already visible is returned as it is.
 */
export function liftLowEnd(lut: Uint8Array, background: Rgba): Uint8Array {
  const contrastAt = (i: number) => contrastRatio([lut[i * 4]!, lut[i * 4 + 1]!, lut[i * 4 + 2]!, 255], background);
  if (contrastAt(0) >= MIN_VISIBLE_CONTRAST) return lut;
  const last = Math.round(MAX_LIFT * (LUT_SIZE - 1));
  let start = 0;
  while (start < last && contrastAt(start) < MIN_VISIBLE_CONTRAST) start++;
  const out = new Uint8Array(LUT_SIZE * 4);
  for (let i = 0; i < LUT_SIZE; i++) {
    const from = start + ((LUT_SIZE - 1 - start) * i) / (LUT_SIZE - 1);
    const lo = Math.floor(from);
    const hi = Math.min(LUT_SIZE - 1, lo + 1);
    const f = from - lo;
    for (let c = 0; c < 4; c++) out[i * 4 + c] = Math.round(lut[lo * 4 + c]! * (1 - f) + lut[hi * 4 + c]! * f);
  }
  return out;
}

/** A CSS colour as RGBA when it is a hex colour or a background name; null for anything else. */
function backgroundRgba(css: string): Rgba | null {
  const hex = (BACKGROUND_COLORS as Record<string, string>)[css] ?? css;
  try {
    return parseHex(hex);
  } catch {
    return null;
  }
}

/**
 * The 256×1 RGBA lookup table of a heatmap palette. Built-in tables are shared: do not mutate them.
 * `custom` takes its two ends from `customColors` (default {@link DEFAULT_CUSTOM_RAMP}). With `background` (a
 * background name or hex colour), the low end is kept visible against it ({@link liftLowEnd}): the plots, their
 * legend and exported figures pass the same background and so show the same colours.
 */
export function heatmapLut(
  name: HeatmapPalette,
  customColors?: readonly [string, string],
  background?: string,
): Uint8Array {
  const against = background === undefined ? null : backgroundRgba(background);
  if (name === 'custom') {
    const ramp = customRamp(...(customColors ?? DEFAULT_CUSTOM_RAMP));
    return against ? liftLowEnd(ramp, against) : ramp;
  }
  const key = `${name}|${against ? against.join(',') : ''}`;
  let lut = builtLuts.get(key);
  if (lut) return lut;
  const build = BUILT_IN[name];
  if (!build) throw new Error(`Unknown palette: ${String(name)}`);
  lut = against ? liftLowEnd(heatmapLut(name), against) : build();
  builtLuts.set(key, lut);
  return lut;
}

/**
 * Categorical LUT: entry i holds colour `colors[i % colors.length]`, so cluster codes ≥ the palette length cycle.
 * Pass the user's per-cluster colours (Color Configuration dialog) or the default {@link CATEGORY_COLOURS}.
 */
export function categoricalLut(colors: readonly string[] = CATEGORY_COLOURS): Uint8Array {
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
