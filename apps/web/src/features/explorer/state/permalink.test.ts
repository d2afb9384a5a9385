import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_STATE, VIEW_BACKGROUNDS, VIEW_DEFAULTS, VIEW_PALETTES } from '@atlas/contracts';
import { BACKGROUND_COLORS, DEFAULT_CUSTOM_RAMP, DEFAULT_DISPLAY_SCALE, HEATMAP_PALETTES } from '@atlas/viz';
import { decodeViewQuery, encodeViewQuery, storedViewOf, storedViewOfQuery, viewQueryOf } from './permalink';
import { useExplorer } from './store';

const { v: _version, ...DEFAULTS } = DEFAULT_VIEW_STATE;

describe('permalinks', () => {
  it('round-trips run, kind, features, palette, averaging and samples, keeping other keys', () => {
    const base = new URLSearchParams('component=AtlasXplore');
    const view = {
      ...DEFAULTS,
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
    const plain = encodeViewQuery(new URLSearchParams('component=AtlasXplore'), { ...DEFAULTS, run_id: 'D90001' });
    expect(plain.toString()).toBe('component=AtlasXplore&run_id=D90001');
    const bad = decodeViewQuery(
      new URLSearchParams('run_id=x1&kind=foo&palette=rainbow&mode=expression&features=,A,A'),
    );
    expect(bad).toEqual({ ...DEFAULTS, features: ['A'], mode: 'expression' });
    expect(decodeViewQuery(new URLSearchParams('mode=expression')).mode).toBe('cluster');
    expect(decodeViewQuery(new URLSearchParams('mode=celltype')).mode).toBe('celltype');
  });

  it('writes the schema version with view fields; the schema knows the same palettes and defaults as the plots', () => {
    const view = { ...DEFAULTS, run_id: 'D90004', features: ['Sox2'], mode: 'expression' as const };
    expect(encodeViewQuery(new URLSearchParams(), view).get('v')).toBe('3');
    expect([...VIEW_PALETTES]).toEqual([...HEATMAP_PALETTES]);
    expect([...VIEW_BACKGROUNDS]).toEqual([...Object.keys(BACKGROUND_COLORS), 'heatmap']);
    expect(VIEW_DEFAULTS.customColors).toEqual([...DEFAULT_CUSTOM_RAMP]);
    expect(VIEW_DEFAULTS.displayScale).toBe(DEFAULT_DISPLAY_SCALE);
  });

  it('the store and the address agree: a fresh store writes a plain address, a restored one its settings', () => {
    const fresh = useExplorer.getState();
    const plain = encodeViewQuery(new URLSearchParams(), viewQueryOf(storedViewOf(fresh), 'D90001', []));
    expect(plain.toString()).toBe('run_id=D90001');
    const view = {
      ...storedViewOf(fresh),
      features: ['Gfap'],
      mode: 'expression' as const,
      palette: 'inferno' as const,
      background: 'white' as const,
      spatialAt: { x: 10, y: 20, zoom: 0.275 },
      clusterColors: { C1: '#00ff00' },
    };
    const address = encodeViewQuery(new URLSearchParams(), viewQueryOf(view, 'D90001', []));
    expect(storedViewOfQuery(decodeViewQuery(new URLSearchParams(address.toString())))).toEqual(view);
  });
});
