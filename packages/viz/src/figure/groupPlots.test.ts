import { describe, expect, it } from 'vitest';
import { dotSummaries, membersOfCodes, scaleRows, violins } from '@atlas/spatial/group-stats';
import { heatBarShades, heatmapLut } from '../colormaps';
import { compositionFigure, groupPlotFigure, type GroupPlot } from './groupPlots';
import { figureToSvg } from './svg';

const values = [
  [0, 0, 1, 2, 3, 4, 0, 0],
  [5, 4, 0, 0, 0, 1, 2, 0],
];
const members = membersOfCodes([0, 0, 0, 1, 1, 1, 2, 2], 3);
const groups = [
  { name: 'C1', colour: '#e6194b' },
  { name: 'C2', colour: '#3cb44b' },
  { name: 'C3 <b>', colour: '#4363d8' },
];
const shades = heatBarShades(heatmapLut('jet'), 64);
const base = { title: 'D1 · by cluster', groups, features: ['Gfap', 'Mbp'], shades };

describe('distribution plot scenes', () => {
  it('draws one violin per group with values, in the group colour', () => {
    const plot: GroupPlot = { ...base, kind: 'violin', violins: values.map((v) => violins(v, members, 16)) };
    const scene = groupPlotFigure(plot);
    const shapes = scene.primitives.filter((p) => p.type === 'polygon');
    expect(shapes).toHaveLength(6);
    expect(shapes.map((p) => p.type === 'polygon' && p.fill)).toEqual([
      '#e6194b',
      '#3cb44b',
      '#4363d8',
      '#e6194b',
      '#3cb44b',
      '#4363d8',
    ]);
    const svg = figureToSvg(scene);
    expect(svg).toContain('C3 &lt;b&gt;');
    expect(svg.match(/data-role="violin"/g)).toHaveLength(6);
  });

  it('sizes dots by the fraction expressing and colours them by the scaled mean', () => {
    const dots = values.map((v) => dotSummaries(v, members));
    const scaled = scaleRows(dots.map((row) => row.map((d) => d.mean)));
    const scene = groupPlotFigure({ ...base, kind: 'dot', dots, scaled });
    // Gfap: C1 1/3 expressing, C2 all, C3 none (no dot); Mbp: C1 2/3, C2 1/3, C3 1/2. Plus 4 size-legend dots.
    const dotsDrawn = scene.primitives.filter((p) => p.type === 'points');
    expect(dotsDrawn).toHaveLength(5 + 4);
    const radii = dotsDrawn.slice(0, 5).map((p) => (p.type === 'points' ? p.r : 0));
    expect(radii[1]! / radii[0]!).toBeCloseTo(Math.sqrt(3), 10);
    // Gfap's highest mean is C2 (3): the top shade; C3 has mean 0, the lowest.
    const fills = dotsDrawn.slice(0, 5).map((p) => (p.type === 'points' ? p.groups[0]!.fill : ''));
    expect(fills[1]).toBe(shades[63]);
  });

  it('fills the heatmap cells with the explorer’s heat colours', () => {
    const means = values.map((v) => dotSummaries(v, members).map((d) => d.mean));
    const scene = groupPlotFigure({ ...base, kind: 'heatmap', means, scaled: scaleRows(means) });
    const cells = scene.primitives.filter(
      (p) => p.type === 'rect' && p.w < 100 && p.h < 30 && p.fill.startsWith('#') && p.w > 20,
    );
    expect(cells.map((p) => p.type === 'rect' && p.fill)).toEqual(
      // Gfap means 1/3, 3, 0 → scaled 1/9, 1, 0; Mbp 3, 1/3, 1 → 1, 0, 1/4 (shade index round(t · 63)).
      [shades[7], shades[63], shades[0], shades[63], shades[0], shades[16]],
    );
  });

  it('stacks each bar’s fractions in the groups’ order', () => {
    const scene = compositionFigure({
      title: 'Composition',
      groups,
      bars: [
        { label: 'Selection', total: 10, fractions: [0.5, 0.5, 0] },
        { label: 'Rest', total: 30, fractions: [0.2, 0.3, 0.5] },
      ],
    });
    const filled = scene.primitives.filter(
      (p) => p.type === 'rect' && groups.some((g) => g.colour === p.fill) && p.w > 20,
    );
    expect(filled.map((p) => (p.type === 'rect' ? Math.round(p.h) : 0))).toEqual([120, 120, 48, 72, 120]);
    expect(figureToSvg(scene)).toContain('n = 30');
  });
});
