import { describe, expect, it } from 'vitest';
import { moveActive, scrollTopToShow, visibleRows } from './listWindow';

describe('visible rows', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    expect(visibleRows(0, 360, 36, 60_000, 4)).toEqual({ start: 0, end: 14 });
    expect(visibleRows(3600, 360, 36, 60_000, 4)).toEqual({ start: 96, end: 114 });
    expect(visibleRows(59_990 * 36, 360, 36, 60_000, 4)).toEqual({ start: 59_986, end: 60_000 });
  });

  it('includes a row that is only partly in view', () => {
    expect(visibleRows(50, 100, 36, 1000, 0)).toEqual({ start: 1, end: 5 });
  });

  it('renders nothing for an empty list and copes with elastic overscroll', () => {
    expect(visibleRows(0, 360, 36, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleRows(-40, 360, 36, 3, 4)).toEqual({ start: 0, end: 3 });
  });
});

describe('scroll to show a row', () => {
  it('scrolls up to a row above the view and down to a row below it', () => {
    expect(scrollTopToShow(2, 360, 360, 36)).toBe(72);
    expect(scrollTopToShow(20, 360, 360, 36)).toBe(21 * 36 - 360);
  });

  it('leaves the scroll alone when the row is in view', () => {
    expect(scrollTopToShow(12, 360, 360, 36)).toBe(360);
    expect(scrollTopToShow(19, 360, 360, 36)).toBe(360);
  });
});

describe('keyboard moves', () => {
  it('steps by one and by a page, stopping at the ends', () => {
    expect(moveActive('ArrowDown', -1, 5, 10)).toBe(0);
    expect(moveActive('ArrowDown', 4, 5, 10)).toBe(4);
    expect(moveActive('ArrowUp', 0, 5, 10)).toBe(0);
    expect(moveActive('ArrowUp', 3, 5, 10)).toBe(2);
    expect(moveActive('PageDown', -1, 50, 10)).toBe(10);
    expect(moveActive('PageDown', 45, 50, 10)).toBe(49);
    expect(moveActive('PageUp', 5, 50, 10)).toBe(0);
    expect(moveActive('Home', 30, 50, 10)).toBe(0);
    expect(moveActive('End', 3, 50, 10)).toBe(49);
  });

  it('ignores other keys and empty lists', () => {
    expect(moveActive('a', 1, 5, 10)).toBeNull();
    expect(moveActive('ArrowDown', -1, 0, 10)).toBeNull();
  });
});
