import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_STATE, parseViewQuery, VIEW_STATE_VERSION, writeViewQuery, ZViewState } from './view-state.js';

const q = (s: string) => new URLSearchParams(s);

describe('explorer permalink view state (versioned schema)', () => {
  it('reads a version-1 link written before `v` existed (no v → version 1), with the original parameter names', () => {
    const view = parseViewQuery(q('component=AtlasXplore&run_id=D90004&kind=motifs&features=Sox2,Pax6&palette=inferno&avg=ind'));
    expect(view).toEqual({ v: 1, run_id: 'D90004', kind: 'motifs', features: ['Sox2', 'Pax6'], mode: 'expression', palette: 'inferno', averaging: 'ind' });
    expect(ZViewState.parse(view)).toEqual(view);
  });

  it('round-trips through write and parse, keeping other keys and writing v only with a view field', () => {
    const view = { run_id: 'D90004', kind: 'eRegulons' as const, features: ['A', 'B'], mode: 'expression' as const, palette: 'bone' as const, averaging: 'ind' as const };
    const written = writeViewQuery(q('component=AtlasXplore'), view);
    expect(written.get('component')).toBe('AtlasXplore');
    expect(written.get('v')).toBe(String(VIEW_STATE_VERSION));
    expect(parseViewQuery(q(written.toString()))).toEqual({ v: VIEW_STATE_VERSION, ...view });
    const plain = writeViewQuery(q('component=AtlasXplore&v=1&palette=hot'), { ...DEFAULT_VIEW_STATE, run_id: 'D90001' });
    expect(plain.toString()).toBe('component=AtlasXplore&run_id=D90001');
    expect(writeViewQuery(q(''), { ...DEFAULT_VIEW_STATE, run_id: 'D90001', mode: 'celltype' }).toString()).toBe('run_id=D90001&mode=celltype&v=1');
  });

  it('falls back to the defaults on unknown or bad values and never throws', () => {
    expect(parseViewQuery(q('run_id=x1&kind=foo&palette=rainbow&mode=expression&features=,A,A&avg=zzz&v=abc'))).toEqual({
      ...DEFAULT_VIEW_STATE,
      features: ['A'],
      mode: 'expression',
    });
    expect(parseViewQuery(q(''))).toEqual(DEFAULT_VIEW_STATE);
    expect(parseViewQuery(q('v=99&run_id=D00001&palette=hot'))).toMatchObject({ v: 1, run_id: 'D00001', palette: 'hot' });
    expect(parseViewQuery(q('mode=expression')).mode).toBe('cluster');
    expect(parseViewQuery(q('mode=celltype')).mode).toBe('celltype');
    expect(parseViewQuery(q('features=%20,%20')).features).toEqual([]);
    expect(() => parseViewQuery(q('run_id&kind&features&&&=x'))).not.toThrow();
  });
});
