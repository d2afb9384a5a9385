import { describe, expect, it } from 'vitest';
import {
  cleanFeatureName,
  csvNames,
  filterFeatureNames,
  isCsvFile,
  matchFeatureNames,
  splitNameList,
  toggleFeature,
} from './nameMatching';

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

  it("a csv's header line is not a name (it was reported as 'not found: gene'); a first line of names is kept", () => {
    const known = ['Sox2', 'Pax6', 'Gfap'];
    expect(splitNameList('gene\nSox2\nPax6\n')).toContain('gene');
    expect(csvNames('gene\nSox2\nPax6\n', known)).toEqual(['Sox2', 'Pax6']);
    expect(csvNames('symbol,score\r\nSox2,3.1\r\nPax6,2\r\n', known)).toEqual(['Sox2', 'Pax6']);
    expect(csvNames('Sox2\nPax6', known)).toEqual(['Sox2', 'Pax6']);
    expect(csvNames('Nope\nNothing', known)).toEqual(['Nope', 'Nothing']);
  });

  it('matches exactly or first-letter capitalised, ignoring unknown and duplicate names', () => {
    const known = ['Sox2', 'Pax6', 'GFAP', 'Olig2'];
    const { matched, unknown } = matchFeatureNames(
      ['sox2', 'SOX2', '"Pax6"', 'GFAP', 'Nope', 'Olig2', 'olig2'],
      known,
      ['Olig2'],
    );
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
