/**
 * Publication figures (pure, no DOM): the explorer's current plots — what is on screen, at the size it is shown —
 * laid out with their titles, the run id, the legend and a scale bar, as a list of drawing primitives
 * (`composeFigure`). ./svg.ts writes them as SVG (points as vector circles), ./canvas.ts paints them on a canvas at a
 * chosen DPI, so both exports show the same figure.
 */
import { CATEGORY_COLOURS, NO_VALUE_COLOR, heatBarShades, heatBarTicks, lutColor, parseHex, toHex } from '../colormaps';
import type { PlotViewState } from '../viewState';
import { niceScaleBar, type ScaleBar } from './scaleBar';

/** Most tixels a vector (SVG) figure draws; beyond that the points belong in a PNG. */
export const SVG_MAX_POINTS = 100_000;

/** One plot as shown: its points, colours and the part of data space the screen shows. */
export interface FigurePanel {
  title: string;
  /** x,y interleaved, one pair per tixel. */
  positions: Float32Array;
  /** The view as on screen: centre and log2 zoom (1 data unit = 2^zoom px). */
  viewState: PlotViewState;
  /** The plot's size on screen, CSS px. */
  width: number;
  height: number;
  /** y grows downward (spatial, image coordinates); false for UMAP (y up). */
  flipY: boolean;
  /** Point diameter in px, or in data units when `physical` (spots over a tissue image). */
  pointDiameter: number;
  physical?: boolean;
  pointOpacity?: number;
  /** A tissue image under the points: its address (data URL) and [left, bottom, right, top] in data units. */
  image?: { href: string; bounds: [number, number, number, number]; opacity: number } | null;
  /** µm per data unit; null = no scale bar on this panel. */
  micronsPerUnit?: number | null;
  /**
   * Cell outlines drawn over the points (a single-cell-resolution run zoomed in, as on screen): cell `cells[k]`'s
   * open ring is `xy[2·offsets[k]] …` in data units, filled like its point.
   */
  outlines?: { cells: Uint32Array; offsets: Uint32Array; xy: Float32Array } | null;
}

export type FigureColouring =
  | { mode: 'categorical'; values: Float32Array; colors: readonly string[] }
  | { mode: 'continuous'; values: Float32Array; lut: Uint8Array; range: [number, number] };

export type FigureLegend =
  | { kind: 'categories'; title: string; items: { name: string; color: string; count: number }[] }
  | { kind: 'colorbar'; title: string; lut: Uint8Array; range: [number, number] };

export interface FigureSpec {
  runId: string;
  panels: FigurePanel[];
  colouring: FigureColouring;
  legend: FigureLegend;
  /** 1 for tixels in the selection (others dimmed); null = none dimmed. */
  selected?: Uint8Array | null;
  dimOpacity?: number;
  background: string;
  /** Refuse more drawn points than this (SVG); default unlimited. */
  maxPoints?: number;
}

export interface Clip {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Points of one colour and opacity, in figure px. */
export interface PointGroup {
  fill: string;
  opacity: number;
  xs: number[];
  ys: number[];
}

/** Cell outlines of one colour and opacity, in figure px. */
export interface CellGroup {
  fill: string;
  opacity: number;
  rings: number[][];
}

export type Primitive =
  | { type: 'rect'; x: number; y: number; w: number; h: number; fill: string; stroke?: string }
  | {
      type: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      fill: string;
      bold?: boolean;
      anchor?: 'start' | 'middle' | 'end';
      role?: string;
    }
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number; role?: string }
  | { type: 'image'; x: number; y: number; w: number; h: number; href: string; opacity: number; clip: Clip }
  | { type: 'points'; r: number; groups: PointGroup[]; clip: Clip }
  /** Cell outlines by colour and opacity: each ring x,y interleaved in figure px, with a grey edge. */
  | { type: 'cells'; groups: CellGroup[]; stroke: string; clip: Clip }
  /** A closed outline, x,y interleaved (the distribution plots' violins). */
  | { type: 'polygon'; points: number[]; fill: string; stroke?: string; role?: string }
  /** A vertical colour bar, `stops` from low (bottom) to high (top). */
  | { type: 'gradient'; id: string; x: number; y: number; w: number; h: number; stops: string[] };

export interface FigureScene {
  width: number;
  height: number;
  background: string;
  primitives: Primitive[];
  /** Tixels drawn (inside the shown part of each panel). */
  pointCount: number;
  /** Cell outlines drawn (inside the shown part of each panel). */
  outlineCount: number;
}

export class FigureTooLargeError extends Error {
  constructor(
    readonly points: number,
    readonly max: number,
  ) {
    super(
      `${points.toLocaleString('en')} tixels are more than a vector figure holds (${max.toLocaleString('en')}): export a PNG`,
    );
  }
}

const MARGIN = 16;
const HEADER = 30;
const TITLE = 18;
const LEGEND_WIDTH = 190;
const FONT = 12;
const INK = '#111111';
const MUTED = '#555555';
const BAR_SHADES = 64;

/** Where data point (x, y) lands in a panel whose top-left corner is (ox, oy). */
function projector(panel: FigurePanel, ox: number, oy: number) {
  const scale = 2 ** panel.viewState.zoom;
  const [tx, ty] = panel.viewState.target;
  const sy = panel.flipY ? scale : -scale;
  return {
    scale,
    x: (x: number) => ox + panel.width / 2 + (x - tx) * scale,
    y: (y: number) => oy + panel.height / 2 + (y - ty) * sy,
  };
}

/** Lays the figure out: header (run id), the panels side by side with their titles, the legend at the right. */
export function composeFigure(spec: FigureSpec): FigureScene {
  const primitives: Primitive[] = [];
  const panelsWidth = spec.panels.reduce((sum, p) => sum + p.width, 0) + MARGIN * Math.max(0, spec.panels.length - 1);
  const panelsHeight = Math.max(0, ...spec.panels.map((p) => p.height));
  const legendHeight = legendSize(spec.legend);
  const width = Math.ceil(MARGIN + panelsWidth + MARGIN + LEGEND_WIDTH + MARGIN);
  const height = Math.ceil(HEADER + TITLE + Math.max(panelsHeight, legendHeight) + MARGIN);

  primitives.push({ type: 'rect', x: 0, y: 0, w: width, h: height, fill: '#ffffff' });
  primitives.push({
    type: 'text',
    x: MARGIN,
    y: 20,
    text: spec.runId,
    size: 15,
    fill: INK,
    bold: true,
    role: 'run-id',
  });

  let ox = MARGIN;
  const oy = HEADER + TITLE;
  let pointCount = 0;
  let outlineCount = 0;
  for (const panel of spec.panels) {
    const clip: Clip = { x: ox, y: oy, w: panel.width, h: panel.height };
    primitives.push({ type: 'text', x: ox, y: oy - 5, text: panel.title, size: FONT + 1, fill: INK, bold: true });
    primitives.push({ type: 'rect', ...clip, fill: spec.background });
    const at = projector(panel, ox, oy);
    if (panel.image) {
      const [left, bottom, right, top] = panel.image.bounds;
      const xs = [at.x(left), at.x(right)];
      const ys = [at.y(top), at.y(bottom)];
      primitives.push({
        type: 'image',
        x: Math.min(...xs),
        y: Math.min(...ys),
        w: Math.abs(xs[1]! - xs[0]!),
        h: Math.abs(ys[1]! - ys[0]!),
        href: panel.image.href,
        opacity: panel.image.opacity,
        clip,
      });
    }
    const points = panelPoints(spec, panel, at, clip);
    pointCount += points.count;
    if (spec.maxPoints !== undefined && pointCount > spec.maxPoints)
      throw new FigureTooLargeError(pointCount, spec.maxPoints);
    primitives.push(points.primitive);
    if (panel.outlines) {
      const cells = panelCells(spec, panel.outlines, at, clip);
      outlineCount += cells.count;
      primitives.push(cells.primitive);
    }
    primitives.push({ type: 'rect', ...clip, fill: 'none', stroke: '#999999' });
    if (panel.micronsPerUnit) {
      const bar = niceScaleBar(panel.micronsPerUnit / at.scale, panel.width / 4);
      if (bar) primitives.push(...scaleBarPrimitives(bar, clip, spec.background));
    }
    ox += panel.width + MARGIN;
  }

  primitives.push(...legendPrimitives(spec.legend, ox, oy));
  return { width, height, background: '#ffffff', primitives, pointCount, outlineCount };
}

function panelPoints(
  spec: FigureSpec,
  panel: FigurePanel,
  at: ReturnType<typeof projector>,
  clip: Clip,
): { primitive: Primitive; count: number } {
  const r = Math.max(0.25, (panel.physical ? panel.pointDiameter * at.scale : panel.pointDiameter) / 2);
  const dim = spec.dimOpacity ?? 0.15;
  const base = panel.pointOpacity ?? 1;
  const groups = new Map<string, PointGroup>();
  const { colouring } = spec;
  const n = Math.min(colouring.values.length, panel.positions.length >> 1);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x = at.x(panel.positions[2 * i]!);
    const y = at.y(panel.positions[2 * i + 1]!);
    // Points wholly outside the shown part are not in the figure (as on screen).
    if (!(x + r >= clip.x && x - r <= clip.x + clip.w && y + r >= clip.y && y - r <= clip.y + clip.h)) continue;
    const fill = colourOf(colouring, i);
    const opacity = spec.selected && !spec.selected[i] ? base * dim : base;
    const key = `${fill}|${opacity}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { fill, opacity, xs: [], ys: [] }));
    group.xs.push(x);
    group.ys.push(y);
    count++;
  }
  return { primitive: { type: 'points', r, groups: [...groups.values()], clip }, count };
}

/** The grey edge the plots draw around a cell (packages/viz linked/cellLayers.ts). */
const CELL_EDGE = '#969696';

/** The outlines meeting the shown part of a panel, grouped by their cell's colour and opacity. */
function panelCells(
  spec: FigureSpec,
  outlines: NonNullable<FigurePanel['outlines']>,
  at: ReturnType<typeof projector>,
  clip: Clip,
): { primitive: Primitive; count: number } {
  const dim = spec.dimOpacity ?? 0.15;
  const groups = new Map<string, CellGroup>();
  let count = 0;
  for (let k = 0; k < outlines.cells.length; k++) {
    const i = outlines.cells[k]!;
    const ring: number[] = [];
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let v = outlines.offsets[k]!; v < outlines.offsets[k + 1]!; v++) {
      const x = at.x(outlines.xy[2 * v]!);
      const y = at.y(outlines.xy[2 * v + 1]!);
      ring.push(x, y);
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
    if (x1 < clip.x || x0 > clip.x + clip.w || y1 < clip.y || y0 > clip.y + clip.h) continue;
    const fill = colourOf(spec.colouring, i);
    const opacity = spec.selected && !spec.selected[i] ? dim : 1;
    const key = `${fill}|${opacity}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { fill, opacity, rings: [] }));
    group.rings.push(ring);
    count++;
  }
  return { primitive: { type: 'cells', groups: [...groups.values()], stroke: CELL_EDGE, clip }, count };
}

function colourOf(colouring: FigureColouring, i: number): string {
  const v = colouring.values[i]!;
  if (colouring.mode === 'continuous') return toHex(lutColor(colouring.lut, v, colouring.range[0], colouring.range[1]));
  if (!Number.isFinite(v)) return toHex(NO_VALUE_COLOR);
  const colors = colouring.colors.length ? colouring.colors : CATEGORY_COLOURS;
  return colors[Math.round(v) % colors.length]!;
}

/** A bar in the panel's bottom-right corner, in a colour that reads on the plot's background. */
function scaleBarPrimitives(bar: ScaleBar, clip: Clip, background: string): Primitive[] {
  let ink = INK;
  try {
    const [r, g, b] = parseHex(background);
    if (0.299 * r + 0.587 * g + 0.114 * b < 128) ink = '#ffffff';
  } catch {
    // A CSS colour name: keep dark ink.
  }
  const x2 = clip.x + clip.w - 12;
  const x1 = x2 - bar.px;
  const y = clip.y + clip.h - 14;
  return [
    { type: 'line', x1, y1: y, x2, y2: y, stroke: ink, width: 3, role: 'scale-bar' },
    {
      type: 'text',
      x: (x1 + x2) / 2,
      y: y - 6,
      text: bar.label,
      size: FONT,
      fill: ink,
      anchor: 'middle',
      role: 'scale-bar-label',
    },
  ];
}

const ROW = 18;

function legendSize(legend: FigureLegend): number {
  return legend.kind === 'categories' ? 24 + legend.items.length * ROW : 24 + 220;
}

function legendPrimitives(legend: FigureLegend, x: number, y: number): Primitive[] {
  const out: Primitive[] = [
    { type: 'text', x, y: y + 12, text: legend.title, size: FONT + 1, fill: INK, bold: true, role: 'legend-title' },
  ];
  if (legend.kind === 'categories') {
    legend.items.forEach((item, i) => {
      const top = y + 24 + i * ROW;
      out.push({ type: 'rect', x, y: top, w: 12, h: 12, fill: item.color, stroke: '#666666' });
      out.push({
        type: 'text',
        x: x + 18,
        y: top + 10,
        text: `${item.name} (${item.count.toLocaleString('en')})`,
        size: FONT,
        fill: INK,
        role: 'legend-item',
      });
    });
    return out;
  }
  const barTop = y + 28;
  const barHeight = 200;
  out.push({
    type: 'gradient',
    id: 'colour-bar',
    x,
    y: barTop,
    w: 18,
    h: barHeight,
    stops: heatBarShades(legend.lut, BAR_SHADES),
  });
  out.push({ type: 'rect', x, y: barTop, w: 18, h: barHeight, fill: 'none', stroke: '#666666' });
  const ticks = heatBarTicks(legend.range[0], legend.range[1]);
  ticks.forEach((value, i) => {
    const ty = barTop + barHeight - (barHeight * i) / (ticks.length - 1);
    out.push({ type: 'line', x1: x + 18, y1: ty, x2: x + 23, y2: ty, stroke: MUTED, width: 1 });
    out.push({
      type: 'text',
      x: x + 27,
      y: ty + 4,
      text: formatTick(value),
      size: FONT - 1,
      fill: INK,
      role: 'legend-tick',
    });
  });
  return out;
}

function formatTick(value: number): string {
  const abs = Math.abs(value);
  return abs !== 0 && (abs < 0.01 || abs >= 1e5) ? value.toExponential(1) : value.toFixed(2);
}
