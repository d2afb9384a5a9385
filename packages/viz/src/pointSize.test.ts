import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_SCALE, shouldUseGlPoints, tixelDiameterPx } from './pointSize';
import { zoomBy } from './viewState';

describe('tixel size bands', () => {
  it('shrinks with the count, band edges go up', () => {
    expect(DEFAULT_DISPLAY_SCALE).toBe(0.75);
    expect(tixelDiameterPx(2500, 1)).toBe(10);
    expect(tixelDiameterPx(3999, 1)).toBe(10);
    expect(tixelDiameterPx(4000, 1)).toBe(6);
    expect(tixelDiameterPx(16000, 1)).toBe(4);
    expect(tixelDiameterPx(32000, 1)).toBe(3);
    expect(tixelDiameterPx(64000, 1)).toBe(2);
    expect(tixelDiameterPx(1_000_000, 1)).toBe(2);
    expect(tixelDiameterPx(10_000)).toBeCloseTo(4.5);
  });
});

describe('GL points or instanced circles', () => {
  const screen = { physical: false, pickable: false };
  it('draws GL points for sizes in screen pixels, whatever the count', () => {
    expect(shouldUseGlPoints(screen)).toBe(true);
  });

  it('keeps circles for physical spot sizes and for picked layers', () => {
    expect(shouldUseGlPoints({ physical: true, pickable: false })).toBe(false);
    expect(shouldUseGlPoints({ physical: false, pickable: true })).toBe(false);
  });
});

describe('zoom helpers', () => {
  it('×1.1 and ×0.9 change the scale by those factors', () => {
    const vs = { target: [1, 2, 0] as [number, number, number], zoom: 0 };
    expect(2 ** zoomBy(vs, 1.1).zoom).toBeCloseTo(1.1);
    expect(2 ** zoomBy(zoomBy(vs, 1.1), 0.9).zoom).toBeCloseTo(0.99);
    expect(zoomBy(vs, 1.1).target).toEqual([1, 2, 0]);
  });
});
