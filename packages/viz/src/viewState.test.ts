import { describe, expect, it } from 'vitest';
import { atPlace, fitViewState, placeOf, zoomBy } from './viewState';

describe('view places (permalinks)', () => {
  const fitted = fitViewState([0, 0, 1000, 500], 400, 300);

  it('a view zoomed in twice and panned comes back at the same place from its fitted view', () => {
    const moved = { ...zoomBy(zoomBy(fitted, 1.1), 1.1), target: [620, 180, 0] as [number, number, number] };
    const place = placeOf(moved, fitted);
    expect(place.zoom).toBeCloseTo(2 * Math.log2(1.1));
    const back = atPlace(fitted, place);
    expect(back.target).toEqual(moved.target);
    expect(back.zoom).toBeCloseTo(moved.zoom);
  });

  it('is relative to the fitted view, so a window of another size opens alike', () => {
    const wider = fitViewState([0, 0, 1000, 500], 800, 600);
    const place = { x: 500, y: 250, zoom: 1 };
    expect(atPlace(wider, place).zoom - atPlace(fitted, place).zoom).toBeCloseTo(wider.zoom - fitted.zoom);
    // Kept within the fitted view's zoom bounds.
    expect(atPlace(fitted, { x: 0, y: 0, zoom: 99 }).zoom).toBe(fitted.maxZoom);
  });
});
