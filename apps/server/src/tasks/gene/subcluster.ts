import { z } from 'zod';
import { EXPORT_MSG, SUBCLUSTER_MAX_CELLS, SUBCLUSTER_MIN_CELLS } from '@atlas/contracts';
import { analyseRaw, selectionIndexRows } from '@atlas/spatial';
import { objectIn } from '../authorise.js';
import { defineTask, parseInput, TaskInputError } from '../registry.js';
import { bucketOf, GENES_FILE_ARG, ZBucketKwargs } from './data.js';
import { loadSelectionIndex } from './selection-index.js';

/** The run's genes only: sub-clusters of motif or regulon activity are not what a re-clustering asks for. */
const ZGenesH5ad = z.string().regex(/^data\/D[0-9]{5,}\/h5\/obj\/genes\.h5ad$/, 'Must be data/{run}/h5/obj/genes.h5ad');
/**
 * Checked in one loop (a 20,000-tixel lasso), the count before anything else: too many is refused when posted. Too
 * few is the task's FAILURE with its reason (a lasso's size is the explorer's to show, not a malformed request).
 */
const ZSelection = z
  .array(z.number())
  .superRefine((items, ctx) => {
    if (items.length > SUBCLUSTER_MAX_CELLS)
      ctx.addIssue({ code: 'custom', message: EXPORT_MSG.subclusterTooMany(items.length, SUBCLUSTER_MAX_CELLS) });
    const bad = items.findIndex((i) => !Number.isInteger(i) || i < 0);
    if (bad >= 0) ctx.addIssue({ code: 'custom', path: [bad], message: 'Expected a tixel index (an integer ≥ 0)' });
  })
  .transform((items) => [...new Set(items)].sort((a, b) => a - b));
const ZArgs = z.tuple([ZGenesH5ad, ZSelection]);
const ZKwargs = ZBucketKwargs.extend({
  /** The random seed of PCA, Louvain and UMAP: the same selection and seed give the same sub-clusters. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(0),
  /** Louvain's resolution: higher finds more, smaller sub-clusters. */
  resolution: z.number().min(0.05).max(5).default(1),
  n_neighbors: z.number().int().min(2).max(50).default(15),
});

export interface SubclusterResult {
  /** The selected tixels, ascending and unique: the rows `labels` and `umap` follow. */
  tixels: number[];
  /** Sub-cluster of each selected tixel, `C1` the largest. */
  labels: string[];
  /** The sub-clusters in order, each with its tixels (what the explorer saves as annotations). */
  clusters: { name: string; tixels: number[] }[];
  /** UMAP of the selected tixels alone, interleaved x, y. */
  umap: number[];
  seed: number;
  n_hvg: number;
}

/**
 * gene.subcluster (issue 34, "re-cluster a subset"): the selected tixels alone through the recipe raw imports use,
 * from highly variable genes on (the run's values are log-normalised): HVG → scale → PCA → kNN → Louvain → UMAP,
 * one seeded generator, so the same selection and seed give the same sub-clusters. The selected rows are read from
 * the run's selection index (time proportional to the selection). The explorer saves the result as annotations of
 * the run through the annotations API, where who may write the run is checked as for every annotation.
 */
export const subcluster = defineTask({
  name: 'gene.subcluster',
  queue: 'atxcloud_gene',
  idempotent: true,
  target: 'explorer',
  description: 'Re-clusters a selection of tixels (PCA, kNN, Louvain) and embeds it with UMAP.',
  argSpecs: [
    GENES_FILE_ARG,
    {
      name: 'selected',
      value: [],
      type: 'array',
      caption: 'Selected tixels',
      description: `Tixel indices (data.csv row numbers), ${SUBCLUSTER_MIN_CELLS} to ${SUBCLUSTER_MAX_CELLS}.`,
    },
  ],
  parse: (args, kwargs) => ({ args: parseInput(ZArgs, args, 'args'), kwargs: parseInput(ZKwargs, kwargs, 'kwargs') }),
  touches: ({ args: [file], kwargs }, config) => ({ read: [objectIn(config, kwargs.bucket, file)] }),
  run: async ({ args: [file, tixels], kwargs }, { deps, progress }): Promise<SubclusterResult> => {
    const bucket = bucketOf(deps, kwargs.bucket);
    const loaded = await loadSelectionIndex(deps, bucket, file);
    const n = loaded.index.nObs;
    if (tixels.length < Math.max(SUBCLUSTER_MIN_CELLS, kwargs.n_neighbors + 1))
      throw new TaskInputError(EXPORT_MSG.subclusterTooFew(tixels.length, SUBCLUSTER_MIN_CELLS));
    const outside = tixels.find((i) => i >= n);
    if (outside !== undefined) throw new TaskInputError(`Tixel index ${outside} is outside 0..${n - 1}`);
    // Their values only (selectionIndexRows): the rows' ranks in the whole run are not read.
    await loaded.ensureRows(tixels, { ranks: false });
    await progress(10);
    const matrix = selectionIndexRows(loaded.index, tixels);
    // One synchronous computation: stages report nothing a poller could see before it ends, so progress is the
    // read (10 %) and the result (90 %).
    const result = analyseRaw(matrix, {
      seed: kwargs.seed,
      resolution: kwargs.resolution,
      nNeighbors: kwargs.n_neighbors,
      logNormalised: true,
    });
    await progress(90);
    const members = new Map<string, number[]>();
    result.clusters.forEach((label, i) => {
      const list = members.get(label) ?? [];
      list.push(tixels[i]!);
      members.set(label, list);
    });
    const clusters = [...members].map(([name, list]) => ({ name, tixels: list }));
    clusters.sort((a, b) => Number(a.name.slice(1)) - Number(b.name.slice(1)));
    return {
      tixels,
      labels: result.clusters,
      clusters,
      umap: Array.from(result.umap),
      seed: kwargs.seed,
      n_hvg: result.hvg.length,
    };
  },
});
