import { describe, expect, it } from 'vitest';
import { FeatureColumn } from '@atlas/spatial/feature-values';
import { CATEGORY_COLOURS } from '@atlas/viz';
import { colourSample, ownRange, shownFeatures, type SampleColouringInput } from './sampleColouring';

const data = { n: 3, clusterCodes: Float32Array.from([0, 1, 2]), clusterNames: ['C1', 'C2', 'C10'] };
/** The input of a sample whose features' values arrived dense (undefined: not loaded). */
const input = (
  over: Partial<Omit<SampleColouringInput, 'values'>> & { values?: (Float32Array | undefined)[] },
): SampleColouringInput => ({
  data,
  features: [],
  averaging: 'avg',
  individual: 0,
  names: new Set(['Sox2', 'Pax6']),
  range: null,
  clusterColors: {},
  ...over,
  values: (over.values ?? []).map((v) => v && FeatureColumn.ofDense(v)),
});

describe('shownFeatures', () => {
  it('shows all features averaged, or the individual one (clamped) one at a time', () => {
    expect(shownFeatures(['A', 'B'], 'avg', 1)).toEqual(['A', 'B']);
    expect(shownFeatures(['A', 'B'], 'ind', 1)).toEqual(['B']);
    expect(shownFeatures(['A', 'B'], 'ind', 9)).toEqual(['B']);
    expect(shownFeatures(['A'], 'ind', 0)).toEqual(['A']);
    expect(shownFeatures([], 'ind', 0)).toEqual([]);
  });
});

describe('colourSample', () => {
  it('colours clusters by their own order in the cluster palette, with overrides by cluster name', () => {
    const c = colourSample(input({ clusterColors: { C2: '#123456' } }));
    expect(c).toEqual({
      mode: 'categorical',
      values: data.clusterCodes,
      clusterColors: [CATEGORY_COLOURS[0], '#123456', CATEGORY_COLOURS[2]],
    });
  });

  it('averages the chosen features on the sample’s own range, or on the main view’s override', () => {
    const values = [Float32Array.from([0, 2, 4]), Float32Array.from([2, 2, 8])];
    const own = colourSample(input({ features: ['Sox2', 'Pax6'], values }));
    expect(own).toMatchObject({ mode: 'continuous', range: [1, 6], missing: [] });
    expect(Array.from(own!.values)).toEqual([1, 2, 6]);
    expect(colourSample(input({ features: ['Sox2', 'Pax6'], values, range: [0, 10] }))).toMatchObject({
      range: [0, 10],
    });
    const one = colourSample(input({ features: ['Sox2', 'Pax6'], values, averaging: 'ind', individual: 1 }));
    expect(one!.values).toBe(values[1]);
    expect(one).toMatchObject({ range: [2, 8] });
  });

  it('widens a flat range to one unit', () => {
    expect(ownRange(Float32Array.from([3, 3, Number.NaN]))).toEqual([3, 4]);
    expect(colourSample(input({ features: ['Sox2'], values: [Float32Array.from([0, 0, 0])] }))).toMatchObject({
      range: [0, 1],
    });
  });

  it('draws a sample grey and names the shown features it lacks', () => {
    const lacks = colourSample(
      input({ features: ['Sox2', 'Gene9'], values: [Float32Array.from([1, 2, 3]), undefined] }),
    );
    expect(lacks).toMatchObject({ mode: 'continuous', missing: ['Gene9'], range: [0, 1] });
    expect(Array.from(lacks!.values).every(Number.isNaN)).toBe(true);
    expect(lacks!.values).toHaveLength(3);
    // Showing only the feature it has, it is coloured.
    const shown = colourSample(
      input({ features: ['Sox2', 'Gene9'], averaging: 'ind', values: [Float32Array.from([1, 2, 3]), undefined] }),
    );
    expect(shown).toMatchObject({ missing: [], range: [1, 3] });
    // No names of this kind at all (e.g. motifs of a transcriptome run): everything shown is lacking.
    expect(colourSample(input({ features: ['Sox2'], names: null }))).toMatchObject({ missing: ['Sox2'] });
  });

  it('waits while the names or a shown feature’s values are loading', () => {
    expect(colourSample(input({ features: ['Sox2'], names: undefined }))).toBeNull();
    expect(
      colourSample(input({ features: ['Sox2', 'Pax6'], values: [Float32Array.from([1, 2, 3]), undefined] })),
    ).toBeNull();
  });
});
