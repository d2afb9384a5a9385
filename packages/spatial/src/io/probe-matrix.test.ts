import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import h5wasm from 'h5wasm/node';
import { afterAll, describe, expect, it } from 'vitest';
import { probesToGenes } from './probe-matrix.js';
import { readTenxH5 } from './tenx-h5.js';

/**
 * Space Ranger 2.x probe-level matrices. No public probe-level file is in ../shared/data, so this one is
 * generated in the layout Space Ranger writes (raw_probe_bc_matrix.h5: /matrix with features/{id, name,
 * feature_type, gene_id, gene_name, filtered_probes, probe_region}).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-matrix-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function writeProbeH5(file: string): Promise<void> {
  await h5wasm.ready;
  const f = new h5wasm.File(file, 'w');
  const m = f.create_group('matrix');
  // 4 probes × 3 barcodes, by barcode: b0 = {p0: 1, p1: 2, p3: 5}, b1 = {p2: 4}, b2 = {p1: 3, p3: 1}.
  m.create_dataset({ name: 'data', data: Int32Array.of(1, 2, 5, 4, 3, 1), shape: [6], dtype: '<i' });
  m.create_dataset({ name: 'indices', data: BigInt64Array.of(0n, 1n, 3n, 2n, 1n, 3n), shape: [6], dtype: '<q' });
  m.create_dataset({ name: 'indptr', data: BigInt64Array.of(0n, 3n, 4n, 6n), shape: [4], dtype: '<q' });
  m.create_dataset({ name: 'shape', data: Int32Array.of(4, 3), shape: [2], dtype: '<i' });
  m.create_dataset({ name: 'barcodes', data: ['AAAC-1', 'AAAG-1', 'AAAT-1'], shape: [3], dtype: 'S' });
  const features = m.create_group('features');
  const probes = ['ENSG1|GENEA|p1', 'ENSG1|GENEA|p2', 'ENSG2|GENEB|p1', 'ENSG3|GENEC|p1'];
  features.create_dataset({ name: 'id', data: probes, shape: [4], dtype: 'S' });
  features.create_dataset({ name: 'name', data: probes.map((p) => p.split('|')[1]!), shape: [4], dtype: 'S' });
  features.create_dataset({ name: 'feature_type', data: Array(4).fill('Gene Expression'), shape: [4], dtype: 'S' });
  features.create_dataset({ name: 'gene_id', data: ['ENSG1', 'ENSG1', 'ENSG2', 'ENSG3'], shape: [4], dtype: 'S' });
  features.create_dataset({ name: 'gene_name', data: ['GENEA', 'GENEA', 'GENEB', 'GENEC'], shape: [4], dtype: 'S' });
  // GENEC's only probe was filtered out by Space Ranger.
  features.create_dataset({ name: 'filtered_probes', data: Int8Array.of(1, 1, 1, 0), shape: [4], dtype: '<b' });
  f.close();
}

describe('probe-level 10x matrices', () => {
  it('reads the probes and sums them into genes, leaving out filtered probes', async () => {
    const file = path.join(tmp, 'raw_probe_bc_matrix.h5');
    await writeProbeH5(file);
    const probes = await readTenxH5(file);
    expect(probes.probes?.geneIds).toEqual(['ENSG1', 'ENSG1', 'ENSG2', 'ENSG3']);
    expect(Array.from(probes.probes!.kept!)).toEqual([1, 1, 1, 0]);
    const genes = probesToGenes(probes);
    expect(genes.featureIds).toEqual(['ENSG1', 'ENSG2']);
    expect(genes.featureNames).toEqual(['GENEA', 'GENEB']);
    expect(genes.barcodes).toEqual(['AAAC-1', 'AAAG-1', 'AAAT-1']);
    expect(Array.from(genes.X.indptr)).toEqual([0, 1, 2, 3]);
    expect(Array.from(genes.X.indices)).toEqual([0, 1, 0]);
    // b0: GENEA 1 + 2; b1: GENEB 4; b2: GENEA 3 (GENEC's 1 and 5 are dropped).
    expect(Array.from(genes.X.data)).toEqual([3, 4, 3]);
    expect(genes.probes).toBeUndefined();
  });

  it('leaves a gene-level matrix as it is', async () => {
    const genes = {
      layout: 'v3' as const,
      X: {
        kind: 'csr' as const,
        nRows: 0,
        nCols: 0,
        indptr: Float64Array.of(0),
        indices: new Int32Array(),
        data: new Float32Array(),
      },
      barcodes: [],
      featureIds: [],
      featureNames: [],
      featureTypes: [],
    };
    expect(probesToGenes(genes)).toBe(genes);
  });
});
