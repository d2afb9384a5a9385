/**
 * Selection-vs-rest ranking from a SelectionIndex, in time proportional to the non-zeros of the smaller side
 * (the selection, or its complement when the selection holds more than half the tixels). That side's sums are
 * walked from the row-major copy; the other side is total − that side. The answers are `welchVsRest` and
 * `wilcoxonVsRest`'s (their tests keep those as the oracle):
 * - both sides' sums are shifted by the feature's first non-zero of the run, so they differ from a direct pass
 *   (`labelMoments` shifts each side by its own first non-zero) by rounding only, except when a side is nearly
 *   constant, or its sum nearly zero, relative to the sums it came from. Such features are recomputed directly
 *   from that side's rows with its own shift, which keeps scipy's degenerate cases (zero variances → score
 *   ±∞ or 0) exact; they are rare, and one extra pass per side serves all of them;
 * - rank sums are sums of half-integers, exact in float64 in any order, so they are bit-identical.
 */
import { groupLabels, requireSizes } from './group.js';
import type { LabelMoments } from './moments.js';
import type { RankSums } from './rank-sums.js';
import type { DeResult } from './result.js';
import { requireRows, type SelectionIndex } from './selection-index.js';
import { addTileSums, requireTiles, TILE_STRIDE, tilesCovering } from './selection-tiles.js';
import { welchFromMoments } from './welch.js';
import { wilcoxonFromRankSums } from './wilcoxon.js';

/**
 * A side whose stored-value deviations (or sum) fall below this fraction of the sums they were formed from is
 * recomputed: the relative error of the difference is about ε / fraction, so 1e-6 keeps it near 1e-10.
 */
const CANCELLATION = 1e-6;
/** Accumulators per feature in the walk: Σe, Σe², count, Σ doubled rank (32 bytes), as a tile's sums hold them. */
const STRIDE = TILE_STRIDE;
/** Features per block of the walk: 4096 × 32 bytes of accumulators = 128 KiB. */
const BLOCK = 4096;
/**
 * Blocks pay when each row has many non-zeros in each block (10k × 30k at 10 %: ~375); a Visium HD row has ~150
 * in all (~30 per block), and a single pass measured 20–25 % faster there than revisiting every row per block.
 */
const MIN_NONZEROS_PER_BLOCK = 64;

export interface SelectionStats {
  moments: LabelMoments;
  /** Null when not asked for: Welch needs no ranks, and skipping them saves a quarter of the walk's reads. */
  ranks: RankSums | null;
  /** Features of either side recomputed directly (for tests and benchmarks). */
  recomputed: number;
}

/**
 * Moments and rank sums of `group` (label 1) and the rest (label 0), as `labelMoments` and `rankSumsByLabel`
 * would give them for the labels of `groupLabels`. `plan` is `selectionWalkOf(index, group)` when the caller has it
 * (a worker plans its reads with it first: on five million cells the plan costs 20–80 ms).
 */
export function selectionStats(
  index: SelectionIndex,
  group: ArrayLike<number>,
  withRanks = true,
  plan?: SelectionWalk,
): SelectionStats {
  const { nObs, nFeatures, shift } = index;
  const { rows, tiles, side } = plan ?? walkPlan(index, sides(nObs, group));
  const { walkGroup, walkedRows } = side;
  requireRows(index, rows, withRanks);
  const acc = walk(index, rows, withRanks);
  if (tiles) {
    const tiling = index.tilings![tiles.tiling]!;
    requireTiles(tiling, tiles.tiles);
    addTileSums(tiling, nFeatures, tiles.tiles, acc);
  }
  const nWalked = walkedRows.length;
  const nDerived = nObs - nWalked;
  // Labels as welchFromMoments reads them: 0 = the rest, 1 = the group.
  const walkedAt = walkGroup ? nFeatures : 0;
  const derivedAt = walkGroup ? 0 : nFeatures;
  const moments: LabelMoments = {
    nLabels: 2,
    nFeatures,
    counts: walkGroup ? Float64Array.of(nDerived, nWalked) : Float64Array.of(nWalked, nDerived),
    sums: new Float64Array(2 * nFeatures),
    squaredDeviations: new Float64Array(2 * nFeatures),
    nonZeros: new Float64Array(2 * nFeatures),
  };
  const ranks: RankSums = {
    nLabels: 2,
    nFeatures,
    rankSums: new Float64Array(2 * nFeatures),
    tieTerms: index.tieTerms,
  };
  const { sums, squaredDeviations, nonZeros } = moments;
  const { rankSums } = ranks;
  const redoWalked: number[] = [];
  const redoDerived: number[] = [];
  const allRanks = (nObs * (nObs + 1)) / 2;
  for (let f = 0, at = 0; f < nFeatures; f++, at += STRIDE) {
    const k = shift[f]!;
    const sw = acc[at]!;
    const qw = acc[at + 1]!;
    const cw = acc[at + 2]!;
    if (withRanks) {
      const walkedRanks = acc[at + 3]! / 2 + (nWalked - cw) * index.zeroRank[f]!;
      rankSums[walkedAt + f] = walkedRanks;
      rankSums[derivedAt + f] = allRanks - walkedRanks;
    }
    const cd = index.stored[f]! - cw;
    // The index stores non-zeros only, so the walked count is the side's "% expressing" numerator.
    nonZeros[walkedAt + f] = cw;
    nonZeros[derivedAt + f] = cd;
    const sd = index.shiftedSum[f]! - sw;
    const qd = index.shiftedSquares[f]! - qw;
    if (cw > 0) {
      sums[walkedAt + f] = cw * k + sw;
      squaredDeviations[walkedAt + f] = deviations(nWalked, cw, k, sw, qw);
      if (cancels(cw, k, sw, qw, qw, Math.abs(cw * k) + Math.abs(sw))) redoWalked.push(f);
    }
    if (cd > 0) {
      sums[derivedAt + f] = cd * k + sd;
      squaredDeviations[derivedAt + f] = deviations(nDerived, cd, k, sd, qd);
      const sumScale = Math.abs(index.stored[f]! * k) + Math.abs(index.shiftedSum[f]!) + Math.abs(sw);
      if (cancels(cd, k, sd, qd, index.shiftedSquares[f]! + qw, sumScale)) redoDerived.push(f);
    }
  }
  if (redoWalked.length) {
    // Recomputed from the side's own rows: those in whole tiles too.
    requireRows(index, walkedRows, false);
    recompute(index, walkedRows, redoWalked, moments, walkedAt);
  }
  if (redoDerived.length) {
    const derivedRows = rowsWithLabel(side.labels(), walkGroup ? 0 : 1);
    requireRows(index, derivedRows, false);
    recompute(index, derivedRows, redoDerived, moments, derivedAt);
  }
  return { moments, ranks: withRanks ? ranks : null, recomputed: redoWalked.length + redoDerived.length };
}

/**
 * Squared deviations of a side of n observations from its c stored non-zeros' sums S = Σ(v − k), Q = Σ(v − k)²,
 * the n − c zeros joined by Chan et al.'s pairwise formula, as `labelMoments`' `finish`.
 */
function deviations(n: number, c: number, k: number, s: number, q: number): number {
  const meanStored = k + s / c;
  return Math.max(0, q - (s * s) / c) + ((c * (n - c)) / n) * meanStored * meanStored;
}

/**
 * Whether one side's sums, shifted by the totals' shift, lost their precision: its stored values' deviations or
 * its sum are tiny beside the magnitudes they came from (a nearly constant side, e.g. every value equal, where
 * scipy needs an exact zero variance). One or no stored value has exactly zero deviation: never recomputed.
 */
function cancels(c: number, shift: number, s: number, q: number, scale: number, sumScale: number): boolean {
  if (c < 2) return false;
  return q - (s * s) / c <= CANCELLATION * scale || Math.abs(c * shift + s) <= CANCELLATION * sumScale;
}

/**
 * Per feature Σe, Σe², count and Σ doubled rank over the rows' non-zeros, e = value − the feature's total shift,
 * at [STRIDE × feature]. Features go in blocks whose accumulators fit in a core's L2 cache: each row advances its
 * own cursor through the block, so the accumulators stay cached while the rows stream in (a lasso touches the
 * run's 30k features at random; without blocks the walk measured several times slower). Sparse rows go in one
 * block (MIN_NONZEROS_PER_BLOCK).
 */
function walk(index: SelectionIndex, rows: Int32Array, withRanks: boolean): Float64Array {
  const { nFeatures, rowPtr, features, values, doubledRanks, shift } = index;
  const acc = new Float64Array(STRIDE * nFeatures);
  const cursor = new Float64Array(rows.length);
  let walkedNonZeros = 0;
  for (let r = 0; r < rows.length; r++) {
    cursor[r] = rowPtr[rows[r]!]!;
    walkedNonZeros += rowPtr[rows[r]! + 1]! - cursor[r]!;
  }
  const perRowAndBlock = walkedNonZeros / Math.max(1, rows.length) / Math.ceil(nFeatures / BLOCK);
  const block = perRowAndBlock >= MIN_NONZEROS_PER_BLOCK ? BLOCK : Math.max(1, nFeatures);
  for (let blockEnd = block; blockEnd < nFeatures + block; blockEnd += block) {
    for (let r = 0; r < rows.length; r++) {
      const end = rowPtr[rows[r]! + 1]!;
      let k = cursor[r]!;
      // Two loops rather than a test per value: the ranks' reads are a quarter of the walk's memory traffic.
      if (withRanks) {
        for (; k < end; k++) {
          const f = features[k]!;
          if (f >= blockEnd) break;
          const at = STRIDE * f;
          const e = values[k]! - shift[f]!;
          acc[at]! += e;
          acc[at + 1]! += e * e;
          acc[at + 2]!++;
          acc[at + 3]! += doubledRanks[k]!;
        }
      } else {
        for (; k < end; k++) {
          const f = features[k]!;
          if (f >= blockEnd) break;
          const at = STRIDE * f;
          const e = values[k]! - shift[f]!;
          acc[at]! += e;
          acc[at + 1]! += e * e;
          acc[at + 2]!++;
        }
      }
      cursor[r] = k;
    }
  }
  return acc;
}

/** What `selectionStats` reads of an index for a side: rows one by one, and the whole tiles of one tiling. */
export interface SelectionWalk {
  rows: Int32Array;
  tiles: { tiling: number; tiles: Int32Array } | null;
  /** The side walked, as planned. */
  side: WalkedSide;
}

/** The side of a selection that is walked: the group when it is the smaller, else the rest. */
interface WalkedSide {
  walkGroup: boolean;
  /** Its rows, ascending. */
  walkedRows: Int32Array;
  /** The group's labels (1 in the group), made when asked: only a side that is recomputed needs the other's rows. */
  labels: () => Int32Array;
}

/**
 * What `selectionStats` reads for `group`: the group's side, or the rest's when the group holds more than half the
 * rows; of that side, the tiles it holds whole (their sums) and its other rows. (A side that needs recomputing
 * also reads its rows in whole tiles and the other side's rows: rare, see requireRows.)
 */
export function selectionWalkOf(index: SelectionIndex, group: ArrayLike<number>): SelectionWalk {
  return walkPlan(index, sides(index.nObs, group));
}

function walkPlan(index: SelectionIndex, side: WalkedSide): SelectionWalk {
  const { walkedRows } = side;
  const covering = index.tilings?.length ? tilesCovering(index.tilings, index.nObs, walkedRows) : null;
  if (!covering) return { rows: walkedRows, tiles: null, side };
  return { rows: covering.rest, tiles: { tiling: covering.tiling, tiles: covering.tiles }, side };
}

/**
 * The side to walk. A group given ascending (a lasso, a bitset) that is the smaller side is its own rows: no
 * labels of every observation and no pass over them (two passes of 5M labels were ~50 ms of a 500,000-cell lasso).
 */
function sides(nObs: number, group: ArrayLike<number>): WalkedSide {
  const labelsOf = () => groupLabels(nObs, group);
  if (group.length <= nObs - group.length && isAscendingIn(group, nObs)) {
    return { walkGroup: true, walkedRows: Int32Array.from(group), labels: () => labelsOf().labels };
  }
  const { labels, nGroup } = labelsOf();
  const walkGroup = nGroup <= nObs - nGroup;
  return { walkGroup, walkedRows: rowsWithLabel(labels, walkGroup ? 1 : 0), labels: () => labels };
}

/** Strictly ascending observation indices in [0, nObs): a set as groupLabels would take it, without repeats. */
function isAscendingIn(group: ArrayLike<number>, nObs: number): boolean {
  let last = -1;
  for (let k = 0; k < group.length; k++) {
    const i = group[k]!;
    if (!Number.isInteger(i) || i <= last || i >= nObs) return false;
    last = i;
  }
  return true;
}

function rowsWithLabel(labels: Int32Array, label: number): Int32Array {
  let n = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i] === label) n++;
  const rows = new Int32Array(n);
  for (let i = 0, at = 0; i < labels.length; i++) if (labels[i] === label) rows[at++] = i;
  return rows;
}

/**
 * The named features of one side, accumulated directly from its rows (ascending) with the side's own first
 * non-zero as shift, as `labelMoments` does; their sums and deviations at [at + feature] are replaced.
 */
function recompute(index: SelectionIndex, rows: Int32Array, redo: number[], moments: LabelMoments, at: number): void {
  const { nFeatures, rowPtr, features, values } = index;
  const wanted = new Uint8Array(nFeatures);
  const own = new Float64Array(nFeatures).fill(NaN);
  const s = new Float64Array(nFeatures);
  const q = new Float64Array(nFeatures);
  const c = new Float64Array(nFeatures);
  for (const f of redo) wanted[f] = 1;
  for (const row of rows) {
    for (let k = rowPtr[row]!, end = rowPtr[row + 1]!; k < end; k++) {
      const f = features[k]!;
      if (wanted[f] === 0) continue;
      const v = values[k]!;
      if (Number.isNaN(own[f]!)) own[f] = v;
      const d = v - own[f]!;
      s[f]! += d;
      q[f]! += d * d;
      c[f]!++;
    }
  }
  for (const f of redo) {
    moments.sums[at + f] = c[f]! * own[f]! + s[f]!;
    moments.squaredDeviations[at + f] = deviations(rows.length, c[f]!, own[f]!, s[f]!, q[f]!);
  }
}

/** `welchVsRest(matrix, group)` from the index. */
export function welchForSelection(
  index: SelectionIndex,
  group: ArrayLike<number>,
  options: { walk?: SelectionWalk } = {},
): DeResult {
  const stats = selectionStats(index, group, false, options.walk);
  requireSizes('t-test', stats.moments.counts[1]!, stats.moments.counts[0]!, 2);
  return welchFromMoments(stats.moments, 1);
}

/** `wilcoxonVsRest(matrix, group, { tieCorrect })` from the index. */
export function wilcoxonForSelection(
  index: SelectionIndex,
  group: ArrayLike<number>,
  options: { tieCorrect?: boolean; walk?: SelectionWalk } = {},
): DeResult {
  const stats = selectionStats(index, group, true, options.walk);
  requireSizes('wilcoxon', stats.moments.counts[1]!, stats.moments.counts[0]!, 1);
  return wilcoxonFromRankSums(stats.ranks!, stats.moments, 1, { tieCorrect: options.tieCorrect ?? false });
}
