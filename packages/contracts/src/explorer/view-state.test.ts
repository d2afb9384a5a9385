import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanSampleIds,
  DEFAULT_VIEW_STATE,
  parseViewQuery,
  VIEW_STATE_VERSION,
  writeViewQuery,
  ZViewState,
} from './view-state.js';
import { V1_ADDRESSES, V2_ADDRESSES } from './view-state.test.fixtures.js';

const q = (s: string) => new URLSearchParams(s);
/** The query of an address as the browser shows it (`/?component=…`). */
const query = (address: string) => new URL(address, 'http://localhost').searchParams;

describe('explorer permalink view state (versioned schema)', () => {
  describe.each([...V1_ADDRESSES, ...V2_ADDRESSES])(
    'an older address still opens: $about',
    ({ address, view, rewritten }) => {
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
    },
  );

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
      ...DEFAULT_VIEW_STATE,
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
    expect(parseViewQuery(q(written.toString()))).toEqual({ ...view, v: VIEW_STATE_VERSION });
    const plain = writeViewQuery(q('component=AtlasXplore&v=1&palette=hot'), {
      ...DEFAULT_VIEW_STATE,
      run_id: 'D90001',
    });
    expect(plain.toString()).toBe('component=AtlasXplore&run_id=D90001');
    expect(writeViewQuery(q(''), { ...DEFAULT_VIEW_STATE, run_id: 'D90001', mode: 'celltype' }).toString()).toBe(
      'run_id=D90001&colour=celltype&v=3',
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
      v: 3,
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
    ).toBe('run_id=D90004&samples=D90006%2CD90001&v=3');
    expect(writeViewQuery(q('samples=D90006&v=1'), { ...base, samples: [] }).toString()).toBe('run_id=D90004');
    expect(writeViewQuery(q(''), { ...DEFAULT_VIEW_STATE, samples: ['D90006'] }).toString()).toBe('');
    expect(cleanSampleIds(['D90001', 'D90001'], null)).toEqual([]);
  });

  it('round-trips every setting the explorer shows: gene, palette, background, zoom and the rest', () => {
    const view = {
      ...DEFAULT_VIEW_STATE,
      run_id: 'D00042',
      features: ['Gfap', 'Mbp'],
      mode: 'expression' as const,
      palette: 'inferno' as const,
      averaging: 'ind' as const,
      individual: 1,
      background: 'white' as const,
      umap_at: { x: 1.5, y: -2.25, zoom: 0.275 },
      spatial_at: { x: 5123.5, y: 3012.25, zoom: 0.275007 },
      range: [0, 2.5] as [number, number],
      custom_colors: ['#000000', '#ff0000'] as [string, string],
      display_scale: 1.2,
      tissue_shown: true,
      tissue_opacity: 0.4,
      highlighted: ['C2', 'C10'],
      cluster_colors: { C2: '#00ff00', 'T cells, naive': '#123456' },
    };
    const written = writeViewQuery(q('component=AtlasXplore'), view);
    expect(written.get('bg')).toBe('white');
    expect(written.get('spatial_at')).toBe('5123.5,3012.25,0.275007');
    expect(parseViewQuery(q(written.toString()))).toEqual(view);
    const hidden = writeViewQuery(q(''), { ...DEFAULT_VIEW_STATE, run_id: 'D00042', tissue_shown: false });
    expect(hidden.toString()).toBe('run_id=D00042&tissue=off&v=3');
    expect(parseViewQuery(hidden).tissue_shown).toBe(false);
  });

  it('reads bad version-3 values as their defaults, field by field', () => {
    const view = parseViewQuery(
      q(
        'v=3&run_id=D00042&bg=pink&spatial_at=1,2&umap_at=a,b,c&range=3,1&custom=red,blue&ind=-1&scale=0&tissue=2' +
          '&colors=%7Bbad&highlight=,C1,C1&palette=bone',
      ),
    );
    expect(view).toEqual({ ...DEFAULT_VIEW_STATE, run_id: 'D00042', palette: 'bone', highlighted: ['C1'] });
    expect(parseViewQuery(q('v=3&colors=%7B%22C1%22%3A%22red%22%7D')).cluster_colors).toEqual({});
  });
});

describe('docs/VIEW-STATE.md', () => {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/VIEW-STATE.md'), 'utf8');
  const source = fs.readFileSync(path.resolve(import.meta.dirname, 'view-state.ts'), 'utf8');

  it('describes every version and every upgrader view-state.ts has', () => {
    for (let v = 1; v <= VIEW_STATE_VERSION; v++) expect(doc).toMatch(new RegExp(`^\\| ${v} +\\|`, 'm'));
    const upgraders = [...source.matchAll(/^function (upgradeFromV\d+)\(/gm)].map((m) => m[1]!);
    expect(upgraders).toHaveLength(VIEW_STATE_VERSION - 1);
    for (const name of upgraders) expect(doc).toContain(`| \`${name}\``);
  });
});
