/**
 * Highly variable genes, scanpy `pp.highly_variable_genes(flavor='seurat')` (Satija et al. 2015):
 * on log1p data, undo the log (expm1), take per-gene mean and variance (ddof = 1), dispersion = var / mean,
 * log both (mean as log1p, dispersion as ln), put genes into 20 equal-width bins of mean (pandas `cut`), and
 * z-score each gene's dispersion within its bin. The top n by normalised dispersion are kept.
 */
import type { CsrMatrix } from '../matrix/types.js';

export interface HvgResult {
  /** Selected gene columns in ascending column order (scanpy subsets keep the original gene order). */
  indices: Int32Array;
  /** Normalised dispersion of every gene; NaN where undefined (e.g. a gene that is never detected). */
  dispersionsNorm: Float64Array;
}

const BINS = 20;

export function highlyVariableGenes(logData: CsrMatrix, nTop = 2000): HvgResult {
  const { nRows: n, nCols: g } = logData;
  const sum = new Float64Array(g);
  const sumSq = new Float64Array(g);
  for (let k = 0; k < logData.data.length; k++) {
    const x = Math.expm1(logData.data[k]!);
    const col = logData.indices[k]!;
    sum[col]! += x;
    sumSq[col]! += x * x;
  }
  const logMean = new Float64Array(g);
  const logDisp = new Float64Array(g);
  for (let j = 0; j < g; j++) {
    let mean = sum[j]! / n;
    const variance = n > 1 ? Math.max(0, (sumSq[j]! - n * mean * mean) / (n - 1)) : 0;
    if (mean === 0) mean = 1e-12; // scanpy's guard against 0/0
    const dispersion = variance / mean;
    logDisp[j] = dispersion === 0 ? NaN : Math.log(dispersion);
    logMean[j] = Math.log1p(mean);
  }
  const dispersionsNorm = normaliseWithinBins(logMean, logDisp);
  return { indices: topIndices(dispersionsNorm, Math.min(nTop, g)), dispersionsNorm };
}

/** pandas `cut(bins=20)`: equal-width right-closed bins over [min, max], the lowest value in the first bin. */
function binOf(logMean: Float64Array): Int32Array {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of logMean) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const width = (hi - lo) / BINS;
  const bins = new Int32Array(logMean.length);
  if (!(width > 0)) return bins; // all means equal: pandas puts every gene in one bin
  for (let j = 0; j < logMean.length; j++) {
    bins[j] = Math.min(BINS - 1, Math.max(0, Math.ceil((logMean[j]! - lo) / width) - 1));
  }
  return bins;
}

function normaliseWithinBins(logMean: Float64Array, logDisp: Float64Array): Float64Array {
  const bins = binOf(logMean);
  const count = new Float64Array(BINS);
  const sum = new Float64Array(BINS);
  const sumSq = new Float64Array(BINS);
  for (let j = 0; j < logDisp.length; j++) {
    const d = logDisp[j]!;
    if (Number.isNaN(d)) continue; // pandas groupby mean/std skip NaN
    const b = bins[j]!;
    count[b]!++;
    sum[b]! += d;
    sumSq[b]! += d * d;
  }
  const binMean = new Float64Array(BINS);
  const binStd = new Float64Array(BINS);
  for (let b = 0; b < BINS; b++) {
    const c = count[b]!;
    const mean = c > 0 ? sum[b]! / c : NaN;
    if (c === 1) {
      // scanpy: a bin holding one gene has no std, so that gene gets dispersion_norm = disp / disp = 1
      binMean[b] = 0;
      binStd[b] = mean;
    } else {
      binMean[b] = mean;
      binStd[b] = Math.sqrt(Math.max(0, (sumSq[b]! - c * mean * mean) / (c - 1)));
    }
  }
  const out = new Float64Array(logDisp.length);
  for (let j = 0; j < logDisp.length; j++) {
    const b = bins[j]!;
    out[j] = (logDisp[j]! - binMean[b]!) / binStd[b]!;
  }
  return out;
}

/** The n largest values (NaN last, ties by lower index), returned in ascending index order. */
function topIndices(values: Float64Array, n: number): Int32Array {
  const key = (j: number) => (Number.isNaN(values[j]!) ? -Infinity : values[j]!);
  const order = Array.from({ length: values.length }, (_, j) => j).sort((a, b) => key(b) - key(a) || a - b);
  return Int32Array.from(order.slice(0, n)).sort();
}
