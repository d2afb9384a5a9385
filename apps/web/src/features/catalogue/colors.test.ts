import { describe, expect, it } from 'vitest';
import {
  colorOf,
  groupColors,
  MIN_GROUP_SHADES,
  NO_GROUP_COLOR,
  oklchToHex,
  phaseColor,
  relativeLuminance,
} from './colors';

describe('phase-style group colours', () => {
  it('is a cycle: t and t + 1 give the same colour', () => {
    for (const t of [0, 0.13, 0.5, 0.99]) expect(phaseColor(t + 1)).toBe(phaseColor(t));
    expect(phaseColor(0)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('converts OKLCH like the reference (white, black, a grey)', () => {
    expect(oklchToHex(1, 0, 0)).toBe('#ffffff');
    expect(oklchToHex(0, 0, 0)).toBe('#000000');
    expect(oklchToHex(0.6, 0, 123)).toBe('#808080');
  });

  it('gives every group its own shade, at least 9 of them, independent of order', () => {
    const nine = Array.from({ length: MIN_GROUP_SHADES }, (_, i) => `lab-${i}`);
    const colors = groupColors(nine);
    expect(new Set(colors.values()).size).toBe(MIN_GROUP_SHADES);
    expect(groupColors([...nine].reverse())).toEqual(colors);
    const twelve = groupColors(Array.from({ length: 12 }, (_, i) => `g${i}`));
    expect(new Set(twelve.values()).size).toBe(12);
  });

  it('spreads a few groups round the whole cycle, and greys runs without a group', () => {
    const colors = groupColors(['b', null, 'a', 'a']);
    expect([...colors.keys()]).toEqual(['a', 'b']);
    expect(colors.get('a')).toBe(phaseColor(0));
    expect(colors.get('b')).toBe(phaseColor(1 / 2));
    expect(colorOf(colors, null)).toBe(NO_GROUP_COLOR);
    expect(colorOf(colors, 'unknown')).toBe(NO_GROUP_COLOR);
  });

  it('keeps white chip text readable (WCAG AA, 4.5:1) on every shade', () => {
    for (let i = 0; i < 36; i++) {
      const contrast = 1.05 / (relativeLuminance(phaseColor(i / 36)) + 0.05);
      expect(contrast).toBeGreaterThanOrEqual(4.5);
    }
  });
});
