import { describe, expect, it } from 'vitest';
import { cleanSampleIds, DEFAULT_VIEW_STATE, parseViewQuery, VIEW_STATE_VERSION, writeViewQuery, ZViewState } from './view-state.js';

const q = (s: string) => new URLSearchParams(s);

describe('explorer permalink view state (versioned schema)', () => {
  it('reads a version-1 link written before `v` existed (no v → version 1), with the original parameter names', () => {
    const view = parseViewQuery(q('component=AtlasXplore&run_id=D90004&kind=motifs&features=Sox2,Pax6&palette=inferno&avg=ind'));
    expect(view).toEqual({ v: 1, run_id: 'D90004', kind: 'motifs', features: ['Sox2', 'Pax6'], mode: 'expression', palette: 'inferno', averaging: 'ind', samples: [] });
    expect(ZViewState.parse(view)).toEqual(view);
  });

  it('round-trips through write and parse, keeping other keys and writing v only with a view field', () => {
    const view = { run_id: 'D90004', kind: 'eRegulons' as const, features: ['A', 'B'], mode: 'expression' as const, palette: 'bone' as const, averaging: 'ind' as const, samples: ['D90006', 'D90001'] };
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

  it('reads `samples` as valid run ids in order, each once, without the main run, and none without a main run', () => {
    expect(parseViewQuery(q('run_id=D90004&samples=D90006,%20D90001,D90006,D90004')).samples).toEqual(['D90006', 'D90001']);
    expect(parseViewQuery(q('run_id=D90004&samples=x1,D123,d90001,,D90002;D90003,D90005')).samples).toEqual(['D90005']);
    expect(parseViewQuery(q('samples=D90006,D90001')).samples).toEqual([]);
    expect(parseViewQuery(q('run_id=bad&samples=D90006')).samples).toEqual([]);
    expect(parseViewQuery(q('run_id=D90004&samples=')).samples).toEqual([]);
    expect(parseViewQuery(q('run_id=D90004&samples=D90006&samples=D90001')).samples).toEqual(['D90006']);
  });

  it('writes `samples` (with v) only when there are some beside a main run, cleaned the same way', () => {
    const base = { ...DEFAULT_VIEW_STATE, run_id: 'D90004' };
    expect(writeViewQuery(q(''), { ...base, samples: ['D90006', 'D90004', 'D90006', 'nope', 'D90001'] }).toString()).toBe(
      'run_id=D90004&samples=D90006%2CD90001&v=1',
    );
    expect(writeViewQuery(q('samples=D90006&v=1'), { ...base, samples: [] }).toString()).toBe('run_id=D90004');
    expect(writeViewQuery(q(''), { ...DEFAULT_VIEW_STATE, samples: ['D90006'] }).toString()).toBe('');
    expect(cleanSampleIds(['D90001', 'D90001'], null)).toEqual([]);
  });
});
