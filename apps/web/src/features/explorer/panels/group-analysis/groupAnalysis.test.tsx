// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { composition } from '@atlas/spatial/group-stats';
import { SceneSvg } from '@atlas/viz';
import { CompositionTable } from './CompositionTable';
import { distributionScene, topMarkers } from './distributionScene';
import { formatP, formatRatio } from './groupColumns';

afterEach(cleanup);

// Groups of 50, 30, 20 tixels with 20, 2, 3 selected: scipy's values in packages/spatial composition.test.ts.
const codes = Float32Array.from({ length: 100 }, (_, i) => (i < 50 ? 0 : i < 80 ? 1 : 2));
const selection = [...Array.from({ length: 20 }, (_, i) => i), 50, 51, 80, 81, 82];

describe('CompositionTable', () => {
  it('shows each group in and out of the selection with its odds ratio and p-values', () => {
    const result = composition(codes, ['C1', 'C2', 'C3'], selection);
    render(<CompositionTable label="Selection" result={result} colours={['#f00', '#0f0', '#00f']} />);
    expect(screen.getByText('Selection: 25 tixels in, 75 in the rest')).toBeTruthy();
    const rows = screen.getAllByTestId('composition-row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual(['C1', '20', '80.0 %', '30', '40.0 %', '6.00', '9.67e-4', '0.003']);
    expect(cells(rows[2]!)).toEqual(['C3', '3', '12.0 %', '17', '22.7 %', '0.465', '0.387', '0.387']);
    // Significant after adjustment (bold): C1 and C2, not C3.
    expect(rows.map((r) => r.dataset.significant)).toEqual(['true', 'true', 'false']);
  });

  it('formats p-values that underflow and odds ratios without a finite value', () => {
    expect(formatP(0)).toBe('< 1e-300');
    expect(formatP(0.5)).toBe('0.500');
    expect(formatRatio(Infinity)).toBe('∞');
    expect(formatRatio(NaN)).toBe('—');
  });
});

describe('distribution plots on screen', () => {
  const members = [Int32Array.from([0, 1, 2]), Int32Array.from([3, 4, 5])];
  const input = {
    title: 'D1 · violin by clusters',
    features: ['Gfap', 'Mbp'],
    values: [Float32Array.from([0, 1, 2, 3, 4, 5]), Float32Array.from([5, 0, 0, 1, 0, 2])],
    groups: [
      { name: 'C1', colour: '#e6194b' },
      { name: 'C2', colour: '#3cb44b' },
    ],
    members,
    shades: ['#000000', '#ffffff'],
  };

  it('draws a violin per group and feature, named by group and feature', () => {
    const { container } = render(<SceneSvg scene={distributionScene({ ...input, kind: 'violin' })} label="Violin" />);
    expect(container.querySelectorAll('polygon[data-role="violin"]')).toHaveLength(4);
    expect(Array.from(container.querySelectorAll('[data-role="group"]'), (t) => t.textContent)).toEqual(['C1', 'C2']);
    expect(Array.from(container.querySelectorAll('[data-role="feature"]'), (t) => t.textContent)).toEqual([
      'Gfap',
      'Mbp',
    ]);
    expect(screen.getByRole('img', { name: 'Violin' })).toBeTruthy();
  });

  it('gives each scene on a page its own colour-bar gradient', () => {
    const scene = distributionScene({ ...input, kind: 'heatmap' });
    const { container } = render(
      <>
        <SceneSvg scene={scene} label="a" />
        <SceneSvg scene={scene} label="b" />
      </>,
    );
    const ids = Array.from(container.querySelectorAll('linearGradient'), (g) => g.id);
    expect(new Set(ids).size).toBe(2);
    const fills = Array.from(container.querySelectorAll('[data-role="colour-bar"]'), (r) => r.getAttribute('fill'));
    expect(fills).toEqual(ids.map((id) => `url(#${id})`));
  });
});

describe('top markers', () => {
  it('takes the first enriched features of every cluster, once each, up to the limit', () => {
    const enriched = [
      ['Gfap', 'Mbp', 'Gfap'],
      ['Aqp4', 'Plp1', 'Snap25'],
      ['x', 'y', 'z'],
    ];
    expect(topMarkers(enriched, 2, 12)).toEqual(['Gfap', 'Aqp4', 'Mbp', 'Plp1', 'Snap25']);
    expect(topMarkers(enriched, 2, 3)).toEqual(['Gfap', 'Aqp4', 'Mbp']);
    expect(topMarkers([], 2, 12)).toEqual([]);
  });
});
