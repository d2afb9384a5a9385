import sharp from 'sharp';
import {
  CELL_FILES,
  type ExternalProvider,
  ZQueueName,
  type LabKind,
  type TAnnotationSummary,
  type TPutResult,
  type TTaskState,
} from '@atlas/contracts';
import { buildWebFiles } from '@atlas/spatial';
import { encodeOutlineTiles } from '@atlas/spatial/io';
import { dataBucket, tracksBucket } from '../src/config.js';
import type { ImportOptions } from '../src/domains/imports/service.js';
import { createAccountStore } from '../src/domains/auth/index.js';
import { provisionExternalAccount } from '../src/domains/auth/external/provision.js';
import { createRuns } from '../src/domains/runs/index.js';
import { createTokenService } from '../src/http/tokens.js';
import { confirmedUser, type Reply } from './accounts.js';
import type { TestContext } from './harness.js';

/**
 * Test factories shared by every domain's tests: groups, accounts, runs, tasks, annotations and lab records made
 * through the same doors the product uses (the HTTP API as the admin or a member, the runs domain for a run's
 * catalogue entry and files), never by writing tables by hand.
 */

/** The reply's body when it is a 200; an error naming what was being made otherwise (in a hook or a test). */
function made<T>(reply: Reply<T>, what: string): T {
  if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A group created through the admin API; returns its name. */
export async function buildGroup(t: TestContext, name: string): Promise<string> {
  const body = { group_name: name, description: `Group ${name}` };
  made(await t.api('POST', '/api/v1/auth/group', { token: t.admin, body }), `group ${name}`);
  return name;
}

/** An account registered and confirmed by the admin, in these groups (possibly none); returns a signed-in token. */
export function buildUser(t: TestContext, username: string, groups: string[] = ['user']): Promise<string> {
  return confirmedUser(t.app, t.admin, username, groups);
}

/**
 * An account made by an institution's first sign-in (issue 35) through the shared account rules, in the portal
 * groups its provider's `values` map to; returns the session token that sign-in hands the browser.
 */
export async function buildExternalUser(
  t: TestContext,
  person: { provider: ExternalProvider; username: string; values: string[] },
  groupMap: Record<string, string[]>,
): Promise<string> {
  const { provider, username, values } = person;
  const profile = {
    provider,
    subject: `${provider}-${username}`,
    username,
    email: `${username}@uni.example`,
    name: username,
  };
  const user = await provisionExternalAccount(
    createAccountStore(t.infra.db),
    { ...profile, groups: values },
    { groupMap, newAccounts: 'create' },
  );
  const claims = { sub: user.username, role: 'user' as const, groups: user.groups, sk: user.session_key };
  return createTokenService(t.infra.config.jwtSecret).issue(claims);
}

/** A visitor's public session, as the catalogue's public pages open one. */
export async function buildVisitor(t: TestContext): Promise<string> {
  const reply = await t.api<{ access_token: string }>('GET', '/api/v1/auth/log_into_public');
  return made(reply, 'public session').access_token;
}

/**
 * A task posted through `POST /api/v1/task` (as the admin unless `token` says otherwise) and run to its end by the
 * file's workers (`useTestApp({ workers })`); returns its final state, SUCCESS or FAILURE. The queue is the task's
 * own (`gene.*` on atxcloud_gene, …) unless given.
 */
export async function buildTask(
  t: TestContext,
  task: { name: string; args?: unknown[]; kwargs?: Record<string, unknown>; queue?: string; token?: string },
): Promise<TTaskState> {
  const queue = ZQueueName.parse(task.queue ?? `atxcloud_${task.name.split('.')[0]}`);
  const body = { task: task.name, queue, args: task.args ?? [], kwargs: task.kwargs ?? {} };
  const posted = await t.api<TTaskState>('POST', '/api/v1/task', { token: task.token ?? t.admin, body });
  return t.settle(made(posted, `task ${task.name}`)._id);
}

/** An annotation of a run saved through the API by `token` (the admin by default); returns its summary. */
export async function buildAnnotation(
  t: TestContext,
  annotation: { runId: string; tixels: number[]; name?: string; color?: string; note?: string; token?: string },
): Promise<TAnnotationSummary> {
  const { runId, tixels, token = t.admin } = annotation;
  const name = annotation.name ?? `Annotation of ${tixels.length} tixels`;
  const body = { run_id: runId, name, color: annotation.color ?? '#3366cc', note: annotation.note ?? '', tixels };
  const reply = await t.api<TAnnotationSummary>('POST', '/api/v1/annotations', { token, body });
  return made(reply, `annotation ${name} of ${runId}`);
}

/** Lab records (wafers, chips, DBiT runs or QC records) created or updated through the dataset API as the admin. */
export async function buildLabRecords(
  t: TestContext,
  kind: LabKind | 'qc',
  records: Record<string, unknown>[],
): Promise<TPutResult> {
  const reply = await t.api<TPutResult>('PUT', `/api/v1/dataset/${kind}`, { token: t.admin, body: records });
  return made(reply, `${kind} records`);
}

/**
 * A run imported from a file or folder by the import service (the path of `npm run import` and the admin route),
 * its web files made by webfile.create_files on the file's workers (`useTestApp({ workers })`); returns that task's
 * final state, SUCCESS or FAILURE, for the test to judge. `timeoutMs`: how long the analysis may take.
 */
export async function buildImportedRun(
  t: TestContext,
  run: Omit<ImportOptions, 'requestedBy'> & { source: string; requestedBy?: string | null; timeoutMs?: number },
): Promise<TTaskState> {
  const { source, timeoutMs, ...options } = run;
  // Loaded on first use: the readers of every input format are more than most test files need.
  const { importRun, sourceFromPath } = await import('../src/domains/imports/service.js');
  const posted = await importRun(t.infra, await sourceFromPath(source), { requestedBy: null, ...options });
  return t.settle(posted._id, timeoutMs);
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

/** One unit square per cell at (i, i + 1) … (i + 1, i + 2): the factory run's spatial positions (2i, 2i + 1). */
function squareOutlines(n: number): Uint8Array {
  const offsets = Uint32Array.from({ length: n + 1 }, (_, i) => 4 * i);
  const xy = Float32Array.from({ length: 8 * n }, (_, k) => {
    const [cell, corner, axis] = [Math.floor(k / 8), Math.floor(k / 2) % 4, k % 2];
    const corners = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ] as const;
    return 2 * cell + axis + corners[corner]![axis]!;
  });
  return encodeOutlineTiles({ offsets, xy });
}

/**
 * A run with a catalogue entry and everything the run-data doors read: explorer web files (six tixels, three genes
 * named after the run), a topTen table, a tissue image with scale factors, a source image, spatial metadata,
 * a front-page thumbnail, and one registered downloadable file.
 */
export async function buildRun(
  t: TestContext,
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
    // A single-cell-resolution run's side files (issue 38): each tixel outlined by a unit square at its position.
    [
      `data/${runId}/cells/cells.json`,
      JSON.stringify({
        platform: 'CosMx',
        cells: n,
        units: 'micrometre',
        outlines: { cell: CELL_FILES.outlineTiles },
      }),
    ],
    [`data/${runId}/${CELL_FILES.outlineTiles}`, Buffer.from(squareOutlines(n))],
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

/**
 * The body of Add A Run (`POST /api/v1/run_db/save_run`) for a run of `group`: every field filled as a lab fills
 * them, with a publication; `overrides` change any of them.
 */
export function runRecord(runId: string, group: string, overrides: Record<string, unknown> = {}) {
  return {
    run_id: runId,
    result_title: 'Mouse brain, ATAC',
    result_description: 'Coronal section',
    sample_id: 'S-1',
    date: Date.UTC(2024, 2, 5),
    assay: 'CUT&Tag',
    epitope: 'H3K27me3',
    species: 'mus_musculus',
    organ: 'Brain',
    tissue_type: 'Tissue section',
    tissue_source: 'Fresh frozen',
    experimental_condition: 'Control',
    channel_width: 20,
    number_channels: 50,
    ngs_id: 'NGS-1',
    public: false,
    group,
    pmid: '31234567',
    web_obj_path: null,
    publication: {
      pmid: '31234567',
      title: 'A paper',
      journal: 'Nature',
      link: 'https://example.org/p',
      year: 2024,
      authors: ['Ada Lovelace', 'Alan Turing'],
    },
    ...overrides,
  };
}
