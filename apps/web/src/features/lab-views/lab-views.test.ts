import { describe, expect, it } from 'vitest';
import { canUploadQc, formatSize, planQcUpload } from './qcUpload';
import { buildTraceTree, fieldRows, filterTree, flatten, pathTo, pngImages, runIdsUnder } from './tree';

const trace = {
  W90002: { C90003: [{ run_id: 'D90003' }] },
  W90001: {
    C90002: [{ run_id: 'D90002' }, { run_id: 'D90001' }],
    C90001: [{ run_id: 'D90001' }],
  },
};

describe('wafer trace tree', () => {
  it('builds a sorted wafer → chip → DBiT tree with unique keys', () => {
    const tree = buildTraceTree(trace);
    expect(tree.map((n) => n.id)).toEqual(['W90001', 'W90002']);
    expect(tree[0]!.children.map((n) => n.id)).toEqual(['C90001', 'C90002']);
    expect(tree[0]!.children[1]!.children.map((n) => n.id)).toEqual(['D90001', 'D90002']);
    const keys = flatten(tree).map((n) => n.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps matches and their ancestors only', () => {
    const filtered = filterTree(buildTraceTree(trace), 'd90001');
    expect(filtered.map((n) => n.id)).toEqual(['W90001']);
    expect(filtered[0]!.children.map((n) => n.id)).toEqual(['C90001', 'C90002']);
    expect(filtered[0]!.children[1]!.children.map((n) => n.id)).toEqual(['D90001']);
  });

  it('keeps the whole subtree of a matching wafer, and everything for an empty search', () => {
    const tree = buildTraceTree(trace);
    expect(runIdsUnder(filterTree(tree, 'W90002'))).toEqual(['D90003']);
    expect(filterTree(tree, '  ')).toBe(tree);
    expect(filterTree(tree, 'nothing')).toEqual([]);
  });

  it('finds the path to a node and the runs below', () => {
    const tree = buildTraceTree(trace);
    expect(pathTo(tree, 'W/W90001/C/C90002/D/D90002').map((n) => n.type)).toEqual(['Wafer', 'Chip', 'DBiT']);
    expect(runIdsUnder([tree[0]!])).toEqual(['D90001', 'D90002']);
  });
});

describe('field rows', () => {
  it('hides _id and blank values', () => {
    expect(fieldRows({ _id: 'x', run_id: 'D1', note: '  ', empty: null, n: 0, tags: ['a'] })).toEqual([
      ['run_id', 'D1'],
      ['n', '0'],
      ['tags', '["a"]'],
    ]);
    expect(fieldRows(undefined)).toEqual([]);
    expect(fieldRows({ a: 1, b: 2, c: 3 }, 2)).toHaveLength(2);
    expect(fieldRows({ date: 'd', run_id: 'D1', _id: 'x' }, 10, ['run_id', 'missing'])).toEqual([
      ['run_id', 'D1'],
      ['date', 'd'],
    ]);
  });

  it('lists only png images', () => {
    expect(pngImages({ 'umi-1': 'umi-1.png', raw: 'raw.tif', 'a-1': 'sub/a-1.PNG' })).toEqual([
      ['a-1', 'sub/a-1.PNG'],
      ['umi-1', 'umi-1.png'],
    ]);
  });
});

describe('QC upload plan', () => {
  const f = (path: string) => ({ path, size: 10 });

  it('maps sub-folders of the chosen folder to data/{id}/…', () => {
    const plan = planQcUpload([
      f('pick/QC2/metadata.json'),
      f('pick/QC1/metadata.json'),
      f('pick/QC1/img/a.png'),
      f('pick/notes.txt'),
    ]);
    expect(plan.ids).toEqual(['QC1', 'QC2']);
    expect(plan.items.map((i) => i.key)).toEqual([
      'data/QC2/metadata.json',
      'data/QC1/metadata.json',
      'data/QC1/img/a.png',
    ]);
    expect(plan.skipped.map((s) => s.path)).toEqual(['pick/notes.txt']);
    expect(canUploadQc(plan)).toBe(true);
  });

  it('needs metadata.json at the top of every folder', () => {
    const plan = planQcUpload([f('pick/QC1/metadata.json'), f('pick/QC2/sub/metadata.json')]);
    expect(plan.missingMetadata).toEqual(['QC2']);
    expect(canUploadQc(plan)).toBe(false);
    expect(canUploadQc(planQcUpload([]))).toBe(false);
  });

  it('treats a chosen folder with its own metadata.json and no sub-folders as one run', () => {
    const plan = planQcUpload([f('QC9/metadata.json'), f('QC9/umi-1.png')]);
    expect(plan.ids).toEqual(['QC9']);
    expect(plan.items.map((i) => i.key)).toEqual(['data/QC9/metadata.json', 'data/QC9/umi-1.png']);
    expect(canUploadQc(plan)).toBe(true);
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(50 * 1024 * 1024)).toBe('50 MB');
  });
});

describe('QC runs', () => {
  it('takes runs from data/{id}/metadata.json and data/{id}/out/metadata.json only', async () => {
    const { qcRunsFromKeys } = await import('./qcRuns');
    expect(
      qcRunsFromKeys([
        'data/D2/out/metadata.json',
        'data/D10/metadata.json',
        'data/D1/out/metadata.json',
        'data/D1/metadata.json',
        'data/D3/spatial/metadata.json',
        'other/D4/metadata.json',
      ]),
    ).toEqual([
      { id: 'D1', root: 'data/D1/' },
      { id: 'D2', root: 'data/D2/out/' },
      { id: 'D10', root: 'data/D10/' },
    ]);
  });
});
