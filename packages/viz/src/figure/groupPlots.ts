/**
 * The distribution plots across groups (violin, dot plot, marker heatmap) and the composition bars, laid out as
 * figure scenes (./compose.ts primitives): the explorer draws a scene on screen (../SceneSvg.tsx) and the figure
 * export writes the same scene as SVG (./svg.ts) or paints it for PNG (./canvas.ts), so the file is what was shown.
 * Groups are rows (their names readable at the left, with their palette colour), features are columns, as scanpy's
 * dot plot. Pure layout: the numbers come from @atlas/spatial/group-stats.
 */
import type { DotSummary, ViolinSet } from '@atlas/spatial/group-stats';
import type { FigureScene, Primitive } from './compose';

export interface PlotGroup {
  name: string;
  /** The explorer's colour of the group (Color Configuration, else the palette). */
  colour: string;
}

interface GroupPlotBase {
  title: string;
  groups: readonly PlotGroup[];
  features: readonly string[];
  /** The explorer's heat colours, low to high (heatBarShades of its palette). */
  shades: readonly string[];
}

export type GroupPlot =
  | (GroupPlotBase & { kind: 'violin'; violins: readonly ViolinSet[] })
  | (GroupPlotBase & { kind: 'dot'; dots: readonly (readonly DotSummary[])[]; scaled: readonly (readonly number[])[] })
  | (GroupPlotBase & {
      kind: 'heatmap';
      means: readonly (readonly number[])[];
      scaled: readonly (readonly number[])[];
    });

const MARGIN = 16;
const HEADER = 44;
const FONT = 11;
const INK = '#111111';
const MUTED = '#666666';
const GRID_LINE = '#dddddd';
const SWATCH = 10;
const COLUMN = 96;
const ROW = { violin: 30, dot: 24, heatmap: 22 } as const;
const LEGEND = 130;
/** Approximate advance of a character at FONT px (Helvetica), for the label column's width. */
const CHAR = 6.2;

const short = (v: number) => (Math.abs(v) >= 100 || v === 0 ? v.toFixed(0) : v.toPrecision(2));

function shadeOf(shades: readonly string[], t: number): string {
  const clamped = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  return shades[Math.round(clamped * (shades.length - 1))]!;
}

/** Frame shared by the three plots: header, group labels with swatches, feature names, grid lines. */
function frame(plot: GroupPlot, legendWidth: number) {
  const rowHeight = ROW[plot.kind];
  const labelWidth = Math.min(220, Math.max(70, Math.max(0, ...plot.groups.map((g) => g.name.length)) * CHAR + 24));
  const left = MARGIN + labelWidth;
  const top = HEADER + 18;
  const width = Math.ceil(left + plot.features.length * COLUMN + MARGIN + legendWidth + MARGIN);
  // The legends (colour bar, dot sizes) may be taller than a few groups' rows.
  const legendHeight = plot.kind === 'dot' ? 150 + 4 * rowHeight : plot.kind === 'heatmap' ? 110 : 0;
  const height = Math.ceil(top + Math.max(plot.groups.length * rowHeight + 28, legendHeight) + MARGIN);
  const primitives: Primitive[] = [
    { type: 'rect', x: 0, y: 0, w: width, h: height, fill: '#ffffff' },
    { type: 'text', x: MARGIN, y: 22, text: plot.title, size: 14, fill: INK, bold: true, role: 'title' },
  ];
  plot.features.forEach((feature, f) => {
    const cx = left + f * COLUMN + COLUMN / 2;
    const text = feature.length > 15 ? `${feature.slice(0, 14)}…` : feature;
    primitives.push({
      type: 'text',
      x: cx,
      y: top - 6,
      text,
      size: FONT,
      fill: INK,
      bold: true,
      anchor: 'middle',
      role: 'feature',
    });
  });
  plot.groups.forEach((group, g) => {
    const cy = top + g * rowHeight + rowHeight / 2;
    primitives.push({ type: 'rect', x: MARGIN, y: cy - SWATCH / 2, w: SWATCH, h: SWATCH, fill: group.colour });
    primitives.push({
      type: 'text',
      x: MARGIN + SWATCH + 6,
      y: cy + 4,
      text: group.name,
      size: FONT,
      fill: INK,
      role: 'group',
    });
    primitives.push({
      type: 'line',
      x1: left,
      y1: cy,
      x2: left + plot.features.length * COLUMN,
      y2: cy,
      stroke: GRID_LINE,
      width: 0.5,
    });
  });
  return { primitives, left, top, rowHeight, width, height, legendX: left + plot.features.length * COLUMN + MARGIN };
}

/** Horizontal violins: the value along the column, the density as thickness (scaled to the feature's widest). */
function violinPrimitives(plot: Extract<GroupPlot, { kind: 'violin' }>, f: ReturnType<typeof frame>): Primitive[] {
  const out: Primitive[] = [];
  plot.violins.forEach((set, feature) => {
    const x0 = f.left + feature * COLUMN + 6;
    const span = COLUMN - 12;
    const lo = set.grid[0] ?? 0;
    const hi = set.grid[set.grid.length - 1] ?? 0;
    const xOf = (v: number) => x0 + (hi > lo ? ((v - lo) / (hi - lo)) * span : span / 2);
    const widest = Math.max(1e-300, ...set.violins.flatMap((v) => Array.from(v.density)));
    set.violins.forEach((violin, g) => {
      if (!violin.quartiles) return;
      const cy = f.top + g * f.rowHeight + f.rowHeight / 2;
      const half = f.rowHeight / 2 - 2;
      const upper: number[] = [];
      const lower: number[] = [];
      set.grid.forEach((v, i) => {
        const thickness = (violin.density[i]! / widest) * half;
        upper.push(xOf(v), cy - thickness);
        lower.unshift(xOf(v), cy + thickness);
      });
      const colour = plot.groups[g]!.colour;
      out.push({ type: 'polygon', points: [...upper, ...lower], fill: colour, stroke: '#333333', role: 'violin' });
      const q = violin.quartiles;
      out.push({ type: 'line', x1: xOf(q.q1), y1: cy, x2: xOf(q.q3), y2: cy, stroke: INK, width: 2 });
      out.push({
        type: 'line',
        x1: xOf(q.median),
        y1: cy - 3,
        x2: xOf(q.median),
        y2: cy + 3,
        stroke: '#ffffff',
        width: 2,
      });
    });
    const axisY = f.top + plot.groups.length * f.rowHeight + 12;
    out.push({ type: 'text', x: x0, y: axisY, text: short(lo), size: 9, fill: MUTED, anchor: 'start' });
    out.push({ type: 'text', x: x0 + span, y: axisY, text: short(hi), size: 9, fill: MUTED, anchor: 'end' });
  });
  return out;
}

/** Colour bar of the scaled means (0 → 1), the explorer's heat colours. */
function colourBar(shades: readonly string[], x: number, y: number, label: string): Primitive[] {
  return [
    { type: 'text', x, y, text: label, size: FONT, fill: INK, bold: true },
    { type: 'gradient', id: 'group-heat', x, y: y + 8, w: 12, h: 90, stops: [...shades] },
    { type: 'text', x: x + 18, y: y + 18, text: '1 (group max)', size: 9, fill: MUTED },
    { type: 'text', x: x + 18, y: y + 98, text: '0 (group min)', size: 9, fill: MUTED },
  ];
}

function dotPrimitives(plot: Extract<GroupPlot, { kind: 'dot' }>, f: ReturnType<typeof frame>): Primitive[] {
  const out: Primitive[] = [];
  const maxR = f.rowHeight / 2 - 1;
  const clip = { x: 0, y: 0, w: f.width, h: f.height };
  plot.dots.forEach((dots, feature) => {
    const cx = f.left + feature * COLUMN + COLUMN / 2;
    dots.forEach((dot, g) => {
      if (dot.fraction <= 0) return;
      const cy = f.top + g * f.rowHeight + f.rowHeight / 2;
      const fill = shadeOf(plot.shades, plot.scaled[feature]![g]!);
      out.push({
        type: 'points',
        r: Math.max(0.5, maxR * Math.sqrt(dot.fraction)),
        groups: [{ fill, opacity: 1, xs: [cx], ys: [cy] }],
        clip,
      });
    });
  });
  const x = f.legendX;
  out.push(...colourBar(plot.shades, x, f.top, 'Mean (scaled)'));
  out.push({ type: 'text', x, y: f.top + 130, text: 'Fraction > 0', size: FONT, fill: INK, bold: true });
  [0.25, 0.5, 0.75, 1].forEach((fraction, i) => {
    const cy = f.top + 146 + i * (2 * maxR + 2);
    out.push({
      type: 'points',
      r: maxR * Math.sqrt(fraction),
      groups: [{ fill: '#888888', opacity: 1, xs: [x + maxR], ys: [cy] }],
      clip,
    });
    out.push({ type: 'text', x: x + 2 * maxR + 8, y: cy + 4, text: `${fraction * 100} %`, size: 9, fill: MUTED });
  });
  return out;
}

function heatmapPrimitives(plot: Extract<GroupPlot, { kind: 'heatmap' }>, f: ReturnType<typeof frame>): Primitive[] {
  const out: Primitive[] = [];
  plot.scaled.forEach((row, feature) => {
    row.forEach((t, g) => {
      out.push({
        type: 'rect',
        x: f.left + feature * COLUMN + 1,
        y: f.top + g * f.rowHeight + 1,
        w: COLUMN - 2,
        h: f.rowHeight - 2,
        fill: shadeOf(plot.shades, t),
      });
    });
  });
  out.push(...colourBar(plot.shades, f.legendX, f.top, 'Mean (scaled)'));
  return out;
}

/** The scene of one distribution plot. */
export function groupPlotFigure(plot: GroupPlot): FigureScene {
  const f = frame(plot, plot.kind === 'violin' ? 0 : LEGEND);
  const body =
    plot.kind === 'violin'
      ? violinPrimitives(plot, f)
      : plot.kind === 'dot'
        ? dotPrimitives(plot, f)
        : heatmapPrimitives(plot, f);
  return {
    width: f.width,
    height: f.height,
    background: '#ffffff',
    primitives: [...f.primitives, ...body],
    pointCount: 0,
    outlineCount: 0,
  };
}

export interface CompositionBar {
  label: string;
  /** Tixels in the bar, written under it. */
  total: number;
  /** One fraction per group, in the groups' order. */
  fractions: readonly number[];
}

const BAR_WIDTH = 56;
const BAR_HEIGHT = 240;

/** Stacked bars (a selection, the rest, a second selection…) of the groups' fractions, with the groups' legend. */
export function compositionFigure(input: {
  title: string;
  groups: readonly PlotGroup[];
  bars: readonly CompositionBar[];
}): FigureScene {
  const top = HEADER + 8;
  const legendX = MARGIN + input.bars.length * (BAR_WIDTH + 40) + 8;
  const legendRows = input.groups.length;
  const width = Math.ceil(
    legendX + Math.min(220, Math.max(80, ...input.groups.map((g) => g.name.length * CHAR + 24))) + MARGIN,
  );
  const height = Math.ceil(top + Math.max(BAR_HEIGHT + 40, legendRows * 16 + 8) + MARGIN);
  const primitives: Primitive[] = [
    { type: 'rect', x: 0, y: 0, w: width, h: height, fill: '#ffffff' },
    { type: 'text', x: MARGIN, y: 22, text: input.title, size: 14, fill: INK, bold: true, role: 'title' },
  ];
  input.bars.forEach((bar, b) => {
    const x = MARGIN + 20 + b * (BAR_WIDTH + 40);
    let y = top + BAR_HEIGHT;
    bar.fractions.forEach((fraction, g) => {
      const h = fraction * BAR_HEIGHT;
      if (h <= 0) return;
      y -= h;
      primitives.push({ type: 'rect', x, y, w: BAR_WIDTH, h, fill: input.groups[g]!.colour });
    });
    primitives.push({ type: 'rect', x, y: top, w: BAR_WIDTH, h: BAR_HEIGHT, fill: 'none', stroke: '#999999' });
    const labelY = top + BAR_HEIGHT + 16;
    primitives.push({
      type: 'text',
      x: x + BAR_WIDTH / 2,
      y: labelY,
      text: bar.label,
      size: FONT,
      fill: INK,
      anchor: 'middle',
      role: 'bar',
    });
    primitives.push({
      type: 'text',
      x: x + BAR_WIDTH / 2,
      y: labelY + 14,
      text: `n = ${bar.total.toLocaleString('en')}`,
      size: 9,
      fill: MUTED,
      anchor: 'middle',
    });
  });
  input.groups.forEach((group, g) => {
    const y = top + g * 16;
    primitives.push({ type: 'rect', x: legendX, y, w: SWATCH, h: SWATCH, fill: group.colour });
    primitives.push({
      type: 'text',
      x: legendX + SWATCH + 6,
      y: y + 9,
      text: group.name,
      size: FONT,
      fill: INK,
      role: 'group',
    });
  });
  return { width, height, background: '#ffffff', primitives, pointCount: 0, outlineCount: 0 };
}
