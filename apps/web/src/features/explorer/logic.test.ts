import { describe, expect, it } from 'vitest';
import { VIEW_PALETTES } from '@atlas/contracts';
import { HEATMAP_PALETTES } from '@atlas/viz';
import {
  averageValues,
  categoryCodes,
  checkHexColour,
  cleanFeatureName,
  decodeViewQuery,
  encodeViewQuery,
  filterFeatureNames,
  isCsvFile,
  maskOfCodes,
  maskOfIndices,
  matchFeatureNames,
  parseRangeValue,
  rankedTableCsv,
  splitNameList,
  toggleFeature,
} from './logic';

describe('feature names', () => {
  it('strips punctuation but keeps name characters', () => {
    expect(cleanFeatureName('"Sox2",')).toBe('Sox2');
    expect(cleanFeatureName('(HLA-A);')).toBe('HLA-A');
    expect(cleanFeatureName("'Pou5f1::Sox2'")).toBe('Pou5f1::Sox2');
    expect(cleanFeatureName('...')).toBe('');
  });

  it('splits pasted lists and csv bodies', () => {
    expect(splitNameList('Sox2, Pax6;Gfap\nOlig2\tNeurod1 ')).toEqual(['Sox2', 'Pax6', 'Gfap', 'Olig2', 'Neurod1']);
  });

  it('matches exactly or first-letter capitalised, ignoring unknown and duplicate names', () => {
    const known = ['Sox2', 'Pax6', 'GFAP', 'Olig2'];
    const { matched, unknown } = matchFeatureNames(['sox2', 'SOX2', '"Pax6"', 'GFAP', 'Nope', 'Olig2', 'olig2'], known, ['Olig2']);
    expect(matched).toEqual(['Sox2', 'Pax6', 'GFAP']);
    expect(unknown).toEqual(['Nope']);
  });

  it('accepts only csv uploads', () => {
    expect(isCsvFile('genes.csv')).toBe(true);
    expect(isCsvFile('GENES.CSV')).toBe(true);
    expect(isCsvFile('genes.txt')).toBe(false);
    expect(isCsvFile('genes.csv.gz')).toBe(false);
  });

  it('filters names: prefix matches first, then substring matches', () => {
    const names = ['Cd4', 'Acd4', 'Cd8a', 'Gfap', 'Xcd'];
    expect(filterFeatureNames(names, 'cd')).toEqual(['Cd4', 'Cd8a', 'Acd4', 'Xcd']);
    expect(filterFeatureNames(names, '', 2)).toEqual(['Cd4', 'Acd4']);
  });

  it('filters without a limit for the full list of matches', () => {
    const names = Array.from({ length: 120 }, (_, i) => `G${i}`);
    expect(filterFeatureNames(names, 'g', Number.POSITIVE_INFINITY)).toHaveLength(120);
    expect(filterFeatureNames(names, '1', Number.POSITIVE_INFINITY)).toHaveLength(39);
  });

  it('toggles a name: removed when chosen, else added last', () => {
    expect(toggleFeature(['Sox2', 'Pax6'], 'Gfap')).toEqual(['Sox2', 'Pax6', 'Gfap']);
    expect(toggleFeature(['Sox2', 'Pax6', 'Gfap'], 'Pax6')).toEqual(['Sox2', 'Gfap']);
  });
});

describe('values', () => {
  it('averages several features element-wise and passes one through', () => {
    const a = Float32Array.from([1, 2, 3]);
    const b = Float32Array.from([3, 4, NaN]);
    expect(Array.from(averageValues([a, b]))).toEqual([2, 3, NaN]);
    expect(averageValues([a])).toBe(a);
    expect(averageValues([]).length).toBe(0);
  });

  it('codes categories in natural order with counts', () => {
    const { codes, names, counts } = categoryCodes(['C10', 'C2', 'C1', 'C2']);
    expect(names).toEqual(['C1', 'C2', 'C10']);
    expect(Array.from(codes)).toEqual([2, 1, 0, 1]);
    expect(counts).toEqual([1, 2, 1]);
  });

  it('builds masks from codes and from indices', () => {
    expect(Array.from(maskOfCodes(Float32Array.from([0, 1, 2, 1]), new Set([1])))).toEqual([0, 1, 0, 1]);
    expect(Array.from(maskOfIndices([0, 3, 9], 4))).toEqual([1, 0, 0, 1]);
  });
});

describe('validation', () => {
  it('range values must contain a digit', () => {
    expect(parseRangeValue('abc')).toBeNull();
    expect(parseRangeValue('')).toBeNull();
    expect(parseRangeValue('1.5')).toBe(1.5);
    expect(parseRangeValue('-2')).toBe(-2);
    expect(parseRangeValue('1a')).toBeNull();
  });

  it('hex colours must start with # and have 6 digits', () => {
    expect(checkHexColour('ff0000')).toEqual({ ok: false, error: 'Must be of Hex Code' });
    expect(checkHexColour('#ff00')).toEqual({ ok: false, error: null });
    expect(checkHexColour('#FF0000')).toEqual({ ok: true, hex: '#ff0000' });
    expect(checkHexColour('#zzzzzz').ok).toBe(false);
  });
});

describe('ranked table csv', () => {
  it('writes a header and one ranked row per feature, quoting where needed', () => {
    const csv = rankedTableCsv(
      [
        { name: 'Sox2', score: 5.5, log2fc: 1.25, p: 1e-6, p_adj: 2e-5 },
        { name: 'a,b', score: -1, log2fc: -0.5, p: 0.5, p_adj: 1 },
      ],
      'genes',
    );
    expect(csv).toBe('rank,gene,score,log2fc,p_value,p_adj\n1,Sox2,5.5,1.25,0.000001,0.00002\n2,"a,b",-1,-0.5,0.5,1\n');
    expect(rankedTableCsv([], 'motifs').startsWith('rank,motif,')).toBe(true);
  });
});

describe('permalinks', () => {
  it('round-trips run, kind, features, palette, averaging and samples, keeping other keys', () => {
    const base = new URLSearchParams('component=AtlasXplore');
    const view = { run_id: 'D90004', kind: 'motifs' as const, features: ['Sox2', 'Pax6'], mode: 'expression' as const, palette: 'inferno' as const, averaging: 'ind' as const, samples: ['D90006', 'D90001'] };
    const encoded = encodeViewQuery(base, view);
    expect(encoded.get('component')).toBe('AtlasXplore');
    expect(decodeViewQuery(new URLSearchParams(encoded.toString()))).toEqual(view);
  });

  it('leaves defaults out and falls back on bad values', () => {
    const plain = encodeViewQuery(new URLSearchParams('component=AtlasXplore'), {
      run_id: 'D90001',
      kind: 'genes',
      features: [],
      mode: 'cluster',
      palette: 'jet',
      averaging: 'avg',
      samples: [],
    });
    expect(plain.toString()).toBe('component=AtlasXplore&run_id=D90001');
    const bad = decodeViewQuery(new URLSearchParams('run_id=x1&kind=foo&palette=rainbow&mode=expression&features=,A,A'));
    expect(bad).toEqual({ run_id: null, kind: 'genes', features: ['A'], mode: 'expression', palette: 'jet', averaging: 'avg', samples: [] });
    expect(decodeViewQuery(new URLSearchParams('mode=expression')).mode).toBe('cluster');
    expect(decodeViewQuery(new URLSearchParams('mode=celltype')).mode).toBe('celltype');
  });

  it('writes the schema version with view fields; the schema knows the same palettes as the plots', () => {
    const view = { run_id: 'D90004', kind: 'genes' as const, features: ['Sox2'], mode: 'expression' as const, palette: 'jet' as const, averaging: 'avg' as const, samples: [] };
    expect(encodeViewQuery(new URLSearchParams(), view).get('v')).toBe('2');
    expect([...VIEW_PALETTES]).toEqual([...HEATMAP_PALETTES]);
  });
});
