import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readH5ad } from '../io/h5ad-reader.js';
import { parseMotifsCsv } from '../motifs/motifs-csv.js';
import { generateRun } from './generate.js';
import { formatMotifsCsv, writeSyntheticH5ad } from './h5ad.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'synthetic-h5ad-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writeSyntheticH5ad', () => {
  const run = generateRun({
    seed: 11,
    tixels: 300,
    features: 120,
    assay: 'atac',
    motifs: 12,
    regulons: 4,
    cellTypes: true,
  });

  it('re-reads genes.h5ad to the same values', async () => {
    const file = path.join(dir, 'genes.h5ad');
    await writeSyntheticH5ad(run, file);
    const adata = await readH5ad(file);
    expect(adata.obsNames).toEqual(run.obsNames);
    expect(adata.varNames).toEqual(run.varNames);
    expect(adata.X).toMatchObject({ kind: 'csr', nRows: 300, nCols: 120 });
    if (adata.X.kind !== 'csr') throw new Error('expected CSR');
    expect(adata.X.indptr).toEqual(run.X.indptr);
    expect(adata.X.indices).toEqual(run.X.indices);
    expect(adata.X.data).toEqual(run.X.data);
    expect(adata.obsm.spatial!.data).toEqual(run.spatial);
    expect(adata.obsm.X_umap!.data).toEqual(Float64Array.from(run.umap));
    const clusters = adata.obs.clusters!;
    if (clusters.kind !== 'categorical') throw new Error('expected a categorical');
    expect(Array.from(clusters.codes, (c) => clusters.categories[c])).toEqual(run.clusters);
    const cellType = adata.obs.cell_type!;
    if (cellType.kind !== 'categorical') throw new Error('expected a categorical');
    expect(Array.from(cellType.codes, (c) => cellType.categories[c])).toEqual(run.cellTypes);
    expect(adata.obs.TSSEnrichment).toEqual({ kind: 'numeric', values: Float64Array.from(run.qc[0]) });
  });

  it('writes motifs.h5ad and eRegulons.h5ad as dense matrices', async () => {
    for (const kind of ['motifs', 'eRegulons'] as const) {
      const file = path.join(dir, `${kind}.h5ad`);
      await writeSyntheticH5ad(run, file, kind);
      const adata = await readH5ad(file);
      const source = kind === 'motifs' ? run.motifs! : run.regulons!;
      expect(adata.varNames).toEqual(source.names);
      // The writer stores every matrix as CSR; compare values densely.
      const dense = new Float32Array(source.matrix.data.length);
      if (adata.X.kind !== 'csr') throw new Error('expected CSR');
      for (let r = 0; r < adata.X.nRows; r++) {
        for (let q = adata.X.indptr[r]!; q < adata.X.indptr[r + 1]!; q++)
          dense[r * adata.X.nCols + adata.X.indices[q]!] = adata.X.data[q]!;
      }
      expect(dense).toEqual(source.matrix.data);
    }
  });

  it('formats motifs.csv so that the seq_logo parser reads the same frequencies', () => {
    const text = formatMotifsCsv(run.motifs!.pfms);
    expect(text.split('\n')[1]!.startsWith('MA0001.1_Ctcf,A,')).toBe(true);
    const parsed = parseMotifsCsv(text);
    expect(parsed.map((m) => m.id)).toEqual(run.motifs!.names);
    expect(parsed.map((m) => m.rows)).toEqual(run.motifs!.pfms.map((p) => p.rows));
  });
});
