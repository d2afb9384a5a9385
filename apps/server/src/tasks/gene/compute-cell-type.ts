import { z } from 'zod';
import { computeCellTypes, parseMarkerCsv, type MarkerMap } from '@atlas/spatial';
import { objectIn } from '../authorise.js';
import { defineTask, parseInput } from '../registry.js';
import { bucketOf, loadClusters, loadFeatures, ZBucketKwargs, ZObjH5ad } from './data.js';

const ZNameMap = z.union([z.record(z.string(), z.array(z.string())), z.string().min(1)]);
const ZArgs = z.tuple([ZObjH5ad, ZNameMap]);

/** gene.compute_cell_type (spec 03 §7, DESIGN §6): args [h5ad path, name map] → cluster → cell-type names. */
export const computeCellType = defineTask({
  name: 'gene.compute_cell_type',
  queue: 'atxcloud_gene',
  idempotent: true,
  target: 'explorer',
  description: 'Assigns cell types to clusters from marker genes (Yuen trimmed t-test).',
  argSpecs: [
    {
      name: 'file',
      value: 'data/D00001/h5/obj/genes.h5ad',
      type: 'string',
      caption: 'File',
      description: 'genes.h5ad of the run.',
    },
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
    kwargs: parseInput(ZBucketKwargs, kwargs, 'kwargs'),
  }),
  touches: ({ args: [file], kwargs }, config) => ({ read: [objectIn(config, kwargs.bucket, file)] }),
  run: async ({ args: [file, nameMap], kwargs }, { deps, progress }): Promise<Record<string, string[]>> => {
    const bucket = bucketOf(deps, kwargs.bucket);
    const markers: MarkerMap = typeof nameMap === 'string' ? parseMarkerCsv(nameMap) : new Map(Object.entries(nameMap));
    const features = await loadFeatures(deps, bucket, file);
    const clusters = await loadClusters(deps, bucket, features.folder);
    await progress(50);
    return computeCellTypes({ matrix: features.matrix, clusters, featureNames: features.names, markers }).cellTypes;
  },
});
