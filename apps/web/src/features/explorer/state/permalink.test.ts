import { describe, expect, it } from 'vitest';
import { VIEW_PALETTES } from '@atlas/contracts';
import { HEATMAP_PALETTES } from '@atlas/viz';
import { decodeViewQuery, encodeViewQuery } from './permalink';

describe('permalinks', () => {
  it('round-trips run, kind, features, palette, averaging and samples, keeping other keys', () => {
    const base = new URLSearchParams('component=AtlasXplore');
    const view = {
      run_id: 'D90004',
      kind: 'motifs' as const,
      features: ['Sox2', 'Pax6'],
      mode: 'expression' as const,
      palette: 'inferno' as const,
      averaging: 'ind' as const,
      samples: ['D90006', 'D90001'],
    };
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
    const bad = decodeViewQuery(
      new URLSearchParams('run_id=x1&kind=foo&palette=rainbow&mode=expression&features=,A,A'),
    );
    expect(bad).toEqual({
      run_id: null,
      kind: 'genes',
      features: ['A'],
      mode: 'expression',
      palette: 'jet',
      averaging: 'avg',
      samples: [],
    });
    expect(decodeViewQuery(new URLSearchParams('mode=expression')).mode).toBe('cluster');
    expect(decodeViewQuery(new URLSearchParams('mode=celltype')).mode).toBe('celltype');
  });

  it('writes the schema version with view fields; the schema knows the same palettes as the plots', () => {
    const view = {
      run_id: 'D90004',
      kind: 'genes' as const,
      features: ['Sox2'],
      mode: 'expression' as const,
      palette: 'jet' as const,
      averaging: 'avg' as const,
      samples: [],
    };
    expect(encodeViewQuery(new URLSearchParams(), view).get('v')).toBe('2');
    expect([...VIEW_PALETTES]).toEqual([...HEATMAP_PALETTES]);
  });
});
