import { describe, expect, it } from 'vitest';
import { clockwise, mirrored, orientationOf, turned, UPRIGHT } from './orientation';

describe('orientation of the working image', () => {
  it('turns in steps, wrapping at a full turn, and mirrors each axis on its own', () => {
    expect(turned(UPRIGHT, 'left', 90).rotation).toBe(90);
    expect(turned(UPRIGHT, 'right', 45).rotation).toBe(315);
    expect(turned({ ...UPRIGHT, rotation: 315 }, 'left', 90).rotation).toBe(45);
    const h = mirrored(UPRIGHT, 'horizontal');
    expect(h).toEqual({ rotation: 0, horizontal_flip: true, vertical_flip: false });
    expect(mirrored(mirrored(h, 'vertical'), 'horizontal')).toEqual({
      rotation: 0,
      horizontal_flip: false,
      vertical_flip: true,
    });
    expect(clockwise(90)).toBe(270);
    expect(clockwise(0)).toBe(0);
  });

  it('reads what a folder recorded, older folders without flips included', () => {
    expect(orientationOf({ rotation: 90 })).toEqual({ rotation: 90, horizontal_flip: false, vertical_flip: false });
    expect(orientationOf({ rotation: -90, horizontal_flip: true })).toMatchObject({
      rotation: 270,
      horizontal_flip: true,
    });
    expect(orientationOf(undefined)).toEqual(UPRIGHT);
    expect(orientationOf({ rotation: 'x' })).toEqual(UPRIGHT);
  });
});
