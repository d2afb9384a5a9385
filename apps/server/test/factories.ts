import sharp from 'sharp';
import { buildWebFiles } from '@atlas/spatial';
import { dataBucket, tracksBucket } from '../src/config.js';
import { createRuns } from '../src/domains/runs/index.js';
import { adminToken, api, confirmedUser } from './accounts.js';
import type { TestApp } from './harness.js';

/**
 * Test factories shared by every domain's tests: groups, accounts and runs made through the same services the
 * product uses (the admin API for accounts, the runs domain for runs), never by writing tables by hand.
 */

/** A group created through the admin API. */
export async function buildGroup(t: TestApp, name: string, admin?: string): Promise<string> {
  const token = admin ?? (await adminToken(t.app));
  const reply = await api(t.app, 'POST', '/api/v1/auth/group', {
    token,
    body: { group_name: name, description: `Group ${name}` },
  });
  if (reply.status !== 200) throw new Error(`group ${name}: ${JSON.stringify(reply.body)}`);
  return name;
}

/** A confirmed account in these groups (possibly none); returns its token. */
export function buildUser(t: TestApp, admin: string, username: string, groups: string[]): Promise<string> {
  return confirmedUser(t.app, admin, username, groups);
}

export interface BuiltRun {
  runId: string;
  /** Feature names unique to this run, so an answer can be told apart from another run's. */
  genes: string[];
  /** Keys written for it in the data bucket. */
  keys: string[];
}

/** A small, distinctive PNG. */
const png = (seed: number) =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: { r: (seed * 40) % 256, g: 90, b: 200 } } })
    .png()
    .toBuffer();

/**
 * A run with a catalogue entry and everything the run-data doors read: explorer web files (six tixels, three genes
 * named after the run), a topTen table, a tissue image with scale factors, a source image, spatial metadata,
 * a front-page thumbnail, and one registered downloadable file.
 */
export async function buildRun(
  t: TestApp,
  run: { runId: string; group: string | null; public: boolean; pmid?: string; species?: string },
): Promise<BuiltRun> {
  const { runId } = run;
  const runs = createRuns(t.infra);
  await runs.records.ensureRun({
    runId,
    title: `Run ${runId}`,
    assay: 'Transcriptome',
    group: run.group,
    public: run.public,
    pmid: run.pmid ?? null,
    ...(run.species && { species: run.species }),
  });
  const bucket = dataBucket(t.infra.config);
  const genes = ['A', 'B', 'C'].map((g) => `${runId}_${g}`);
  const n = 6;
  const web = await buildWebFiles({
    clusters: ['C1', 'C1', 'C1', 'C2', 'C2', 'C2'],
    spatial: Float64Array.from({ length: 2 * n }, (_, i) => i),
    umap: Float32Array.from({ length: 2 * n }, (_, i) => i / 2),
    qc: [new Float32Array(n).fill(1), new Float32Array(n).fill(2)],
    barcodes: Array.from({ length: n }, (_, i) => `${runId}-BC${i}`),
    features: {
      genes: {
        names: genes,
        matrix: { kind: 'dense', nRows: n, nCols: 3, data: Float32Array.from({ length: 3 * n }, (_, i) => i % 5) },
      },
    },
  });
  const seed = Number(runId.slice(1));
  const files = new Map<string, Buffer | string>([
    ...[...web].map(([name, bytes]) => [`data/${runId}/h5/${name}`, Buffer.from(bytes)] as const),
    [
      `data/${runId}/h5/topTen_genes.json`,
      JSON.stringify({ '1': [[genes[0]], [genes[1]]], '-1': [[genes[2]], [genes[2]]] }),
    ],
    [`data/${runId}/spatial/tissue_hires_image.png`, await png(seed)],
    [
      `data/${runId}/spatial/scalefactors_json.json`,
      JSON.stringify({
        spot_diameter_fullres: 10,
        fiducial_diameter_fullres: 16,
        tissue_hires_scalef: 1,
        tissue_lowres_scalef: 0.3,
      }),
    ],
    [`data/${runId}/spatial/metadata.json`, JSON.stringify({ run: runId })],
    [`data/${runId}/spatial/tissue_positions_list.csv`, `${runId}AAA,1,0,0,10,10\n`],
    [`data/${runId}/images/postB.png`, await png(seed + 1)],
    [`frontpage/${runId}.png`, await png(seed + 2)],
    [`data/${runId}/metadata.csv`, `run_id\n${runId}\n`],
    [
      `data/${runId}/h5/networks/${runId}.json`,
      JSON.stringify({
        nodes: [{ name: `${runId}_TF`, color_rgb: 'rgb(200,0,0)', size: 20 }],
        edges: [{ source: `${runId}_TF`, target: genes[0], color_rgb: 'rgb(0,0,0)', width: 1 }],
      }),
    ],
  ]);
  for (const [key, body] of files) await t.infra.storage.put(bucket, key, body);
  // The track browser's file of this run, in the tracks bucket (DESIGN §5).
  const track = `data/${runId}/tracks/C1.bedgraph`;
  await t.infra.storage.put(tracksBucket(t.infra.config), track, `chr1\t0\t100\t${seed}\n`);
  await runs.records.addFile(runId, {
    type: 'Metadata',
    bucket,
    path: `data/${runId}/metadata.csv`,
    description: `Metadata of ${runId}`,
  });
  return { runId, genes, keys: [...files.keys()] };
}
