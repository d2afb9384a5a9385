import { z } from 'zod';
import { computeCellTypes, parseMarkerCsv, type MarkerMap } from '@atlas/spatial';
import { objectIn } from '../authorise.js';
import { defineTask, parseInput } from '../registry.js';
import { bucketOf, GENES_FILE_ARG, loadClusters, loadFeatures, ZBucketKwargs, ZObjH5ad } from './data.js';

const ZNameMap = z.union([z.record(z.string(), z.array(z.string())), z.string().min(1)]);
const ZArgs = z.tuple([ZObjH5ad, ZNameMap]);
const ZKwargs = ZBucketKwargs.extend({
  /** true: answer the map with why each 'Undefined' cluster has no label (the explorer's result dialog). */
  explain: z.boolean().default(false),
});

/** The explained result: the spec's cluster → names map plus the reasons the explorer shows. */
export interface CellTypeReport {
  cell_types: Record<string, string[]>;
  /** Why each 'Undefined' cluster has no label. */
  reasons: Record<string, string>;
  /** Clusters too small to test, left out of every comparison. */
  skipped: { cluster: string; n: number }[];
  /** Marker genes of the CSV that the run does not have. */
  unknown_markers: string[];
}

/**
 * gene.compute_cell_type (spec 03 §7, DESIGN §6): args [h5ad path, name map] → cluster → cell-type names; with
 * kwargs `explain: true` the map comes with the reasons for every 'Undefined' cluster (CellTypeReport).
 */
export const computeCellType = defineTask({
  name: 'gene.compute_cell_type',
  queue: 'atxcloud_gene',
  idempotent: true,
  target: 'explorer',
  description: 'Assigns cell types to clusters from marker genes (Yuen trimmed t-test).',
  argSpecs: [
    GENES_FILE_ARG,
    {
      name: 'name_map',
      value: {},
      type: 'object',
      caption: 'Markers',
      description: 'Cell type → marker genes (or the marker csv text).',
    },
  ],
  parse: (args, kwargs) => ({
    args: parseInput(ZArgs, args, 'args'),
    kwargs: parseInput(ZKwargs, kwargs, 'kwargs'),
  }),
  touches: ({ args: [file], kwargs }, config) => ({ read: [objectIn(config, kwargs.bucket, file)] }),
  run: async (
    { args: [file, nameMap], kwargs },
    { deps, progress },
  ): Promise<Record<string, string[]> | CellTypeReport> => {
    const bucket = bucketOf(deps, kwargs.bucket);
    const markers: MarkerMap = typeof nameMap === 'string' ? parseMarkerCsv(nameMap) : new Map(Object.entries(nameMap));
    const features = await loadFeatures(deps, bucket, file);
    const clusters = await loadClusters(deps, bucket, features.folder);
    await progress(50);
    const result = computeCellTypes({ matrix: features.matrix, clusters, featureNames: features.names, markers });
    if (!kwargs.explain) return result.cellTypes;
    return {
      cell_types: result.cellTypes,
      reasons: result.reasons,
      skipped: result.skipped.map(({ cluster, nObs }) => ({ cluster, n: nObs })),
      unknown_markers: result.unknownMarkers,
    };
  },
});
