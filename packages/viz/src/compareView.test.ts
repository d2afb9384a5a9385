import { describe, expect, it } from 'vitest';
import { NO_LINK, linkOf, linkedViewState } from './compareView';
import { fitViewState } from './viewState';

describe('linked zoom of Atlas Compare', () => {
  const small: [number, number, number, number] = [0, 0, 50, 50];
  const large: [number, number, number, number] = [1000, 2000, 1200, 2200];
  const fitSmall = fitViewState(small, 400, 400);
  const fitLarge = fitViewState(large, 400, 400);

  it('leaves every run at its fit until one moves', () => {
    expect(linkedViewState(fitSmall, small, NO_LINK)).toEqual(fitSmall);
  });

  it('moves every run to the same relative region and zoom as the one moved', () => {
    // Zoom the small run ×4 onto its top-left quarter's centre.
    const moved = { ...fitSmall, target: [12.5, 12.5, 0] as [number, number, number], zoom: fitSmall.zoom + 2 };
    const link = linkOf(fitSmall, small, moved);
    expect(link.zoom).toBeCloseTo(2);
    expect(link.pan).toEqual([-0.25, -0.25]);
    expect(linkedViewState(fitSmall, small, link).target).toEqual([12.5, 12.5, 0]);
    const other = linkedViewState(fitLarge, large, link);
    expect(other.target).toEqual([1050, 2050, 0]);
    expect(other.zoom).toBeCloseTo(fitLarge.zoom + 2);
  });
});
