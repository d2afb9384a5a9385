import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_COLORS,
  CATEGORY_COLOURS,
  CLUSTER_PALETTE,
  GODSNOT_102,
  MIN_VISIBLE_CONTRAST,
  contrastRatio,
  HEATMAP_PALETTES,
  LUT_SIZE,
  NO_VALUE_COLOR,
  categoricalLut,
  customRamp,
  heatBarShades,
  heatBarTicks,
  heatmapLut,
  lutColor,
  parseHex,
  toHex,
  valueRange,
} from './colormaps';

const at = (lut: Uint8Array, i: number) => Array.from(lut.subarray(i * 4, i * 4 + 4));

describe('colour maps', () => {
  it('every palette is a 256×1 opaque RGBA table', () => {
    for (const name of HEATMAP_PALETTES) {
      const lut = heatmapLut(name);
      expect(lut.length).toBe(LUT_SIZE * 4);
      for (let i = 0; i < LUT_SIZE; i++) expect(lut[i * 4 + 3]).toBe(255);
    }
  });

  it('has the expected ends', () => {
    expect(at(heatmapLut('jet'), 0)).toEqual([0, 0, 128, 255]);
    expect(at(heatmapLut('jet'), 255)).toEqual([128, 0, 0, 255]);
    expect(at(heatmapLut('hot'), 255)).toEqual([255, 255, 255, 255]);
    expect(at(heatmapLut('bone'), 0)).toEqual([0, 0, 0, 255]);
    expect(at(heatmapLut('bone'), 255)).toEqual([255, 255, 255, 255]);
    expect(at(heatmapLut('inferno'), 0)).toEqual([0, 0, 4, 255]);
    expect(at(heatmapLut('inferno'), 255)).toEqual([252, 255, 164, 255]);
    expect(at(heatmapLut('picnic'), 0)).toEqual([0, 0, 255, 255]);
    expect(at(heatmapLut('picnic'), 255)).toEqual([255, 0, 0, 255]);
    // Picnic is white in the middle.
    expect(
      at(heatmapLut('picnic'), 128)
        .slice(0, 3)
        .every((c) => c > 245),
    ).toBe(true);
  });

  it('custom ramp runs between its two colours', () => {
    const lut = customRamp('#000000', '#ff0000');
    expect(at(lut, 0)).toEqual([0, 0, 0, 255]);
    expect(at(lut, 255)).toEqual([255, 0, 0, 255]);
    expect(at(lut, 51)).toEqual([51, 0, 0, 255]);
    expect(at(heatmapLut('custom', ['#ffffff', '#0000ff']), 255)).toEqual([0, 0, 255, 255]);
  });

  it('cluster palette: 20 distinct hex colours, cycling in a LUT made of them', () => {
    expect(CLUSTER_PALETTE).toHaveLength(20);
    expect(new Set(CLUSTER_PALETTE.map((c) => c.toLowerCase())).size).toBe(20);
    const lut = categoricalLut(CLUSTER_PALETTE);
    expect(at(lut, 0)).toEqual([...parseHex(CLUSTER_PALETTE[0]!)]);
    expect(at(lut, 20)).toEqual(at(lut, 0));
    expect(at(lut, 23)).toEqual([...parseHex(CLUSTER_PALETTE[3]!)]);
    expect(() => categoricalLut([])).toThrow();
  });

  it('category colours: the 20 fixed ones first, then godsnot_102 past 20 clusters, all distinct (C21 is not C1)', () => {
    expect(GODSNOT_102).toHaveLength(102);
    expect(new Set(GODSNOT_102).size).toBe(102);
    expect(CATEGORY_COLOURS.slice(0, 20)).toEqual(CLUSTER_PALETTE);
    expect(CATEGORY_COLOURS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(CATEGORY_COLOURS.map((c) => c.toLowerCase())).size).toBe(CATEGORY_COLOURS.length);
    expect(CATEGORY_COLOURS.slice(20).every((c) => GODSNOT_102.includes(c))).toBe(true);
    // Every category colour past the fixed 20 stays visible on the default black background.
    const black = parseHex(BACKGROUND_COLORS.black);
    for (const c of CATEGORY_COLOURS.slice(20)) expect(contrastRatio(parseHex(c), black)).toBeGreaterThan(1.3);
    const lut = categoricalLut();
    expect(at(lut, 20)).not.toEqual(at(lut, 0));
    expect(at(lut, 20)).toEqual([...parseHex(CATEGORY_COLOURS[20]!)]);
  });

  describe('the low end stays visible against the background', () => {
    const lowest = (lut: Uint8Array) => [lut[0]!, lut[1]!, lut[2]!, 255] as const;
    it.each(['inferno', 'bone', 'hot'] as const)('%s on black is lifted to a visible low end', (palette) => {
      const plain = heatmapLut(palette);
      expect(contrastRatio(lowest(plain), parseHex('#000000'))).toBeLessThan(MIN_VISIBLE_CONTRAST);
      const lifted = heatmapLut(palette, undefined, 'black');
      expect(contrastRatio(lowest(lifted), parseHex('#000000'))).toBeGreaterThanOrEqual(MIN_VISIBLE_CONTRAST);
      // The high end and the table's size are kept: the scale still runs from the first entry to the last.
      expect(lifted.length).toBe(LUT_SIZE * 4);
      expect(at(lifted, 255)).toEqual(at(plain, 255));
      // The heat bar drawn from the same table starts with the plots' lowest colour.
      expect(heatBarShades(lifted)[0]).toBe(toHex(lutColor(lifted, 0, 0, 1)));
    });

    it('leaves a palette that is already visible as it is', () => {
      expect(heatmapLut('jet', undefined, '#000000')).toEqual(heatmapLut('jet'));
      expect(heatmapLut('inferno', undefined, 'white')).toEqual(heatmapLut('inferno'));
      expect(heatmapLut('picnic', undefined, 'black')).toEqual(heatmapLut('picnic'));
      // An unparsable background changes nothing.
      expect(heatmapLut('bone', undefined, 'rgb(0,0,0)')).toEqual(heatmapLut('bone'));
    });

    it('lifts a custom ramp whose low end is the background', () => {
      const lifted = heatmapLut('custom', ['#ffffff', '#0000ff'], BACKGROUND_COLORS.white);
      expect(contrastRatio(lowest(lifted), parseHex('#ffffff'))).toBeGreaterThanOrEqual(MIN_VISIBLE_CONTRAST);
      expect(at(lifted, 255)).toEqual([0, 0, 255, 255]);
    });
  });

  it('parses and prints hex', () => {
    expect(parseHex('#abc')).toEqual([170, 187, 204, 255]);
    expect(parseHex('11223380')).toEqual([17, 34, 51, 128]);
    expect(toHex([17, 34, 51, 255])).toBe('#112233');
    expect(() => parseHex('red')).toThrow('Not a hex colour');
  });

  it('lutColor follows the shader rule: clamp to range, NaN is grey', () => {
    const lut = customRamp('#000000', '#ffffff');
    expect(lutColor(lut, 5, 0, 10)[0]).toBe(128);
    expect(lutColor(lut, -3, 0, 10)[0]).toBe(0);
    expect(lutColor(lut, 30, 0, 10)[0]).toBe(255);
    expect(lutColor(lut, Number.NaN, 0, 10)).toEqual(NO_VALUE_COLOR);
    expect(lutColor(lut, 3, 3, 3)[0]).toBe(128);
  });

  it('heat bar: 64 shades, 5 ticks', () => {
    const shades = heatBarShades(heatmapLut('jet'));
    expect(shades).toHaveLength(64);
    expect(shades[0]).toBe('#000080');
    expect(shades[63]).toBe('#800000');
    expect(heatBarTicks(0, 10)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(heatBarTicks(-1, 1)).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(heatBarTicks(0.1, 0.7)[4]).toBe(0.7);
    expect(heatBarTicks(2, 2)).toEqual([2, 2, 2, 2, 2]);
    expect(() => heatBarTicks(Number.NaN, 1)).toThrow();
  });

  it('valueRange skips non-finite values', () => {
    expect(valueRange(new Float32Array([3, Number.NaN, -1, Infinity, 7]))).toEqual([-1, 7]);
    expect(valueRange(new Float32Array([Number.NaN]))).toEqual([0, 0]);
  });
});
