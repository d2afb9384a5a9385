import { describe, expect, it } from 'vitest';
import { barcodePosition, tixelAt } from '../grid/tixel-grid.js';
import { checkCompressed } from '../matrix/validate.js';
import { generateRun, type GenerateOptions } from './generate.js';
import { chipRoi } from './layout.js';

const small: GenerateOptions = { seed: 7, grid: { rows: 50, cols: 50 }, features: 600, clusters: 6, assay: 'rna' };

describe('generateRun', () => {
  const run = generateRun(small);
  const n = run.obsNames.length;

  it('is deterministic per seed and differs between seeds', () => {
    const again = generateRun(small);
    expect(again.X).toEqual(run.X);
    expect(again.umap).toEqual(run.umap);
    expect(again.spatial).toEqual(run.spatial);
    expect(again.clusters).toEqual(run.clusters);
    expect(again.qc).toEqual(run.qc);
    const other = generateRun({ ...small, seed: 8 });
    expect(other.mask).not.toEqual(run.mask);
    expect(other.X.data.length).not.toBe(run.X.data.length);
  });

  it('has consistent shapes and a valid CSR matrix', () => {
    expect(run.grid).toEqual({ rows: 50, cols: 50 });
    expect([run.X.nRows, run.X.nCols, run.varNames.length]).toEqual([n, 600, 600]);
    expect([run.spatial.length, run.umap.length, run.qc[0].length, run.qc[1].length, run.clusters.length]).toEqual([
      2 * n,
      2 * n,
      n,
      n,
      n,
    ]);
    expect(checkCompressed(run.X)).toBeUndefined();
    expect(new Set(run.obsNames).size).toBe(n);
    expect(new Set(run.varNames).size).toBe(600);
    expect(run.varNames.slice(0, 3)).toEqual(['Actb', 'Gapdh', 'Malat1']);
    expect(run.varNames[599]).toBe('Gene600');
    expect(new Set(run.clusters)).toEqual(new Set(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']));
  });

  it('keeps 60–80% of the chip on tissue, as one body', () => {
    const on = run.mask.reduce((s, v) => s + v, 0);
    expect(on).toBe(n);
    expect(on / 2500).toBeGreaterThanOrEqual(0.6);
    expect(on / 2500).toBeLessThanOrEqual(0.8);
    // A blob, not speckle: most on-tissue tixels have all four grid neighbours on tissue too.
    let interior = 0;
    for (const k of run.gridPosition) {
      const r = Math.floor(k / 50);
      const c = k % 50;
      if (
        r > 0 &&
        r < 49 &&
        c > 0 &&
        c < 49 &&
        run.mask[k - 1] &&
        run.mask[k + 1] &&
        run.mask[k - 50] &&
        run.mask[k + 50]
      )
        interior++;
    }
    expect(interior / n).toBeGreaterThan(0.85);
  });

  it('hits the requested density and the exact tixel count', () => {
    expect(run.X.data.length / (n * 600)).toBeGreaterThan(0.09);
    expect(run.X.data.length / (n * 600)).toBeLessThan(0.115);
    const sized = generateRun({ seed: 3, tixels: 1234, features: 300, density: 0.05, assay: 'rna' });
    expect(sized.obsNames.length).toBe(1234);
    expect(sized.X.data.length / (1234 * 300)).toBeGreaterThan(0.045);
    expect(sized.X.data.length / (1234 * 300)).toBeLessThan(0.06);
  });

  it('puts tixels at the DBiT grid centres with barcodes in barcode-file order', () => {
    const roi = chipRoi(run.grid);
    for (const i of [0, Math.floor(n / 2), n - 1]) {
      const k = run.gridPosition[i]!;
      const t = tixelAt(roi, 50, Math.floor(k / 50), k % 50);
      expect(run.spatial[2 * i]).toBeCloseTo(t.centre.x, 9);
      expect(run.spatial[2 * i + 1]).toBeCloseTo(t.centre.y, 9);
      const { row, col } = barcodePosition(col50(k) * 50 + row50(k), 50);
      expect([row, col]).toEqual([row50(k), col50(k)]);
      expect(run.obsNames[i]).toMatch(/^[ACGT]{16}$/);
    }
    function row50(k: number): number {
      return Math.floor(k / 50);
    }
    function col50(k: number): number {
      return k % 50;
    }
  });

  it('makes clusters spatially coherent', () => {
    const label = new Map<number, string>();
    run.gridPosition.forEach((k, i) => label.set(k, run.clusters[i]!));
    let same = 0;
    let pairs = 0;
    for (const [k, c] of label) {
      for (const m of [k + 1, k + 50]) {
        const other = label.get(m);
        if (other === undefined || (m === k + 1 && m % 50 === 0)) continue;
        pairs++;
        if (other === c) same++;
      }
    }
    expect(same / pairs).toBeGreaterThan(0.85);
  });

  it('enriches each cluster’s marker genes in that cluster', () => {
    for (let c = 0; c < 6; c++) {
      const inCluster = new Float64Array(600);
      const rest = new Float64Array(600);
      let nIn = 0;
      for (let i = 0; i < n; i++) {
        const mine = run.clusters[i] === `C${c + 1}`;
        if (mine) nIn++;
        for (let q = run.X.indptr[i]!; q < run.X.indptr[i + 1]!; q++)
          (mine ? inCluster : rest)[run.X.indices[q]!]! += run.X.data[q]!;
      }
      expect(run.markers[c]!.length).toBeGreaterThan(0);
      for (const g of run.markers[c]!) expect(inCluster[g]! / nIn).toBeGreaterThan((4 * rest[g]!) / (n - nIn));
    }
  });

  it('separates clusters in the embedding', () => {
    // Nearest-centroid classification in UMAP space recovers the labels.
    const sums = new Map<string, [number, number, number]>();
    run.clusters.forEach((c, i) => {
      const s = sums.get(c) ?? [0, 0, 0];
      sums.set(c, [s[0] + run.umap[2 * i]!, s[1] + run.umap[2 * i + 1]!, s[2] + 1]);
    });
    let right = 0;
    run.clusters.forEach((c, i) => {
      let best = '';
      let bestD = Infinity;
      for (const [name, [x, y, m]] of sums) {
        const d = (run.umap[2 * i]! - x / m) ** 2 + (run.umap[2 * i + 1]! - y / m) ** 2;
        if (d < bestD) {
          bestD = d;
          best = name;
        }
      }
      if (best === c) right++;
    });
    expect(right / n).toBeGreaterThan(0.95);
  });

  it('gives RNA QC as genes detected and UMI counts', () => {
    for (const i of [0, 10, n - 1]) {
      expect(run.qc[0][i]).toBe(run.X.indptr[i + 1]! - run.X.indptr[i]!);
      let umi = 0;
      for (let q = run.X.indptr[i]!; q < run.X.indptr[i + 1]!; q++) umi += run.X.data[q]!;
      expect(run.qc[1][i]).toBe(umi);
    }
  });

  it('adds motifs, PFMs, eRegulons and ATAC QC for ATAC runs, and cell types on request', () => {
    const atac = generateRun({
      seed: 1,
      tixels: 400,
      features: 200,
      assay: 'atac',
      motifs: 30,
      regulons: 5,
      cellTypes: true,
    });
    expect(atac.motifs!.matrix).toMatchObject({ nRows: 400, nCols: 30 });
    expect(atac.motifs!.names[0]).toBe('MA0001.1_Ctcf');
    for (const column of atac.motifs!.pfms[0]!.rows[0]!.keys()) {
      const total = atac.motifs!.pfms[0]!.rows.reduce((s, row) => s + row[column]!, 0);
      expect(total).toBeCloseTo(1, 2);
    }
    expect(atac.regulons!.matrix).toMatchObject({ nRows: 400, nCols: 5 });
    expect(atac.regulons!.names[0]).toMatch(/^Ctcf_\+\/\+_\(\d+r\)$/);
    expect(atac.qcNames).toEqual(['TSSEnrichment', 'log10_nFrags']);
    expect(Math.max(...atac.qc[1])).toBeLessThan(6);
    expect(new Set(atac.cellTypes).size).toBe(8);
  });
});
