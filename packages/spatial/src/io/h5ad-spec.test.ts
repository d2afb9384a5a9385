import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import h5wasm, { type Dataset, type Group } from 'h5wasm/node';
import { afterAll, describe, expect, it } from 'vitest';
import { writeH5ad } from './h5ad-writer.js';
import { hasSharedData, sharedData } from '../testing.js';

/**
 * Our h5ad writer against the AnnData on-disk specification (anndata "on-disk format" docs, elements and their
 * `encoding-type` / `encoding-version`): every element of the written file carries the attributes of its kind,
 * and the structure each kind requires. The checker is first run on files anndata itself wrote, so it cannot pass
 * our output by being lenient in a way anndata's files would not need.
 */
const VERSIONS: Record<string, string> = {
  anndata: '0.1.0',
  raw: '0.1.0',
  dataframe: '0.2.0',
  csr_matrix: '0.1.0',
  csc_matrix: '0.1.0',
  array: '0.2.0',
  categorical: '0.2.0',
  'string-array': '0.2.0',
  dict: '0.1.0',
  'numeric-scalar': '0.2.0',
  string: '0.2.0',
};
const H5T_STRING = 3;

function attr(node: Group | Dataset, key: string): unknown {
  return node.attrs[key]?.value;
}

/** Every spec violation under `node` (an element), as 'path: problem'. */
function check(node: Group | Dataset, where: string, problems: string[]): void {
  const type = attr(node, 'encoding-type');
  const version = attr(node, 'encoding-version');
  const fail = (problem: string): void => {
    problems.push(`${where || '/'}: ${problem}`);
  };
  if (typeof type !== 'string') return fail('no encoding-type attribute');
  if (!(type in VERSIONS)) return fail(`unknown encoding-type '${type}'`);
  if (version !== VERSIONS[type])
    return fail(`${type} should have encoding-version ${VERSIONS[type]}, has ${String(version)}`);
  const isGroup = node instanceof h5wasm.Group;
  const child = (key: string) => (isGroup ? (node.get(key) as Group | Dataset | null) : null);
  switch (type) {
    case 'anndata':
    case 'raw':
    case 'dict': {
      if (!isGroup) return fail(`${type} must be a group`);
      for (const required of type === 'anndata' ? ['obs', 'var'] : type === 'raw' ? ['X', 'var'] : [])
        if (!child(required)) fail(`${type} needs ${required}`);
      for (const key of node.keys()) check(child(key)!, `${where}/${key}`, problems);
      return;
    }
    case 'dataframe': {
      if (!isGroup) return fail('dataframe must be a group');
      const index = attr(node, '_index');
      if (typeof index !== 'string' || !child(index)) return fail(`_index attribute must name a child array`);
      const order = attr(node, 'column-order');
      const columns = typeof order === 'string' ? [order] : Array.isArray(order) ? (order as string[]) : [];
      if (order === undefined) fail('no column-order attribute');
      for (const column of columns) if (!child(column)) fail(`column-order lists '${column}' but it is missing`);
      for (const key of node.keys()) check(child(key)!, `${where}/${key}`, problems);
      return;
    }
    case 'csr_matrix':
    case 'csc_matrix': {
      if (!isGroup) return fail(`${type} must be a group`);
      const shape = Array.from(attr(node, 'shape') as ArrayLike<number | bigint>, Number);
      if (shape.length !== 2) return fail('shape attribute must hold 2 numbers');
      const [data, indices, indptr] = ['data', 'indices', 'indptr'].map((k) => child(k) as Dataset | null);
      if (!data || !indices || !indptr) return fail('needs data, indices and indptr datasets');
      const pointers = Array.from(indptr.value as ArrayLike<number | bigint>, Number);
      const major = type === 'csr_matrix' ? shape[0]! : shape[1]!;
      if (pointers.length !== major + 1) fail(`indptr has ${pointers.length} entries, expected ${major + 1}`);
      if (data.shape?.[0] !== pointers.at(-1) || indices.shape?.[0] !== pointers.at(-1))
        fail('data and indices must have indptr[-1] entries');
      return;
    }
    case 'categorical': {
      if (!isGroup) return fail('categorical must be a group');
      if (!child('codes') || !child('categories')) return fail('needs codes and categories');
      if (attr(node, 'ordered') === undefined) fail('no ordered attribute');
      check(child('codes')!, `${where}/codes`, problems);
      check(child('categories')!, `${where}/categories`, problems);
      return;
    }
    case 'array':
    case 'numeric-scalar':
      if (isGroup) fail(`${type} must be a dataset`);
      return;
    case 'string-array':
    case 'string':
      if (isGroup || (node as Dataset).metadata.type !== H5T_STRING) fail(`${type} must be a string dataset`);
      return;
  }
}

async function specProblems(file: string): Promise<string[]> {
  await h5wasm.ready;
  const f = new h5wasm.File(file, 'r');
  try {
    const problems: string[] = [];
    check(f, '', problems);
    return problems;
  } finally {
    f.close();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'h5ad-spec-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!hasSharedData('scanpy-pbmc68k-reduced') || !hasSharedData('visium-squidpy-tests'))(
  'the spec checker on files anndata wrote',
  () => {
    it('finds nothing wrong in scanpy pbmc68k_reduced and squidpy test_data', async () => {
      // uns/rank_genes_groups holds rec-arrays (not in the element table above): checked without uns.
      const pbmc = await specProblems(sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad'));
      expect(pbmc.filter((p) => !p.startsWith('/uns/rank_genes_groups'))).toEqual([]);
      expect(await specProblems(sharedData('visium-squidpy-tests/test_data.h5ad'))).toEqual([]);
    });
  },
);

describe('our h5ad writer follows the AnnData on-disk specification', () => {
  it('every element of a file with X, raw, categorical / numeric / string columns and obsm', async () => {
    const file = path.join(tmp, 'all.h5ad');
    await writeH5ad(file, {
      X: { kind: 'dense', nRows: 3, nCols: 2, data: Float32Array.of(1, 0, 0, 2, 3, 0) },
      obsNames: ['a', 'b', 'c'],
      varNames: ['g1', 'g2'],
      obs: {
        leiden: { kind: 'categorical', codes: Int32Array.of(0, 1, -1), categories: ['0', '1'] },
        n_counts: { kind: 'numeric', values: Float64Array.of(1, 2, 3) },
        sample: { kind: 'string', values: ['s1', 's1', 's2'] },
      },
      var: { gene_ids: { kind: 'string', values: ['E1', 'E2'] } },
      obsm: { spatial: { nRows: 3, nCols: 2, data: Float64Array.of(0, 0, 1, 1, 2, 2) } },
      raw: {
        X: { kind: 'dense', nRows: 3, nCols: 3, data: Float32Array.of(1, 0, 4, 0, 2, 0, 3, 0, 5) },
        varNames: ['g1', 'g2', 'g3'],
      },
    });
    expect(await specProblems(file)).toEqual([]);
    // And the kinds the spec names all occur in it.
    await h5wasm.ready;
    const f = new h5wasm.File(file, 'r');
    const types = new Set<string>();
    const walk = (g: Group) => {
      for (const key of g.keys()) {
        const c = g.get(key) as Group | Dataset;
        const t = c.attrs['encoding-type']?.value;
        if (typeof t === 'string') types.add(t);
        if (c instanceof h5wasm.Group) walk(c);
      }
    };
    types.add(String(f.attrs['encoding-type']?.value));
    walk(f);
    f.close();
    expect([...types].sort()).toEqual(
      ['anndata', 'array', 'categorical', 'csr_matrix', 'dataframe', 'dict', 'raw', 'string-array'].sort(),
    );
  });

  it('the checker does fail: a dataframe without column-order, an element without encoding-version', async () => {
    const file = path.join(tmp, 'broken.h5ad');
    await writeH5ad(file, {
      X: { kind: 'dense', nRows: 1, nCols: 1, data: Float32Array.of(1) },
      obsNames: ['a'],
      varNames: ['g'],
    });
    await h5wasm.ready;
    const f = new h5wasm.File(file, 'a');
    (f.get('obs') as Group).delete_attribute('column-order');
    (f.get('obsm') as Group).delete_attribute('encoding-version');
    f.close();
    expect(await specProblems(file)).toEqual([
      '/obs: no column-order attribute',
      '/obsm: dict should have encoding-version 0.1.0, has undefined',
    ]);
  });
});
