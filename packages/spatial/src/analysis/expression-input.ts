/**
 * What an AnnData's matrices hold, and which of them each step of the import uses. AnnData files come with
 * counts, log-normalised or scaled values in X, with or without `raw.X` and `layers['counts']`; running the
 * raw-count recipe on values that are already log-normalised would normalise and log them a second time, and
 * ranking genes on raw counts or scaled values gives other top genes than scanpy's log1p(CP10k) ranking.
 *
 * - `classifyMatrixValues`: counts (non-negative integers), log-normalised (non-negative, not all integers) or
 *   scaled (negative values: z-scores after `sc.pp.scale`).
 * - `chooseExpressionInput`: the counts to cluster on and sum for QC (`layers['counts']`, else `raw.X`, else X),
 *   and the explorer's matrix: the file's own log-normalised values (X, else raw.X), else log1p(CP10k) of the
 *   counts. A file with neither counts nor log-normalised values is refused with what to provide.
 */
import type { Matrix } from '../matrix/types.js';
import { normalizeLog1p, normalizeLog1pInPlace } from './normalize.js';

export type MatrixValueKind = 'counts' | 'log-normalised' | 'scaled';

export interface MatrixValues {
  kind: MatrixValueKind;
  /** Smallest and largest finite stored value (0, 0 for a matrix with no stored values). */
  min: number;
  max: number;
  /** Stored values looked at for the integer test. */
  sampled: number;
}

/** Values looked at for the integer test: enough to see a non-integer in any normalised matrix, cheap at any size. */
const SAMPLE_SIZE = 100_000;

/**
 * Counts vs log-normalised vs scaled. Every stored value is scanned for a negative (a scaled matrix may have few
 * of them); the integer test looks at an evenly spaced sample of the stored values. NaN and ±Infinity are left
 * out (legacy files carry NaNs in X). A matrix with no stored values counts as counts (all zeros).
 */
export function classifyMatrixValues(matrix: Matrix, sampleSize = SAMPLE_SIZE): MatrixValues {
  const { data } = matrix;
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < data.length; k++) {
    const x = data[k]!;
    if (!Number.isFinite(x)) continue;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (min === Infinity) return { kind: 'counts', min: 0, max: 0, sampled: 0 };
  if (min < 0) return { kind: 'scaled', min, max, sampled: 0 };
  const step = Math.max(1, Math.floor(data.length / sampleSize));
  let sampled = 0;
  for (let k = 0; k < data.length; k += step) {
    const x = data[k]!;
    if (!Number.isFinite(x)) continue;
    sampled++;
    if (x !== Math.round(x)) return { kind: 'log-normalised', min, max, sampled };
  }
  return { kind: 'counts', min, max, sampled };
}

/** Where a matrix came from in the file, as scanpy users name it. */
export type MatrixSource = "layers['counts']" | 'raw.X' | 'X';

export interface SourcedMatrix {
  source: MatrixSource;
  matrix: Matrix;
  varNames: string[];
}

export interface ExpressionInput {
  /**
   * What clusters and UMAP are computed from when the file has none: counts (normalised here) or log values;
   * 'as-is' is never chosen here, only by callers that show a file's values unchanged (ATAC gene scores).
   */
  path: 'counts' | 'log-normalised' | 'as-is';
  /** The raw counts (QC columns, the analysis on the counts path), or null when the file has none. */
  counts: SourcedMatrix | null;
  /** The explorer's matrix (feature colouring, top-ten tables, lasso ranking): always log-normalised. */
  explorer: { source: 'X' | 'raw.X' | 'log1p(CP10k)'; matrix: Matrix; varNames: string[] };
  /** What each matrix present in the file holds, in the order looked at. */
  found: { source: MatrixSource; values: MatrixValues }[];
  /**
   * Per observation, the sum of its counts, when the explorer matrix was normalised in place (`inPlace`): the
   * counts' matrix then holds the explorer's values too, and these are what is left of them.
   */
  countTotals?: Float64Array;
}

/** The AnnData parts this needs (H5adData has them; so will the other readers). */
export interface AnnDataMatrices {
  X: Matrix;
  varNames: string[];
  raw?: { X: Matrix; varNames: string[] };
  layers?: { counts?: Matrix };
}

export class ExpressionInputError extends Error {
  override name = 'ExpressionInputError';
}

export const EXPRESSION_INPUT_MSG = {
  scaled:
    "X holds negative values (scaled data): provide raw counts in layers['counts'] or raw.X, or log-normalised values in raw.X",
} as const;

/**
 * Picks the counts and the explorer matrix of an AnnData (see the file comment). Throws ExpressionInputError when
 * there are neither counts nor log-normalised values (a scaled X alone). With `inPlace`, log1p(CP10k) is written
 * over the counts' own values (`countTotals` keeps their sums): for an import that needs no analysis of the counts.
 */
export function chooseExpressionInput(
  adata: AnnDataMatrices,
  { targetSum = 1e4, inPlace = false }: { targetSum?: number; inPlace?: boolean } = {},
): ExpressionInput {
  const candidates: SourcedMatrix[] = [];
  if (adata.layers?.counts)
    candidates.push({ source: "layers['counts']", matrix: adata.layers.counts, varNames: adata.varNames });
  if (adata.raw) candidates.push({ source: 'raw.X', matrix: adata.raw.X, varNames: adata.raw.varNames });
  candidates.push({ source: 'X', matrix: adata.X, varNames: adata.varNames });
  const found = candidates.map((c) => ({ source: c.source, values: classifyMatrixValues(c.matrix) }));
  const kindOf = (source: MatrixSource) => found.find((f) => f.source === source)?.values.kind;

  const counts = candidates.find((c) => kindOf(c.source) === 'counts') ?? null;
  // The file's own log values win (they are what its authors analysed); X before raw.X, as scanpy's use_raw=False.
  const loggedSource = (['X', 'raw.X'] as const).find((source) => kindOf(source) === 'log-normalised');
  const logged = candidates.find((c) => c.source === loggedSource);
  if (loggedSource && logged) {
    const explorer = { source: loggedSource, matrix: logged.matrix, varNames: logged.varNames };
    return { path: counts ? 'counts' : 'log-normalised', counts, explorer, found };
  }
  if (counts && inPlace) {
    const { matrix, totals } = normalizeLog1pInPlace(counts.matrix, targetSum);
    const explorer = { source: 'log1p(CP10k)' as const, matrix, varNames: counts.varNames };
    return { path: 'counts', counts: { ...counts, matrix }, explorer, found, countTotals: totals };
  }
  if (counts) {
    const matrix = normalizeLog1p(counts.matrix, targetSum);
    return { path: 'counts', counts, explorer: { source: 'log1p(CP10k)', matrix, varNames: counts.varNames }, found };
  }
  throw new ExpressionInputError(EXPRESSION_INPUT_MSG.scaled);
}
