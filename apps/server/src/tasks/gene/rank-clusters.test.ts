import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type RankClustersResult } from '@atlas/contracts';
import { parseDataCsv, readH5ad, readRankGenesGroups, welchVsRest, type H5adData } from '@atlas/spatial';
import { sharedData } from '@atlas/spatial/testing';
import { useTestApp } from '../../../test/harness.js';
import { buildImportedRun, buildTask } from '../../../test/factories.js';
import { readObject } from '../../infra/storage/index.js';
import type { ComputeQcResult } from './compute-qc.js';

/** pbmc68k_reduced: a real h5ad with its own uns['rank_genes_groups'] (logreg by bulk_labels). */
const H5AD = sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad');
const FILE = 'data/D00002/h5/obj/genes.h5ad';

const t = useTestApp({ workers: QUEUES, requires: [H5AD] });
let source: H5adData;
let clusters: string[];

beforeAll(async () => {
  expect((await buildImportedRun(t, { runId: 'D00002', source: H5AD, group: 'user' })).status).toBe('SUCCESS');
  source = await readH5ad(H5AD);
  const csv = await readObject(t.infra.storage, 'atx-data', 'data/D00002/h5/data.csv.gz');
  clusters = parseDataCsv(gunzipSync(csv).toString('utf8')).clusters;
}, 180_000);

/** The explorer's values: create_files takes raw.X (log-normalised) when the file has one, as scanpy does. */
const matrix = () => source.raw!.X;

const rank = async (kwargs: Record<string, unknown>): Promise<RankClustersResult> => {
  const done = await buildTask(t, { name: 'gene.rank_clusters', args: [FILE], kwargs });
  expect(done.error).toBeNull();
  return done.result as RankClustersResult;
};

describe.skipIf(t.skip)('gene.rank_clusters', () => {
  it('ranks each cluster against the rest as welchVsRest on its members, with % expressing', async () => {
    const first = await rank({});
    const names = [...new Set(clusters)];
    expect(first.clusters.map((c) => c.cluster).sort()).toEqual(names.sort());
    const chosen = first.clusters[1]!.cluster;
    const result = await rank({ cluster: chosen });
    expect(result.cluster).toBe(chosen);
    const members = clusters.flatMap((c, i) => (c === chosen ? [i] : []));
    expect(result.clusters[1]!.n).toBe(members.length);
    const expected = welchVsRest(matrix(), members);
    const columns = result.columns!;
    expect(columns.names).toEqual(source.raw!.varNames);
    for (const j of [0, 100, 764]) {
      expect(columns.score![j]).toBeCloseTo(expected.scores[j]!, 4);
      expect(columns.p_adj![j]).toBeCloseTo(expected.pAdj[j]!, 6);
      expect(columns.pct_in![j]).toBeCloseTo(100 * expected.fractionGroup[j]!, 4);
      expect(columns.pct_out![j]).toBeCloseTo(100 * expected.fractionRest[j]!, 4);
      expect(columns.mean_in![j]).toBeCloseTo(expected.meanGroup[j]!, 5);
    }
  });

  it("answers the file's own rank_genes_groups, one group at a time", async () => {
    const own = (await readRankGenesGroups(H5AD))!;
    const result = await rank({ source: 'file', cluster: 'CD14+ Monocyte' });
    expect([result.source, result.groupby, result.method]).toEqual(['file', 'bulk_labels', 'logreg']);
    expect(result.clusters).toHaveLength(own.groups.length);
    expect(result.columns!.names.slice(0, 2)).toEqual(['C1QA', 'PSAP']);
    expect(result.columns!.p).toBeNull();
    expect(result.columns!.score![0]).toBeCloseTo(own.groups[5]!.columns.scores![0]!, 5);
  });

  it('refuses a file outside the run layout', async () => {
    await expect(
      buildTask(t, { name: 'gene.rank_clusters', args: ['data/D00002/other.h5ad'], kwargs: {} }),
    ).rejects.toThrow(/400.*Must be data\/\{run\}/);
  });
});

describe.skipIf(t.skip)('gene.compute_qc with kwargs columns', () => {
  it("answers every feature's statistics by column, in feature order", async () => {
    const selected = [0, 5, 9, 40, 41, 300];
    const done = await buildTask(t, {
      name: 'gene.compute_qc',
      args: [FILE, selected, 'k'],
      kwargs: { columns: true },
    });
    const columns = (done.result as ComputeQcResult).columns!;
    const expected = welchVsRest(matrix(), selected);
    expect(columns.names).toEqual(source.raw!.varNames);
    expect(columns.score).toHaveLength(765);
    const j = expected.scores.indexOf(Math.max(...expected.scores));
    expect(columns.score![j]).toBeCloseTo(expected.scores[j]!, 4);
    expect(columns.pct_in![j]).toBeCloseTo(100 * expected.fractionGroup[j]!, 4);
    expect(columns.log2fc![j]).toBeCloseTo(expected.logFoldChanges[j]!, 4);
  });
});
