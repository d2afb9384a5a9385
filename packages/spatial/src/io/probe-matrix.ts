/**
 * A Space Ranger probe-level matrix (several probes per gene, FFPE probe sets) as a gene-level one: the counts
 * of a gene's probes are summed per barcode, as Space Ranger does for its filtered_feature_bc_matrix. Probes that
 * Space Ranger filtered out (`filtered_probes` = 0: off-target or low quality) are left out. Genes keep the order
 * of their first probe.
 */
import type { CsrMatrix } from '../matrix/types.js';
import type { TenxMatrix } from './tenx-h5.js';

export function probesToGenes(matrix: TenxMatrix): TenxMatrix {
  const probes = matrix.probes;
  if (!probes) return matrix;
  const geneOf = new Int32Array(matrix.X.nCols).fill(-1);
  const genes = new Map<string, number>();
  const featureIds: string[] = [];
  const featureNames: string[] = [];
  const featureTypes: string[] = [];
  probes.geneIds.forEach((id, p) => {
    if (probes.kept && !probes.kept[p]) return;
    let g = genes.get(id);
    if (g === undefined) {
      g = featureIds.length;
      genes.set(id, g);
      featureIds.push(id);
      featureNames.push(probes.geneNames[p]!);
      featureTypes.push(matrix.featureTypes[p]!);
    }
    geneOf[p] = g;
  });
  const { X } = matrix;
  const indptr = new Float64Array(X.nRows + 1);
  const indices: number[] = [];
  const data: number[] = [];
  const sums = new Float64Array(featureIds.length);
  const seen = new Uint8Array(featureIds.length);
  const touched: number[] = [];
  for (let r = 0; r < X.nRows; r++) {
    for (let k = X.indptr[r]!; k < X.indptr[r + 1]!; k++) {
      const g = geneOf[X.indices[k]!]!;
      if (g < 0) continue;
      if (!seen[g]) {
        seen[g] = 1;
        touched.push(g);
      }
      sums[g]! += X.data[k]!;
    }
    touched.sort((a, b) => a - b);
    for (const g of touched) {
      if (sums[g] !== 0) {
        indices.push(g);
        data.push(sums[g]!);
      }
      sums[g] = 0;
      seen[g] = 0;
    }
    touched.length = 0;
    indptr[r + 1] = indices.length;
  }
  const genesX: CsrMatrix = {
    kind: 'csr',
    nRows: X.nRows,
    nCols: featureIds.length,
    indptr,
    indices: Int32Array.from(indices),
    data: Float32Array.from(data),
  };
  return { layout: matrix.layout, X: genesX, barcodes: matrix.barcodes, featureIds, featureNames, featureTypes };
}
