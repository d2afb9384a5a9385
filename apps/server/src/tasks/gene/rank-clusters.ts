import { z } from 'zod';
import { RANK_CLUSTERS_MAX, ZDeMethod, ZDeSource, type RankClustersResult } from '@atlas/contracts';
import { rankClusters, readRankGenesGroups, type ClusterRanking, type CsrMatrix } from '@atlas/spatial';
import { objectIn } from '../authorise.js';
import { readObject } from '../../infra/storage/index.js';
import { defineTask, parseInput, TaskInputError } from '../registry.js';
import { bucketOf, loadClusters, ZBucketKwargs, ZObjH5ad } from './data.js';
import { deColumns, fileColumns } from './de-columns.js';
import { loadSelectionIndex, type RunSelectionIndex } from './selection-index.js';

const ZArgs = z.tuple([ZObjH5ad]);
const ZKwargs = ZBucketKwargs.extend({
  source: ZDeSource.default('computed'),
  method: ZDeMethod.default('t-test'),
  tie_correct: z.boolean().default(false),
  /** The cluster (or the file's group) whose table to answer; by default the first. */
  cluster: z.string().max(200).optional(),
});

/**
 * The last rankings of every cluster, per run file and test, kept while the run's selection index is the same
 * object (the index cache hands out the same one until the web files change): choosing another cluster in the
 * panel then answers from memory instead of another pass over the matrix.
 */
const recent = new Map<string, { index: RunSelectionIndex['index']; rankings: ClusterRanking[] }>();
const RECENT_MAX = 4;

/**
 * gene.rank_clusters (issue 34): every cluster of the run against the rest at once (scanpy rank_genes_groups with
 * reference 'rest', one pass over the matrix serves all clusters), answering one cluster's full table by column; or,
 * with kwargs source 'file', the run file's own uns['rank_genes_groups'].
 */
export const rankClustersTask = defineTask({
  name: 'gene.rank_clusters',
  queue: 'atxcloud_gene',
  idempotent: true,
  target: 'explorer',
  description: "Ranks every feature for each cluster against the rest, or reads the file's own rank_genes_groups.",
  argSpecs: [
    {
      name: 'file',
      value: 'data/D00001/h5/obj/genes.h5ad',
      type: 'string',
      caption: 'File',
      description: 'genes.h5ad, motifs.h5ad or eRegulons.h5ad of the run.',
    },
  ],
  parse: (args, kwargs) => ({ args: parseInput(ZArgs, args, 'args'), kwargs: parseInput(ZKwargs, kwargs, 'kwargs') }),
  touches: ({ args: [file], kwargs }, config) => ({ read: [objectIn(config, kwargs.bucket, file)] }),
  run: async ({ args: [file], kwargs }, { deps, progress }): Promise<RankClustersResult> => {
    const bucket = bucketOf(deps, kwargs.bucket);
    if (kwargs.source === 'file') {
      if (!(await deps.storage.exists(bucket, file))) throw new TaskInputError(`Missing input: ${file}`);
      const own = await readRankGenesGroups(await readObject(deps.storage, bucket, file), file);
      const chosen = own?.groups.find((g) => g.group === kwargs.cluster) ?? own?.groups[0];
      return {
        source: 'file',
        clusters: (own?.groups ?? []).map((g) => ({ cluster: g.group, n: null })),
        cluster: chosen?.group ?? null,
        method: own?.method ?? null,
        tie_correct: false,
        groupby: own?.groupby ?? null,
        columns: chosen ? fileColumns(chosen) : null,
      };
    }
    const loaded = await loadSelectionIndex(deps, bucket, file);
    const rankings = await rankingsOf(deps, bucket, file, loaded, kwargs);
    await progress(90);
    const chosen = rankings.find((r) => r.cluster === kwargs.cluster) ?? rankings[0];
    return {
      source: 'computed',
      clusters: rankings.map((r) => ({ cluster: r.cluster, n: r.nObs })),
      cluster: chosen?.cluster ?? null,
      method: kwargs.method,
      tie_correct: kwargs.method === 'wilcoxon' && kwargs.tie_correct,
      groupby: null,
      columns: chosen?.result ? deColumns(chosen.result, loaded.names) : null,
    };
  },
});

async function rankingsOf(
  deps: Parameters<typeof loadClusters>[0],
  bucket: string,
  file: string,
  loaded: RunSelectionIndex,
  kwargs: { method: 't-test' | 'wilcoxon'; tie_correct: boolean },
): Promise<ClusterRanking[]> {
  const key = `${bucket}\n${file}\n${kwargs.method}\n${kwargs.tie_correct}`;
  const hit = recent.get(key);
  if (hit && hit.index === loaded.index) return hit.rankings;
  const { index } = loaded;
  const labels = await loadClusters(deps, bucket, file.slice(0, file.indexOf('obj/')));
  if (labels.length !== index.nObs) {
    throw new TaskInputError(`data.csv has ${labels.length} tixels but the matrix has ${index.nObs}`);
  }
  const distinct = new Set(labels).size;
  if (distinct > RANK_CLUSTERS_MAX) throw new TaskInputError(`${distinct} clusters: at most ${RANK_CLUSTERS_MAX}`);
  // Every row: a cluster against the rest reads the whole matrix (one pass for all clusters).
  await loaded.ensureRows(Int32Array.from({ length: index.nObs }, (_, i) => i));
  // The index's row-major copy is a CSR matrix as it stands: no copy.
  const matrix: CsrMatrix = {
    kind: 'csr',
    nRows: index.nObs,
    nCols: index.nFeatures,
    indptr: index.rowPtr,
    indices: index.features,
    data: index.values,
  };
  const rankings = rankClusters(matrix, labels, { method: kwargs.method, tieCorrect: kwargs.tie_correct });
  recent.delete(key);
  recent.set(key, { index, rankings });
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return rankings;
}
