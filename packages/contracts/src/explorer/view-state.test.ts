import { describe, expect, it } from 'vitest';
import {
  cleanSampleIds,
  DEFAULT_VIEW_STATE,
  parseViewQuery,
  VIEW_STATE_VERSION,
  writeViewQuery,
  ZViewState,
} from './view-state.js';
import { V1_ADDRESSES } from './view-state.test.fixtures.js';

const q = (s: string) => new URLSearchParams(s);
/** The query of an address as the browser shows it (`/?component=…`). */
const query = (address: string) => new URL(address, 'http://localhost').searchParams;

describe('explorer permalink view state (versioned schema)', () => {
  describe.each(V1_ADDRESSES)('a version-1 address still opens: $about', ({ address, view, rewritten }) => {
    it('opens into the current view state', () => {
      expect(parseViewQuery(query(address))).toEqual(view);
      expect(ZViewState.parse(view)).toEqual(view);
    });

    it('is rewritten as a current-version address that opens into the same view', () => {
      const written = writeViewQuery(query(address), view);
      expect(written.toString()).toBe(rewritten);
      expect(written.has('mode')).toBe(false);
      expect(parseViewQuery(written)).toEqual(view);
    });
  });

  it('reads version 2 with `colour`, and ignores a version-1 `mode` there', () => {
    expect(parseViewQuery(q('run_id=D90001&colour=celltype&v=2')).mode).toBe('celltype');
    expect(parseViewQuery(q('run_id=D90001&mode=celltype&v=2')).mode).toBe('cluster');
    expect(parseViewQuery(q('run_id=D90001&colour=expression&v=2')).mode).toBe('cluster');
    expect(parseViewQuery(q('run_id=D90001&colour=celltype&features=A&v=2')).mode).toBe('expression');
    // A version-1 link never had `colour`: it stays unread there.
    expect(parseViewQuery(q('run_id=D90001&colour=celltype&v=1')).mode).toBe('cluster');
  });

  it('round-trips through write and parse, keeping other keys and writing v only with a view field', () => {
    const view = {
      run_id: 'D90004',
      kind: 'eRegulons' as const,
      features: ['A', 'B'],
      mode: 'expression' as const,
      palette: 'bone' as const,
      averaging: 'ind' as const,
      samples: ['D90006', 'D90001'],
    };
    const written = writeViewQuery(q('component=AtlasXplore'), view);
    expect(written.get('component')).toBe('AtlasXplore');
    expect(written.get('v')).toBe(String(VIEW_STATE_VERSION));
    expect(parseViewQuery(q(written.toString()))).toEqual({ v: VIEW_STATE_VERSION, ...view });
    const plain = writeViewQuery(q('component=AtlasXplore&v=1&palette=hot'), {
      ...DEFAULT_VIEW_STATE,
      run_id: 'D90001',
    });
    expect(plain.toString()).toBe('component=AtlasXplore&run_id=D90001');
    expect(writeViewQuery(q(''), { ...DEFAULT_VIEW_STATE, run_id: 'D90001', mode: 'celltype' }).toString()).toBe(
      'run_id=D90001&colour=celltype&v=2',
    );
  });

  it('falls back to the defaults on unknown or bad values and never throws', () => {
    expect(parseViewQuery(q('run_id=x1&kind=foo&palette=rainbow&mode=expression&features=,A,A&avg=zzz&v=abc'))).toEqual(
      {
        ...DEFAULT_VIEW_STATE,
        features: ['A'],
        mode: 'expression',
      },
    );
    expect(parseViewQuery(q(''))).toEqual(DEFAULT_VIEW_STATE);
    // An unknown `v` (garbled, or from a newer release) is read with the newest schema.
    expect(parseViewQuery(q('v=99&run_id=D00001&palette=hot&colour=celltype'))).toMatchObject({
      v: 2,
      run_id: 'D00001',
      palette: 'hot',
      mode: 'celltype',
    });
    expect(parseViewQuery(q('mode=expression')).mode).toBe('cluster');
    expect(parseViewQuery(q('mode=celltype')).mode).toBe('celltype');
    expect(parseViewQuery(q('features=%20,%20')).features).toEqual([]);
    expect(() => parseViewQuery(q('run_id&kind&features&&&=x'))).not.toThrow();
  });

  it('reads `samples` as valid run ids in order, each once, without the main run, and none without a main run', () => {
    expect(parseViewQuery(q('run_id=D90004&samples=D90006,%20D90001,D90006,D90004')).samples).toEqual([
      'D90006',
      'D90001',
    ]);
    expect(parseViewQuery(q('run_id=D90004&samples=x1,D123,d90001,,D90002;D90003,D90005')).samples).toEqual(['D90005']);
    expect(parseViewQuery(q('samples=D90006,D90001')).samples).toEqual([]);
    expect(parseViewQuery(q('run_id=bad&samples=D90006')).samples).toEqual([]);
    expect(parseViewQuery(q('run_id=D90004&samples=')).samples).toEqual([]);
    expect(parseViewQuery(q('run_id=D90004&samples=D90006&samples=D90001')).samples).toEqual(['D90006']);
  });

  it('writes `samples` (with v) only when there are some beside a main run, cleaned the same way', () => {
    const base = { ...DEFAULT_VIEW_STATE, run_id: 'D90004' };
    expect(
      writeViewQuery(q(''), { ...base, samples: ['D90006', 'D90004', 'D90006', 'nope', 'D90001'] }).toString(),
    ).toBe('run_id=D90004&samples=D90006%2CD90001&v=2');
    expect(writeViewQuery(q('samples=D90006&v=1'), { ...base, samples: [] }).toString()).toBe('run_id=D90004');
    expect(writeViewQuery(q(''), { ...DEFAULT_VIEW_STATE, samples: ['D90006'] }).toString()).toBe('');
    expect(cleanSampleIds(['D90001', 'D90001'], null)).toEqual([]);
  });
});
