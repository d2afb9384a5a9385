import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readH5ad } from '../io/h5ad-reader.js';
import { checkCompressed } from '../matrix/validate.js';
import { rowSums } from '../matrix/ops.js';
import { HD_BIN_PX, HD_CAPTURE_BINS, writeVisiumHdH5ad } from './visium-hd.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'visium-hd-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('writeVisiumHdH5ad', () => {
  const options = { seed: 3, bins: 5000, genes: 400, nnzPerBin: 30, clusters: 6 };

  it('writes a processed HD run: bins on the 8 µm grid, clusters, QC from X, spatial and UMAP', async () => {
    const file = path.join(tmp, 'hd.h5ad');
    const written = await writeVisiumHdH5ad(options, file);
    expect(written).toMatchObject({ nObs: 5000, nVars: 400, clusters: 6 });
    expect(written.grid).toEqual({ rows: HD_CAPTURE_BINS, cols: HD_CAPTURE_BINS });
    const h5ad = await readH5ad(file);
    const X = h5ad.X;
    expect(X.kind).toBe('csr');
    if (X.kind !== 'csr') return;
    expect(checkCompressed(X)).toBeUndefined();
    expect(X.data.length).toBe(written.nnz);
    // Non-zeros per bin near the asked mean (markers and library sizes move it a little).
    expect(written.nnz / 5000).toBeGreaterThan(0.8 * 30);
    expect(written.nnz / 5000).toBeLessThan(1.3 * 30);
    expect(h5ad.obsNames[0]).toMatch(/^s_008um_\d{5}_\d{5}-1$/);
    expect(new Set(h5ad.obsNames).size).toBe(5000);
    const clusters = h5ad.obs.clusters;
    expect(clusters?.kind === 'categorical' && clusters.categories).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
    const genes = h5ad.obs.n_genes_by_counts;
    const umis = h5ad.obs.total_counts;
    if (genes?.kind !== 'numeric' || umis?.kind !== 'numeric') throw new Error('QC columns missing');
    expect(Array.from(genes.values)).toEqual(Array.from({ length: 5000 }, (_, i) => X.indptr[i + 1]! - X.indptr[i]!));
    expect(umis.values).toEqual(rowSums(X));
    // Bin centres sit on the grid pitch: x / HD_BIN_PX − 0.5 is the bin's column.
    const spatial = h5ad.obsm.spatial!;
    const col = spatial.data[0]! / HD_BIN_PX - 0.5;
    expect(Math.abs(col - Math.round(col))).toBeLessThan(1e-9);
    expect(h5ad.obsm.X_umap).toMatchObject({ nRows: 5000, nCols: 2 });
  });

  it('reproduces the file from its seed', async () => {
    const a = path.join(tmp, 'a.h5ad');
    const b = path.join(tmp, 'b.h5ad');
    await writeVisiumHdH5ad({ ...options, bins: 800 }, a);
    await writeVisiumHdH5ad({ ...options, bins: 800 }, b);
    const [x, y] = [await readH5ad(a), await readH5ad(b)];
    expect(x.X).toEqual(y.X);
    expect(x.obsm.X_umap).toEqual(y.obsm.X_umap);
  });
});
