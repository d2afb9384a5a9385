/**
 * Cell outlines in the spatial view (issue 38): a single-cell-resolution run's cells drawn as their polygons, filled
 * with the cell's colour and edged, once a cell is large enough on screen; below that, the points alone (level of
 * detail by on-screen cell size). The outlines are one window of the run (the viewport, fetched by the app: see
 * docs/CELL-OUTLINES.md), drawn over the points so that a cell whose outline has not arrived yet still shows as a
 * point. Colours are computed on the CPU with the same rule as the points' shader (../layers/value-color-module.ts):
 * a window holds at most CELL_OUTLINE_LIMITS.maxVertices vertices, a few milliseconds' work.
 */
import type { Layer } from '@deck.gl/core';
import { PathLayer, SolidPolygonLayer } from '@deck.gl/layers';
import type { OutlineWindow } from '@atlas/spatial/outline-window';
import { LUT_SIZE, NO_VALUE_COLOR } from '../colormaps';

/** Outlines are drawn once the typical cell is this wide on screen (CSS px): below, a polygon is a blob. */
export const OUTLINE_MIN_CELL_PX = 12;

/** Whether cells of `diameter` data units are drawn as outlines at `pixelsPerUnit`. */
export const showsOutlines = (diameter: number, pixelsPerUnit: number): boolean =>
  diameter > 0 && diameter * pixelsPerUnit >= OUTLINE_MIN_CELL_PX;

/** The edge of every outline: mid grey, visible on black, white and over any fill. */
const EDGE_COLOUR: [number, number, number, number] = [150, 150, 150, 220];

/** A window's rings closed (first vertex repeated last, as deck's unnormalised polygons need) with their starts. */
export interface ClosedRings {
  length: number;
  startIndices: Uint32Array;
  positions: Float32Array;
  /** Per closed vertex: its cell's index in the window. */
  cellOfVertex: Uint32Array;
}

export function closeRings(w: OutlineWindow): ClosedRings {
  const n = w.cells.length;
  const total = w.xy.length / 2 + n;
  const positions = new Float32Array(2 * total);
  const cellOfVertex = new Uint32Array(total);
  const startIndices = new Uint32Array(n);
  let at = 0;
  for (let k = 0; k < n; k++) {
    const start = w.offsets[k]!;
    const end = w.offsets[k + 1]!;
    startIndices[k] = at;
    positions.set(w.xy.subarray(2 * start, 2 * end), 2 * at);
    cellOfVertex.fill(k, at, at + end - start + 1);
    at += end - start;
    positions[2 * at] = w.xy[2 * start]!;
    positions[2 * at + 1] = w.xy[2 * start + 1]!;
    at++;
  }
  return { length: n, startIndices, positions, cellOfVertex };
}

export interface CellColouring {
  values: Float32Array;
  colormap: Uint8Array;
  colorMode: 'continuous' | 'categorical';
  range: readonly [number, number];
  paletteSize: number;
  selected: Uint8Array | null;
  dimOpacity: number;
  opacity: number;
}

/** One RGBA per closed vertex: its cell's colour by the points' shader rule, dimmed when not selected. */
export function vertexColours(w: OutlineWindow, rings: ClosedRings, c: CellColouring): Uint8Array {
  const cellColours = new Uint8Array(4 * w.cells.length);
  const span = c.range[1] - c.range[0];
  w.cells.forEach((cell, k) => {
    const v = c.values[cell] ?? Number.NaN;
    let rgba: ArrayLike<number> = NO_VALUE_COLOR;
    if (Number.isFinite(v)) {
      const i =
        c.colorMode === 'categorical'
          ? Math.max(Math.floor(v + 0.5), 0) % Math.max(c.paletteSize, 1)
          : Math.floor((span > 0 ? Math.min(1, Math.max(0, (v - c.range[0]) / span)) : 0.5) * (LUT_SIZE - 1) + 0.5);
      rgba = c.colormap.subarray(4 * i, 4 * i + 4);
    }
    const dim = c.selected && c.selected[cell] === 0 ? c.dimOpacity : 1;
    cellColours.set([rgba[0]!, rgba[1]!, rgba[2]!, Math.round(rgba[3]! * dim * c.opacity)], 4 * k);
  });
  const out = new Uint8Array(4 * rings.cellOfVertex.length);
  rings.cellOfVertex.forEach((k, v) => out.set(cellColours.subarray(4 * k, 4 * k + 4), 4 * v));
  return out;
}

/** The outline layers of the spatial view: filled polygons, then their edges. */
export function cellOutlineLayers(rings: ClosedRings, colours: Uint8Array): Layer[] {
  const geometry = { length: rings.length, startIndices: rings.startIndices };
  return [
    new SolidPolygonLayer({
      id: 'spatial-cell-fill',
      data: {
        ...geometry,
        attributes: {
          getPolygon: { value: rings.positions, size: 2 },
          getFillColor: { value: colours, size: 4, normalized: true },
        },
      },
      positionFormat: 'XY',
      _normalize: false,
    }),
    new PathLayer({
      id: 'spatial-cell-edges',
      data: { ...geometry, attributes: { getPath: { value: rings.positions, size: 2 } } },
      positionFormat: 'XY',
      _pathType: 'open',
      getColor: EDGE_COLOUR,
      getWidth: 1,
      widthUnits: 'pixels',
    }),
  ];
}
