import { z } from 'zod';
import { SELECTION_TABLE_ROWS, ZDeMethod, ZTixelSelection, type DeColumns, type DeMethod } from '@atlas/contracts';
import { objectIn } from '../authorise.js';
import { defineTask, parseInput, TaskInputError } from '../registry.js';
import { bucketOf, ZBucketKwargs, ZObjH5ad } from './data.js';
import { deColumns } from './de-columns.js';
import { loadSelectionIndex, type RunSelectionIndex } from './selection-index.js';
import {
  deRows,
  RowsNotLoadedError,
  selectionIndexRows,
  selectionWalkOf,
  welchForSelection,
  welchVsRest,
  wilcoxonForSelection,
  wilcoxonVsRest,
} from '@atlas/spatial';

/** The table key is echoed as sent: our explorer sends a string, the original AtlasXplore its table's number. */
const ZArgs = z.tuple([
  ZObjH5ad,
  ZTixelSelection('Select at least one tixel'),
  z.union([z.string().max(200), z.number()]).optional(),
]);
const ZKwargs = ZBucketKwargs.extend({
  method: ZDeMethod.default('t-test'),
  /** Wilcoxon only: tie-corrected variance; scanpy's default (false) leaves it uncorrected. */
  tie_correct: z.boolean().default(false),
  /** Set A vs set B: the tixels to compare the selection with, instead of all other tixels. */
  reference: ZTixelSelection('Set B needs at least one tixel').optional(),
  /** Every feature's row; by default the top SELECTION_TABLE_ROWS, since the whole table costs more to store and
   * send than to compute. */
  full_table: z.boolean().default(false),
  /** Every feature's statistics by column (means, % expressing, …) for the DE results panel (`columns`). */
  columns: z.boolean().default(false),
});

interface QcRow {
  name: string;
  score: number;
  log2fc: number;
  p: number;
  p_adj: number;
}

export interface ComputeQcResult {
  /** The table key the client sent (the anti key), echoed so it can match the answer to its table. */
  key: string | number | null;
  n_selected: number;
  /** The test that ranked the table, and for Wilcoxon whether ties were corrected (recorded in the saved CSV). */
  method: DeMethod;
  tie_correct: boolean;
  /** The 10 most enriched features of the selection. */
  top_selected: string[];
  /** Features ranked by score, highest first: the top SELECTION_TABLE_ROWS, or every one with kwargs full_table. */
  table: QcRow[];
  /** How many features were ranked (the length of the full table). */
  n_features: number;
  /** With kwargs columns: every feature's statistics, in feature order. */
  columns?: DeColumns;
}

/**
 * The distinct tixels of a set, in the order first given, each checked against the run's `n`: marked one byte per
 * tixel in `seen`, not gathered in a Set: 20 ms for a 500,000-cell lasso of a 5M-cell run, where the Set took ~60.
 */
function distinctTixels(indices: readonly number[], n: number, seen: Uint8Array): number[] {
  // Written into an array of the given length, then cut: pushing 500,000 indices one by one cost 30 ms more.
  const distinct = new Array<number>(indices.length);
  let count = 0;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    if (i >= n) throw new TaskInputError(`Tixel index ${i} is outside 0..${n - 1}`);
    if (seen[i] === 1) continue;
    seen[i] = 1;
    distinct[count++] = i;
  }
  distinct.length = count;
  return distinct;
}

/**
 * gene.compute_qc (spec 03 §7): a lasso/quad selection of tixels against all other tixels, Welch t-test (default,
 * the original's method) or Wilcoxon rank-sum (kwargs method, tie_correct); args [h5ad path, selected tixel indices,
 * table key]. Ranked from the run's selection index, in time proportional to the selection's non-zeros. With kwargs
 * `reference` (a second tixel set, e.g. a shared annotation) the selection is ranked against that set only.
 */
export const computeQc = defineTask({
  name: 'gene.compute_qc',
  queue: 'atxcloud_gene',
  idempotent: true,
  target: 'explorer',
  description: 'Ranks every feature for a selection of tixels against the rest.',
  argSpecs: [
    {
      name: 'file',
      value: 'data/D00001/h5/obj/genes.h5ad',
      type: 'string',
      caption: 'File',
      description: 'genes.h5ad, motifs.h5ad or eRegulons.h5ad of the run.',
    },
    {
      name: 'selected',
      value: [],
      type: 'array',
      caption: 'Selected tixels',
      description: 'Tixel indices (data.csv row numbers), or { bitset } (base64, bit i for tixel i) when shorter.',
    },
    { name: 'key', value: '', type: 'string', caption: 'Table key', description: 'Echoed in the result.' },
  ],
  parse: (args, kwargs) => ({ args: parseInput(ZArgs, args, 'args'), kwargs: parseInput(ZKwargs, kwargs, 'kwargs') }),
  touches: ({ args: [file], kwargs }, config) => ({ read: [objectIn(config, kwargs.bucket, file)] }),
  run: async ({ args: [file, selected, key], kwargs }, { deps, progress }): Promise<ComputeQcResult> => {
    const bucket = bucketOf(deps, kwargs.bucket);
    // Decoded once per worker process (bounded cache): a lasso then costs its own tixels' non-zeros.
    const loaded = await loadSelectionIndex(deps, bucket, file);
    const { index, names } = loaded;
    const n = index.nObs;
    const inGroup = new Uint8Array(n);
    const group = distinctTixels(selected, n, inGroup);
    const tieCorrect = kwargs.method === 'wilcoxon' && kwargs.tie_correct;
    let result;
    if (kwargs.reference) {
      // Set A vs set B: the two sets alone, A first, so that "the rest" of the ranking is exactly B.
      const reference = distinctTixels(kwargs.reference, n, new Uint8Array(n));
      if (reference.some((i) => inGroup[i] === 1)) throw new TaskInputError('Set A and set B share tixels');
      // Ranked from the two sets' own values (selectionIndexRows): their ranks in the whole run are not read.
      await loaded.ensureRows([...group, ...reference], { ranks: false });
      await progress(40);
      const matrix = selectionIndexRows(index, [...group, ...reference]);
      const ranked = group.map((_, i) => i);
      result =
        kwargs.method === 'wilcoxon' ? wilcoxonVsRest(matrix, ranked, { tieCorrect }) : welchVsRest(matrix, ranked);
    } else {
      // A t-test sums values only: the rows' ranks are read for Wilcoxon alone.
      const ranks = kwargs.method === 'wilcoxon';
      const walk = selectionWalkOf(index, group);
      await loaded.ensureRows(walk.rows, { ranks });
      if (walk.tiles) await loaded.ensureTiles(walk.tiles.tiling, walk.tiles.tiles);
      await progress(40);
      result = await rankReadingRows(loaded, ranks, () =>
        kwargs.method === 'wilcoxon'
          ? wilcoxonForSelection(index, group, { tieCorrect, walk })
          : welchForSelection(index, group, { walk }),
      );
    }
    await progress(90);
    const table = deRows(result)
      .map((row) => ({
        name: names[row.index]!,
        score: row.score,
        log2fc: row.logFoldChange,
        p: row.pValue,
        p_adj: row.pAdj,
      }))
      .sort((a, b) =>
        b.score === a.score ? 0 : Number.isNaN(a.score) ? 1 : Number.isNaN(b.score) ? -1 : b.score - a.score,
      );
    return {
      key: key ?? null,
      n_selected: group.length,
      method: kwargs.method,
      tie_correct: tieCorrect,
      top_selected: table.slice(0, 10).map((r) => r.name),
      table: (kwargs.full_table ? table : table.slice(0, SELECTION_TABLE_ROWS)).map(finite),
      n_features: table.length,
      ...(kwargs.columns && { columns: deColumns(result, names) }),
    };
  },
});

/** JSON has no NaN/Infinity: those become null-free sentinels the client can show (0 score, p 1). */
function finite(row: QcRow): QcRow {
  const fix = (v: number, fallback: number) => (Number.isFinite(v) ? v : fallback);
  return {
    name: row.name,
    score: fix(row.score, 0),
    log2fc: fix(row.log2fc, 0),
    p: fix(row.p, 1),
    p_adj: fix(row.p_adj, 1),
  };
}

/**
 * Ranks, reading any rows the ranking names first: a side whose sums cancel is recomputed from its own rows, which
 * for the larger side of an index read in parts may not have been read (rare). Twice at most: the second read is
 * the rows it named.
 */
async function rankReadingRows<T>(loaded: RunSelectionIndex, ranks: boolean, rank: () => T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return rank();
    } catch (error) {
      if (!(error instanceof RowsNotLoadedError) || attempt === 2) throw error;
      await loaded.ensureRows(error.rows, { ranks });
    }
  }
}
