import { describe, expect, it } from 'vitest';
import type { OutlineWindow } from '@atlas/spatial/outline-window';
import { NO_VALUE_COLOR, categoricalLut, heatmapLut } from '../colormaps';
import { closeRings, showsOutlines, vertexColours } from './cellLayers';
import { scaleBarLabel, scaleBarMicrons } from './ScaleBar';

/** Two triangles of run cells 3 and 7 (of 10). */
const WINDOW: OutlineWindow = {
  cells: Uint32Array.from([3, 7]),
  offsets: Uint32Array.from([0, 3, 6]),
  xy: Float32Array.from([0, 0, 1, 0, 0, 1, 5, 5, 6, 5, 5, 6]),
  overCap: false,
  windowVertices: 6,
};

describe('cell outlines', () => {
  it('are drawn from 12 px per typical cell, never without a diameter', () => {
    expect([showsOutlines(10, 1.1), showsOutlines(10, 1.2), showsOutlines(0, 100)]).toEqual([false, true, false]);
  });

  it('close each ring for deck and colour every vertex as the points shader colours its cell', () => {
    const rings = closeRings(WINDOW);
    expect([...rings.startIndices]).toEqual([0, 4]);
    expect([...rings.positions.subarray(6, 8)]).toEqual([0, 0]);
    const values = new Float32Array(10).fill(Number.NaN);
    values[3] = 1;
    const categorical = categoricalLut(['#ff0000', '#00ff00']);
    const base = { colormap: categorical, colorMode: 'categorical' as const, range: [0, 1] as const, paletteSize: 2 };
    const colours = vertexColours(WINDOW, rings, { ...base, values, selected: null, dimOpacity: 0.15, opacity: 1 });
    expect([...colours.subarray(0, 4)]).toEqual([0, 255, 0, 255]);
    expect([...colours.subarray(16, 20)]).toEqual([...NO_VALUE_COLOR]);
    // Continuous: the top of the range takes the table's last entry; cell 7, not selected, is dimmed.
    values[7] = 5;
    const lut = heatmapLut('jet');
    const selected = new Uint8Array(10);
    selected[3] = 1;
    const heat = vertexColours(WINDOW, rings, {
      ...base,
      colormap: lut,
      colorMode: 'continuous',
      range: [0, 5],
      values,
      selected,
      dimOpacity: 0.2,
      opacity: 1,
    });
    expect([...heat.subarray(16, 19)]).toEqual([...lut.subarray(255 * 4, 255 * 4 + 3)]);
    expect(heat[19]).toBe(Math.round(lut[255 * 4 + 3]! * 0.2));
  });

  it('scale bar: a round length about 100 px long', () => {
    expect(scaleBarMicrons(1)).toBe(100);
    expect(scaleBarMicrons(1.3)).toBe(50);
    expect(scaleBarMicrons(0.01)).toBe(10_000);
    expect([scaleBarLabel(20), scaleBarLabel(2000), scaleBarLabel(0.5)]).toEqual(['20 µm', '2 mm', '0.5 µm']);
  });
});
