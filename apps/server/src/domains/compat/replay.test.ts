import type { LightMyRequestResponse } from 'fastify';
import { COMPAT_MSG, QUEUES } from '@atlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, useTestApp, type TestContext } from '../../../test/harness.js';
import { GOOD_PASSWORD, requestAccount } from '../../../test/accounts.js';
import { buildGroup, buildRun, buildUser, buildVisitor, type BuiltRun } from '../../../test/factories.js';
import { dataBucket } from '../../config.js';
import { BATCH_ID, novogeneBatch, startFtpBatchServer, type FtpBatchServer } from '../../../test/ftp-batch.js';

/**
 * The replay of issue 20: the calls the incumbent portal's web client (AtlasXomics AtlasWeb) makes, as it makes
 * them — method, path, payload shape, axios's default Accept and `Authorization: JWT …` — each as the identity its
 * screen uses, judged by the fields the client reads from the answer. Read from the client's public source
 * (src/api/client.ts and the screens that call `client.axios` directly); nothing of it is copied here.
 *
 * Issue 37 added the 13 calls the real client, built and driven in Chromium, still failed on (marked `issue 37`),
 * the client's own bucket name `atx-illumina`, the explorer's link on a private run and CORS.
 */
type Who = 'anonymous' | 'visitor' | 'member' | 'other' | 'changer' | 'admin';
/** compatible: must work; refused: refused on purpose for safety (README, API section); covered: built elsewhere. */
type Verdict = 'compatible' | 'refused' | 'covered';
/** The original client's bucket (its config's `atx-illumina`), mapped to our data bucket by default. */
const ORIGINAL_BUCKET = 'atx-illumina';

interface Replay {
  screen: string;
  who: Who;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string | ((c: Ctx) => string);
  query?: (c: Ctx) => Record<string, string>;
  body?: (c: Ctx) => unknown;
  /** What the client reads: true when the answer has it. */
  reads: (res: LightMyRequestResponse, c: Ctx) => boolean;
  verdict?: Verdict;
  /** A refusal on purpose, when it is more than 401/403/404: what it must look like. */
  refusal?: (res: LightMyRequestResponse) => boolean;
  /** One of the calls issue 37 found failing with the real client. */
  issue37?: true;
}

interface Ctx {
  run: BuiltRun;
  open: BuiltRun;
  bucket: string;
  link: string;
  openLink: string;
  state: Map<string, unknown>;
}

const FTP_LOGIN = { username: 'novo', password: 'secret' };
const AXIOS_ACCEPT = 'application/json, text/plain, */*';
const body = (res: LightMyRequestResponse): unknown => (res.body ? JSON.parse(res.body) : undefined);
const ok = (res: LightMyRequestResponse) => res.statusCode === 200;
const okJson = <T>(res: LightMyRequestResponse, check: (b: T) => boolean) => ok(res) && check(body(res) as T);
const isList = (res: LightMyRequestResponse) => okJson<unknown[]>(res, Array.isArray);
const isString = (res: LightMyRequestResponse, value?: string) =>
  okJson<unknown>(res, (b) => typeof b === 'string' && (value === undefined || b === value));
const lab = (kind: string, key: string, id: string) => ({ [key]: id, note: `replay ${kind}` });

const REPLAYS: Replay[] = [
  // ---- sign-in, session, account request (Login, Register, Forgot password screens) ----
  {
    screen: 'Appbar',
    who: 'anonymous',
    method: 'GET',
    url: '/api/v1/app',
    reads: (r) => okJson<object>(r, (b) => 'version' in b),
  },
  {
    screen: 'Login',
    who: 'anonymous',
    method: 'POST',
    url: '/api/v1/auth/login',
    body: () => ({ username: 'r-member', password: GOOD_PASSWORD }),
    reads: (r) => okJson<{ access_token?: string }>(r, (b) => typeof b.access_token === 'string'),
  },
  {
    screen: 'client.fetchUser',
    who: 'member',
    method: 'GET',
    url: '/api/v1/auth/whoami',
    reads: (r) =>
      okJson<{ Username?: string; groups?: string[] }>(r, (b) => b.Username === 'r-member' && Array.isArray(b.groups)),
  },
  {
    screen: 'client.refreshToken',
    who: 'member',
    method: 'POST',
    url: '/api/v1/auth/refreshtoken',
    reads: (r) => okJson<{ access_token?: string }>(r, (b) => typeof b.access_token === 'string'),
  },
  {
    screen: 'Public viewer',
    who: 'anonymous',
    method: 'GET',
    url: '/api/v1/auth/log_into_public',
    reads: (r) => okJson<{ token?: string }>(r, (b) => typeof b.token === 'string'),
  },
  {
    screen: 'Register',
    who: 'anonymous',
    method: 'POST',
    url: '/api/v1/auth/user_account_request',
    body: () => ({
      name: 'Replay Person',
      username: 'r-requester',
      password: GOOD_PASSWORD,
      email: 'r-requester@example.org',
      pi_name: 'Dr. Replay',
      organization: 'Replay Lab',
    }),
    reads: (r) => isString(r, 'Success'),
  },
  {
    screen: 'Register (taken name)',
    who: 'anonymous',
    method: 'POST',
    url: '/api/v1/auth/user_account_request',
    body: () => ({
      name: 'Replay Person',
      username: 'r-member',
      password: GOOD_PASSWORD,
      email: 'r-member-2@example.org',
      pi_name: 'Dr. Replay',
      organization: 'Replay Lab',
    }),
    reads: (r) => isString(r, 'exists'),
  },
  {
    screen: 'Confirm email',
    who: 'anonymous',
    method: 'GET',
    url: '/api/v1/auth/confirm_user_via_email',
    query: (c) => ({ username: 'r-confirmer', confirmation_code: c.state.get('code') as string }),
    reads: (r) => isString(r, 'Success'),
  },
  {
    screen: 'Confirm email (resend)',
    who: 'anonymous',
    method: 'GET',
    url: '/api/v1/auth/resend_confirmation_via_email',
    query: () => ({ username: 'r-requester' }),
    reads: ok,
  },
  {
    screen: 'Forgot password',
    who: 'anonymous',
    method: 'GET',
    url: '/api/v1/auth/forgot_password_request',
    query: () => ({ username: 'r-member' }),
    reads: (r) => okJson<{ state?: string }>(r, (b) => typeof b.state === 'string'),
  },
  {
    screen: 'Forgot password (code)',
    who: 'anonymous',
    method: 'POST',
    url: '/api/v1/auth/forgot_password_confirmation',
    body: () => ({ username: 'r-member', password: 'Other#Pass2', code: '000000' }),
    reads: (r) => isString(r, 'wrong_code'),
  },
  {
    screen: 'Change password',
    who: 'changer',
    method: 'PUT',
    url: '/api/v1/auth/changepassword',
    body: () => ({ old_password: GOOD_PASSWORD, new_password: GOOD_PASSWORD + 'x' }),
    reads: (r) => ok(r) && !!body(r),
  },
  // ---- Admin Panel: users and groups ----
  {
    screen: 'Register user',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/auth/user',
    body: () => ({
      username: 'r-new',
      password: GOOD_PASSWORD,
      name: 'New',
      email: 'r-new@example.org',
      groups: ['user'],
    }),
    reads: ok,
  },
  {
    screen: 'User Management (confirm)',
    who: 'admin',
    method: 'PUT',
    url: '/api/v1/auth/confirm',
    body: () => ({ data: { user: 'r-new' } }),
    reads: ok,
  },
  {
    screen: 'Reset password',
    who: 'admin',
    method: 'PUT',
    url: '/api/v1/auth/resetpassword',
    body: () => ({ username: 'r-new', password: 'Reset#Pass3' }),
    reads: ok,
  },
  {
    screen: 'User Management (email verified)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/auth/confirm_user_email_admin',
    body: () => ({ username: 'r-new' }),
    reads: ok,
  },
  {
    screen: 'User Management (list)',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/auth/list_accounts',
    reads: (r) => okJson<{ username: string }[]>(r, (b) => b.some((u) => u.username === 'r-new')),
  },
  {
    screen: 'Group Management (create)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/auth/group',
    body: () => ({ data: { group_name: 'r-group', description: 'Replay group' } }),
    reads: ok,
  },
  {
    screen: 'Group Management (list)',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/auth/group',
    reads: (r) => okJson<unknown[]>(r, (b) => b.includes('r-group') && b.every((g) => typeof g === 'string')),
  },
  {
    screen: 'Add/Remove group',
    who: 'admin',
    method: 'PUT',
    url: '/api/v1/auth/modify_group_list',
    body: () => ({ username: 'r-new', groups_adding: ['r-group'], groups_removing: [] }),
    reads: ok,
  },
  {
    screen: 'Add/Remove group (inform)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/auth/inform_user_assignment',
    body: () => ({ group: 'r-group', username: 'r-new', email: 'r-new@example.org', name: 'New' }),
    reads: ok,
  },
  {
    screen: 'Group Management (delete)',
    who: 'admin',
    method: 'DELETE',
    url: '/api/v1/auth/group',
    body: () => ({ group_name: 'r-group' }),
    reads: ok,
  },
  {
    screen: 'User Management (disable)',
    who: 'admin',
    method: 'PUT',
    url: '/api/v1/auth/disable_user',
    body: () => ({ data: { username: 'r-new' } }),
    reads: ok,
  },
  {
    screen: 'User Management (delete)',
    who: 'admin',
    method: 'DELETE',
    url: '/api/v1/auth/user/r-new',
    reads: ok,
  },
  // ---- AtlasXplore: run data ----
  {
    screen: 'AtlasXplore (names)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/genes/gmnames',
    body: (c) => ({ filename: `data/${c.run.runId}/h5/obj/genes.txt.gz` }),
    reads: (r, c) => okJson<string[]>(r, (b) => b.includes(c.run.genes[0]!)),
  },
  {
    screen: 'Public viewer (names)',
    who: 'visitor',
    method: 'POST',
    url: (c) => `/api/v1/genes/gmnames/${c.openLink}`,
    body: () => ({ key: 1 }),
    reads: (r, c) => okJson<string[]>(r, (b) => b.includes(c.open.genes[0]!)),
  },
  {
    screen: 'AtlasXplore (tixels)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/genes/get_spatial_data',
    body: (c) => ({ filename: `data/${c.run.runId}/h5/data.csv.gz` }),
    reads: (r) => okJson<string[][]>(r, (b) => b.length === 7 && b[1]!.length === b[0]!.length),
  },
  {
    screen: 'Public viewer (tixels)',
    who: 'visitor',
    method: 'POST',
    url: (c) => `/api/v1/genes/get_spatial_data/${c.openLink}`,
    body: () => ({ key: 0 }),
    reads: (r) => okJson<string[][]>(r, (b) => b.length === 7),
  },
  {
    screen: 'Gene viewer (names)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/genes/expressions',
    body: (c) => ({ filename: `data/${c.run.runId}/h5/obj/genes.h5ad` }),
    reads: (r, c) => okJson<string[]>(r, (b) => b.includes(c.run.genes[1]!)),
  },
  {
    screen: 'Public gene viewer (names)',
    who: 'visitor',
    method: 'POST',
    url: (c) => `/api/v1/genes/expressions/${c.openLink}`,
    body: () => ({}),
    reads: (r, c) => okJson<string[]>(r, (b) => b.includes(c.open.genes[1]!)),
  },
  {
    screen: 'AtlasXplore (values)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/genes/get_summation',
    body: (c) => ({ filename: `data/${c.run.runId}/h5/obj/summations/geneSummation`, rows: [0, 2] }),
    reads: (r) => okJson<string[]>(r, (b) => b.length === 2 && b[0]!.split(',').length === 6),
  },
  {
    screen: 'AtlasXplore (task)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/task',
    body: (c) => ({
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: [`data/${c.run.runId}/h5/obj/genes.h5ad`, [0, 1], 'k'],
      kwargs: {},
    }),
    reads: (r, c) => okJson<{ _id?: string }>(r, (b) => !!b._id && !!c.state.set('task', b._id)),
  },
  {
    screen: 'AtlasXplore (task status)',
    who: 'member',
    method: 'GET',
    url: (c) => `/api/v1/task/${c.state.get('task') as string}`,
    reads: (r) => okJson<{ status?: string }>(r, (b) => typeof b.status === 'string'),
  },
  // ---- public links ----
  {
    screen: 'Copy public link',
    who: 'member',
    method: 'POST',
    url: '/api/v1/genes/generate_link',
    body: (c) => ({ args: [`data/${c.open.runId}/h5/obj/genes.h5ad`], meta: { run_id: c.open.runId } }),
    reads: (r) => okJson<{ encoded?: string }>(r, (b) => typeof b.encoded === 'string'),
  },
  {
    screen: 'Public viewer (meta)',
    who: 'visitor',
    method: 'GET',
    url: (c) => `/api/v1/storage/decode_meta/${c.openLink}`,
    reads: (r, c) =>
      okJson<{ run_id?: string; species?: string }>(r, (b) => b.run_id === c.open.runId && 'species' in b),
  },
  {
    screen: 'Public viewer (task)',
    who: 'visitor',
    method: 'POST',
    url: '/api/v1/public_task',
    body: (c) => ({
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: [c.openLink, [0, 1], 'k'],
      kwargs: {},
      key: 4,
    }),
    reads: (r, c) =>
      okJson<{ _id?: string; meta?: { run_id?: string } }>(r, (b) => !!b._id && b.meta?.run_id === c.open.runId),
  },
  // ---- catalogue (home page, search, downloads) ----
  {
    screen: 'Home',
    who: 'member',
    method: 'GET',
    url: '/api/v1/run_db/populate_homepage',
    reads: (r, c) =>
      okJson<{ run_id: string; results_id: number }[]>(r, (b) => b.some((x) => x.run_id === c.run.runId)),
  },
  {
    screen: 'Home (PMID search)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/run_db/search_pmid',
    body: () => ({ query: '7700201' }),
    reads: (r) => okJson<{ results_id?: number }[]>(r, (b) => b.length > 0 && typeof b[0]!.results_id === 'number'),
  },
  {
    screen: 'Home (author search)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/run_db/search_authors',
    body: () => ({ query: 'zzz-nobody' }),
    reads: isList,
  },
  {
    screen: 'Downloads',
    who: 'member',
    method: 'GET',
    url: '/api/v1/run_db/get_all_downloadable_files_run_id',
    reads: (r, c) =>
      okJson<Record<string, { file_path: string; bucket_name: string }[]>>(r, (b) => {
        const file = b[c.run.runId]?.[0];
        if (file) c.state.set('download', file);
        return !!file;
      }),
  },
  {
    screen: 'Downloads (file)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/run_db/generate_presigned_url',
    body: (c) => {
      const file = c.state.get('download') as { file_path: string; bucket_name: string };
      return { bucket: file.bucket_name, path: file.file_path };
    },
    reads: (r) => okJson<{ url?: string }>(r, (b) => typeof b.url === 'string'),
  },
  // ---- storage reads (run viewer, AtlasBrowser, QC viewer) ----
  {
    screen: 'Run viewer (json)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/storage/json',
    query: (c) => ({ filename: `data/${c.run.runId}/spatial/metadata.json` }),
    reads: (r, c) => okJson<{ run?: string }>(r, (b) => b.run === c.run.runId),
  },
  {
    screen: 'Run viewer (csv)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/storage/csv',
    query: (c) => ({ filename: `data/${c.run.runId}/metadata.csv` }),
    reads: (r, c) => okJson<string[][]>(r, (b) => JSON.stringify(b).includes(c.run.runId)),
  },
  {
    screen: 'AtlasBrowser (image)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/storage',
    query: (c) => ({ filename: `data/${c.run.runId}/images/postB.png` }),
    reads: (r) => ok(r) && r.rawPayload.length > 0,
  },
  {
    screen: 'Home (thumbnail)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/storage/png',
    query: (c) => ({ filename: `frontpage/${c.run.runId}.png` }),
    reads: (r) => ok(r) && String(r.headers['content-type']).includes('image/png'),
  },
  {
    screen: 'AtlasBrowser (jpg)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/storage/image_as_jpg',
    query: (c) => ({ filename: `data/${c.run.runId}/images/postB.png`, bucket_name: c.bucket, rotation: '0' }),
    reads: (r) => ok(r) && String(r.headers['content-type']).includes('image/jpeg'),
  },
  {
    screen: 'Track browser (list)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/storage/list',
    body: (c) => ({ path: `data/${c.run.runId}/`, bucket: '', filter: `${c.run.runId}/spatial` }),
    reads: (r, c) => okJson<string[]>(r, (b) => b.length > 0 && b.every((k) => k.includes(`${c.run.runId}/spatial`))),
  },
  {
    screen: 'Downloads (storage link)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/storage/generate_presigned_url',
    body: (c) => ({ path: `data/${c.run.runId}/metadata.csv`, bucket: c.bucket }),
    reads: (r) => isString(r) && (body(r) as string).includes('/api/v1/downloads/'),
  },
  {
    screen: 'Run viewer (download link)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/storage/download_link',
    query: (c) => ({ filename: `data/${c.run.runId}/metadata.csv`, expiry: '600' }),
    reads: (r) => isString(r) && (body(r) as string).includes('/api/v1/downloads/'),
  },
  {
    screen: 'Public downloads',
    who: 'visitor',
    method: 'GET',
    url: '/api/v1/storage/download_link_public',
    query: (c) => ({ bucket_name: c.bucket, filename: `data/${c.open.runId}/metadata.csv` }),
    reads: (r) => isString(r),
    verdict: 'refused',
  },
  // ---- lab records (uploads and views) ----
  ...(
    [
      ['wafers', 'wafer_id', 'RW-1'],
      ['chips', 'chip_id', 'RC-1'],
      ['dbits', 'run_id', 'D07001'],
    ] as const
  ).flatMap(([kind, key, id]): Replay[] => [
    {
      screen: `Upload ${kind} (save)`,
      who: 'admin',
      method: 'PUT',
      url: `/api/v1/dataset/${kind}`,
      body: () => [lab(kind, key, id)],
      reads: ok,
    },
    {
      screen: `Upload ${kind} (exists?)`,
      who: 'admin',
      method: 'GET',
      url: `/api/v1/dataset/${kind}`,
      query: () => ({ filter: JSON.stringify({ _id: id }), options: JSON.stringify({ _id: 1 }) }),
      reads: (r) => okJson<unknown[]>(r, (b) => b.length === 1),
    },
    {
      screen: `${kind} viewer`,
      who: 'member',
      method: 'GET',
      url: `/api/v1/dataset/${kind}`,
      query: () => ({ filter: JSON.stringify({}) }),
      reads: isList,
      verdict: 'refused',
    },
    {
      screen: `${kind} editor (delete)`,
      who: 'admin',
      method: 'DELETE',
      url: `/api/v1/dataset/${kind}`,
      query: () => ({ filter: JSON.stringify({ _id: id }) }),
      reads: (r) => okJson<{ deleted?: number }>(r, (b) => b.deleted === 1),
    },
  ]),
  {
    screen: 'QC viewer (save)',
    who: 'admin',
    method: 'PUT',
    url: '/api/v1/dataset/qc',
    body: () => [{ id: 'RQC1', files: { root: 'data/RQC1/', images: {} } }],
    reads: ok,
  },
  {
    screen: 'QC viewer (exists?)',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/dataset/qc',
    query: () => ({ filter: JSON.stringify({ _id: 'RQC1' }), options: JSON.stringify({ _id: 1 }) }),
    reads: (r) => okJson<unknown[]>(r, (b) => b.length === 1),
  },
  {
    screen: 'QC viewer',
    who: 'member',
    method: 'GET',
    url: '/api/v1/dataset/qc',
    query: () => ({ filter: JSON.stringify({}) }),
    reads: isList,
    verdict: 'refused',
  },
  {
    screen: 'Wafer trace',
    who: 'member',
    method: 'GET',
    url: '/api/v1/dataset/wafertrace',
    query: () => ({ filter: JSON.stringify({}) }),
    reads: (r) => okJson<object>(r, (b) => typeof b === 'object'),
    verdict: 'refused',
  },
  {
    screen: 'Upload QC directory',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/storage/qc_entry',
    query: () => ({ qc_dir: 'data/RQC2' }),
    reads: (r) => okJson<{ id?: string }>(r, (b) => b.id === 'RQC2'),
  },
  // ---- Admin Panel: run administration ----
  {
    screen: 'Add A Run (options)',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/run_db/get_field_options',
    reads: (r) => okJson<{ assay_list?: string[] }>(r, (b) => Array.isArray(b.assay_list)),
  },
  {
    screen: 'Add A Run (save)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/upload_metadata_page',
    body: () => ({
      run_id: 'D09001',
      assay: 'Transcriptome',
      species: '',
      organ: '',
      run_title: 'Replayed run',
      run_description: 'Added by the replay',
      web_obj_path: '',
      epitope: '',
      tissue_source: '',
      sample_id: 'S1',
      experimental_condition: '',
      pmid: '',
      group: 'lab-b',
      public: false,
      date: null,
      channel_width: null,
      number_channels: null,
      ngs_id: 'NGS-0901',
      results_id: null,
    }),
    reads: (r) => isString(r, 'Success'),
  },
  {
    screen: 'Add A Run (save, folder as typed)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/upload_metadata_page',
    issue37: true,
    // Add A Run sends the results folder it shows as web_obj_path, here as an admin types it (no final '/').
    body: () => ({
      run_id: 'D09002',
      assay: 'Transcriptome',
      run_title: 'Typed folder',
      run_description: '',
      web_obj_path: `S3://${ORIGINAL_BUCKET}/data/D09002`,
      group: 'lab-b',
      public: false,
      date: null,
      ngs_id: '',
    }),
    reads: (r) => isString(r, 'Success'),
  },
  {
    screen: 'Add A Run (load)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/get_info_from_run_id',
    body: () => ({ run_id: 'D09001' }),
    reads: (r) => okJson<{ run_id?: string; result_title?: string }[]>(r, (b) => b[0]?.result_title === 'Replayed run'),
  },
  {
    screen: 'Run id selector',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/run_db/get_run_ids',
    reads: (r) => okJson<{ run_id: string; tissue_id: number }[]>(r, (b) => b.some((x) => x.run_id === 'D09001')),
  },
  {
    screen: 'Run id selector (ensure)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/ensure_run_id_created',
    body: () => ({ run_id: 'D09001' }),
    reads: (r) => isString(r, 'Success'),
  },
  {
    screen: 'Jobs table',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/get_jobs',
    body: () => ({ filter_username: false, job_name: null, run_id: null }),
    reads: (r) => okJson<{ job_name?: string; job_status?: string }[]>(r, (b) => b.length > 0 && !!b[0]!.job_status),
  },
  {
    screen: 'Jobs table (first load)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/get_jobs',
    issue37: true,
    body: () => ({ filter_username: null, job_name: null, run_id: null }),
    reads: (r) => okJson<{ job_status?: string }[]>(r, (b) => b.length > 0 && !!b[0]!.job_status),
  },
  {
    screen: 'Grouping runs (save)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/update_study_table',
    body: (c) => ({
      id: null,
      study_name: 'Replay study',
      study_type_id: null,
      description: 'Runs of the replay',
      adding_list: [c.run.runId],
      removing_list: [],
    }),
    reads: (r) => isString(r, 'Success'),
  },
  {
    screen: 'Grouping runs (studies)',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/run_db/get_studies',
    reads: (r, c) =>
      okJson<{ study_id: number; study_name: string }[]>(r, (b) => {
        const study = b.find((s) => s.study_name === 'Replay study');
        if (study) c.state.set('study', study.study_id);
        return !!study;
      }),
  },
  {
    screen: 'Grouping runs (runs)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/get_study_runs',
    body: (c) => ({ study_id: c.state.get('study') }),
    reads: (r, c) => okJson<{ run_id: string }[]>(r, (b) => b.some((x) => x.run_id === c.run.runId)),
  },
  {
    screen: 'Grouping runs (types)',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/run_db/get_study_types',
    reads: isList,
  },
  {
    screen: 'Add files (types)',
    who: 'admin',
    method: 'GET',
    url: '/api/v1/run_db/get_file_type_options',
    reads: (r) => okJson<{ file_type_id: number }[]>(r, (b) => b.length > 0 && typeof b[0]!.file_type_id === 'number'),
  },
  {
    screen: 'Add files (current)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/load_run_files_info',
    body: (c) => ({ run_id: c.run.runId }),
    reads: (r, c) =>
      okJson<{ file_id: number; tissue_id: number }[]>(r, (b) => {
        if (b[0]) c.state.set('tissue', b[0].tissue_id);
        return b.length > 0 && typeof b[0]!.file_id === 'number';
      }),
  },
  {
    screen: 'Add files (current, by tissue)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/load_run_files_info',
    issue37: true,
    body: (c) => ({ tissue_id: c.state.get('tissue') }),
    reads: (r, c) =>
      okJson<{ run_id: string; file_id: number }[]>(r, (b) => b.length > 0 && b.every((f) => f.run_id === c.run.runId)),
  },
  {
    screen: 'Add files (save)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/run_db/set_run_files',
    body: (c) => ({
      tissue_id: c.state.get('tissue'),
      files_to_add: [
        {
          file_type_id: 1,
          bucket_name: c.bucket,
          file_path: `data/${c.run.runId}/spatial/metadata.json`,
          file_description: 'Spatial metadata',
        },
      ],
      file_ids_to_remove: [],
      file_changes: [],
    }),
    reads: (r) => isString(r, 'Success'),
  },
  {
    screen: 'Collaborator runs',
    who: 'member',
    method: 'GET',
    url: '/api/v1/run_db/get_runs_collaborator',
    query: () => ({ collaborator: 'lab-b', table_name: 'dbit_metadata', web_objs: 'false' }),
    issue37: true,
    // The Create Web Object screen shows each run's NGS id.
    reads: (r, c) =>
      okJson<{ run_id: string; ngs_id?: string | null }[]>(
        r,
        (b) => b.some((x) => x.run_id === c.run.runId) && b.find((x) => x.run_id === 'D09001')?.ngs_id === 'NGS-0901',
      ),
  },
  {
    screen: 'Create web object',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/task',
    body: (c) => ({
      task: 'webfile.create_files',
      queue: 'atxcloud_webfile',
      args: [{ aws_path: `data/${c.run.runId}/h5/obj`, rna_flag: true, bucket_name: c.bucket }],
      kwargs: {},
    }),
    reads: (r) => okJson<{ _id?: string }>(r, (b) => typeof b._id === 'string'),
  },
  // ---- tasks and workers ----
  {
    screen: 'Novogene transfer (defaults)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/task_sync',
    body: () => ({ task: 'core.task_list', queue: 'atxcloud_core', args: [], kwargs: {} }),
    reads: (r) =>
      okJson<{ tasks?: Record<string, { args?: { name: string }[] }> }>(r, (b) =>
        (b.tasks?.['core.list_novogene_batch']?.args ?? []).some((a) => a.name === 'host'),
      ),
  },
  {
    screen: 'Novogene transfer (list batch)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/task_sync',
    body: (c) => ({
      task: 'core.list_novogene_batch',
      queue: 'atxcloud_core',
      args: ['127.0.0.1', c.state.get('ftpPort'), FTP_LOGIN.username, FTP_LOGIN.password, `/${BATCH_ID}`, 'data'],
      kwargs: {},
    }),
    reads: (r, c) =>
      okJson<{ source_filename?: string; output_key?: string; size: number }[]>(r, (b) => {
        if (!Array.isArray(b)) return false;
        const small = b.filter((x) => x.size < 64 * 1024 * 1024).find((x) => x.source_filename?.endsWith('.fq.gz'));
        if (small) c.state.set('transfer', small);
        return !!small?.output_key;
      }),
  },
  {
    screen: 'Novogene transfer (download)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/task',
    body: (c) => {
      const item = c.state.get('transfer') as { source_filename: string; output_key: string };
      const login = [FTP_LOGIN.username, FTP_LOGIN.password];
      const args = ['127.0.0.1', c.state.get('ftpPort'), ...login, item.source_filename, item.output_key];
      return { task: 'core.download_from_ftp_to_s3', queue: 'atxcloud_core', args, kwargs: {} };
    },
    reads: (r) => okJson<{ _id?: string }>(r, (b) => typeof b._id === 'string'),
  },
  {
    screen: 'AtlasBrowser (spatial folder)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/task',
    body: (c) => ({
      task: 'atlasbrowser.generate_spatial',
      queue: 'atxcloud_atlasbrowser',
      args: [
        {
          run_id: c.run.runId,
          files: [`data/${c.run.runId}/images/postB.png`],
          crop_area: [0, 0, 4, 4],
          mask: [{ position: [0, 0], value: 1 }],
          metadata: { points: [0, 0, 4, 0, 4, 4, 0, 4], run: c.run.runId, numChannels: 1, threshold: 100 },
          scalefactors: { tissue_hires_scalef: 1 },
          orientation: { rotation: 0 },
          barcode_filename: 'one.txt',
          barcode_list: ['AAAA'],
          bucket_name_bsa: c.bucket,
          bucket_name_spatial: c.bucket,
          root_dir_spatial: 'data',
          root_dir_bsa: 'data',
          bsa_filename: `data/${c.run.runId}/images/postB.png`,
          updating_existing: false,
        },
      ],
      kwargs: {},
    }),
    reads: (r) => okJson<{ _id?: string }>(r, (b) => typeof b._id === 'string'),
  },
  {
    screen: 'Worker status',
    who: 'member',
    method: 'GET',
    url: '/api/v1/workers/summary',
    issue37: true,
    // Its table's columns: worker, task, queues, requests.
    reads: (r) =>
      okJson<{ worker?: string; task?: string; queues?: string[]; requests?: number }[]>(
        r,
        (b) =>
          Array.isArray(b) &&
          b.length > 0 &&
          b.every((w) => typeof w.worker === 'string' && typeof w.task === 'string' && typeof w.requests === 'number'),
      ),
  },
  {
    screen: 'Worker status (rows)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/workers',
    reads: isList,
  },
  // ---- issue 37: the screens the real client still broke on ----
  {
    screen: 'Landing page (getPublicRuns)',
    who: 'visitor',
    method: 'GET',
    url: '/api/v1/run_db/populate_homepage',
    issue37: true,
    // It reads results_folder_path (data/{run}/), group, assay, organ, species and public; only public runs.
    reads: (r, c) =>
      okJson<{ run_id: string; results_folder_path: string; public: number }[]>(
        r,
        (b) =>
          b.some((x) => x.run_id === c.open.runId && x.results_folder_path.includes(`data/${c.open.runId}/`)) &&
          b.every((x) => x.public === 1),
      ),
  },
  {
    screen: 'Landing page (file list)',
    who: 'visitor',
    method: 'POST',
    url: '/api/v1/storage/list',
    issue37: true,
    body: () => ({ path: 'data/', bucket: ORIGINAL_BUCKET, filter: '', only_files: true }),
    reads: (r, c) =>
      okJson<string[]>(
        r,
        (b) => b.includes(`data/${c.open.runId}/metadata.csv`) && b.every((k) => k.startsWith(`data/${c.open.runId}/`)),
      ),
  },
  {
    screen: 'Atlas Run Viewer (file list)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/storage/list',
    issue37: true,
    body: (c) => ({ path: `data/${c.run.runId}/`, bucket: ORIGINAL_BUCKET, filter: ['.json'], only_files: true }),
    reads: (r, c) => okJson<string[]>(r, (b) => b.includes(`data/${c.run.runId}/spatial/metadata.json`)),
  },
  {
    screen: 'AtlasXbrowser (run folders)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/storage/sub_folders',
    issue37: true,
    // Its run search offers the bare folder names as run ids.
    body: () => ({ bucket_name: ORIGINAL_BUCKET, prefix: 'data/' }),
    reads: (r, c) => okJson<string[]>(r, (b) => b.includes(c.run.runId) && b.every((f) => !f.includes('/'))),
  },
  {
    screen: 'AtlasXbrowser (SLIMS metadata)',
    who: 'member',
    method: 'GET',
    url: '/api/v1/dataset/slimstest_runid',
    issue37: true,
    query: (c) => ({ run_id: c.run.runId }),
    reads: (r) => okJson<{ slims?: string }>(r, (b) => b.slims === 'not configured'),
  },
  {
    screen: 'AtlasXplore (task, table number)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/task',
    issue37: true,
    body: (c) => ({
      task: 'gene.compute_qc',
      queue: 'atxcloud_gene',
      args: [`data/${c.run.runId}/h5/obj/genes.h5ad`, [0, 1], 2],
      kwargs: {},
    }),
    reads: (r) => okJson<{ _id?: string }>(r, (b) => typeof b._id === 'string'),
  },
  {
    screen: 'AtlasXplore (link of a private run)',
    who: 'member',
    method: 'POST',
    url: '/api/v1/genes/generate_link',
    issue37: true,
    body: (c) => ({
      args: [`data/${c.run.runId}/h5/data.csv.gz`, `data/${c.run.runId}/h5/geneNames.txt.gz`],
      meta: { run_id: c.run.runId },
    }),
    reads: (r, c) =>
      okJson<{ encoded?: string }>(r, (b) => typeof b.encoded === 'string' && !!c.state.set('groupLink', b.encoded)),
  },
  {
    screen: 'Admin Panel (front page)',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/storage/generate_frontpage',
    issue37: true,
    body: (c) => ({ url: `https://portal.example.org/?run_id=${c.run.runId}`, runId: c.run.runId }),
    reads: ok,
    verdict: 'refused',
    refusal: (r) => r.statusCode === 410 && (body(r) as { msg?: string }).msg === COMPAT_MSG.frontpageRefused,
  },
  // ---- built by another engineer (issue 20 scope note) ----
  {
    screen: 'Personal API token',
    who: 'member',
    method: 'POST',
    url: '/api/v1/auth/api_token',
    reads: ok,
    verdict: 'covered',
  },
  {
    screen: 'Bulk lab records',
    who: 'admin',
    method: 'POST',
    url: '/api/v1/dataset/wafers',
    reads: ok,
    verdict: 'covered',
  },
];

/**
 * Calls refused on purpose for safety (README, API section): the compatibility layer is never looser than the
 * native call it uses.
 */
const REFUSED_ON_PURPOSE: Record<string, string> = {
  'GET /api/v1/dataset/wafers':
    'lab records are read by admins only (spec 02 §6); the original let every member read them',
  'GET /api/v1/dataset/chips': 'as wafers',
  'GET /api/v1/dataset/dbits': 'as wafers',
  'GET /api/v1/dataset/qc': 'as wafers',
  'GET /api/v1/dataset/wafertrace': 'as wafers',
  'GET /api/v1/storage/download_link_public':
    'signs URLs for lab staff only, as storage/generate_presigned_url; the original signed any key of any bucket for a public session',
  'POST /api/v1/storage/generate_frontpage':
    'the original screenshotted any URL it was given from the server (a request forgery); the explorer saves the image',
};

const t = useTestApp({ workers: QUEUES });
let ctx: Ctx;
let ftp: FtpBatchServer;
const tokens = {} as Record<Who, string | undefined>;

beforeAll(async () => {
  await buildGroup(t, 'lab-b');
  const member = await buildUser(t, 'r-member', ['user', 'lab-b']);
  const visitor = await buildVisitor(t);
  const changer = await buildUser(t, 'r-changer', ['user']);
  await buildGroup(t, 'lab-c');
  const other = await buildUser(t, 'r-other', ['user', 'lab-c']);
  Object.assign(tokens, { anonymous: undefined, visitor, member, other, changer, admin: t.admin });
  const run = await buildRun(t, { runId: 'D00201', group: 'lab-b', public: false, pmid: '7700201' });
  const open = await buildRun(t, { runId: 'D00202', group: 'lab-b', public: true });
  const bucket = dataBucket(t.infra.config);
  await t.infra.storage.put(bucket, 'data/RQC2/metadata.json', JSON.stringify({ run: 'RQC2' }));
  const linkOf = async (runId: string) =>
    (
      await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
        token: t.admin,
        body: { run_id: runId },
      })
    ).body.encoded;
  const state = new Map<string, unknown>();
  state.set('code', await requestAccount(t, 'r-confirmer'));
  ctx = { run, open, bucket, link: await linkOf(run.runId), openLink: await linkOf(open.runId), state };
  ftp = await startFtpBatchServer({ tree: await novogeneBatch(), ...FTP_LOGIN });
  state.set('ftpPort', ftp.port);
  // Five accounts, two groups, two runs and an FTP server on a machine shared by several test runs.
}, 180_000);
afterAll(() => ftp?.close());

/** POST task and task_sync are one call per task name, as the issue's inventory counts them. */
function taskOf(r: Replay): string {
  const task = (r.body?.(ctx) as { task?: unknown } | undefined)?.task;
  return typeof task === 'string' && r.method === 'POST' ? ` ${task}` : '';
}

/** The path as the client's code names it: a public link or a task id in the path is a parameter. */
function templateOf(r: Replay): string {
  if (typeof r.url === 'string') return r.url.replace(/\/auth\/user\/[^/]+$/, '/auth/user/:username');
  return r
    .url(ctx)
    .replace(/\/eyJ[^/]+$/, '/:token')
    .replace(/\/task\/[^/]+$/, '/task/:id');
}

/** Whether the client would find what it reads: an answer of another shape (a reads that throws) is a no. */
function readsSafely(r: Replay, res: LightMyRequestResponse): boolean {
  try {
    return r.reads(res, ctx);
  } catch {
    return false;
  }
}

async function replay(r: Replay): Promise<LightMyRequestResponse> {
  const token = tokens[r.who];
  const payload = r.body?.(ctx);
  return t.app.inject({
    method: r.method,
    url: typeof r.url === 'string' ? r.url : r.url(ctx),
    query: r.query?.(ctx),
    headers: {
      accept: AXIOS_ACCEPT,
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload !== undefined ? JSON.stringify(payload) : undefined,
  });
}

describe('replay of the original client (issue 20)', () => {
  it('answers every original call as its client reads it, but for those refused on purpose', async () => {
    const problems: string[] = [];
    /** Per distinct call (method and path template): the verdicts of its replays. */
    const calls = new Map<string, Verdict[]>();
    for (const r of REPLAYS) {
      const verdict = r.verdict ?? 'compatible';
      const key = `${r.method} ${templateOf(r)}${taskOf(r)}`;
      calls.set(key, [...(calls.get(key) ?? []), verdict]);
      if (verdict === 'covered') continue;
      let res: LightMyRequestResponse;
      try {
        res = await replay(r);
      } catch (error) {
        problems.push(`${key} (${r.screen}): the replay could not be built (${String(error)})`);
        continue;
      }
      const label = `${key} (${r.screen}, ${r.who})`;
      const refusedOnPurpose =
        verdict === 'refused' && (r.refusal ? r.refusal(res) : [401, 403, 404].includes(res.statusCode));
      if (res.statusCode >= 500 && !refusedOnPurpose) problems.push(`${label}: server error ${res.body.slice(0, 200)}`);
      else if (verdict === 'refused') {
        if (!refusedOnPurpose)
          problems.push(`${label}: expected a refusal on purpose, got ${res.statusCode} ${res.body}`);
      } else if (!readsSafely(r, res)) problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    // A call counts as compatible when every replay of it is (covered ones: by the engineer who builds them).
    const verdicts = [...calls.values()];
    const compatible = verdicts.filter((v) => v.every((x) => x === 'compatible' || x === 'covered')).length;
    const refused = [...calls].filter(([, v]) => v.includes('refused')).map(([k]) => k);
    expect(refused.sort()).toEqual(Object.keys(REFUSED_ON_PURPOSE).sort());
    expect(refused.length).toBe(calls.size - compatible);
    // The issue's inventory counted 76 calls; this replay tells apart a few more (each task of POST task).
    expect(calls.size).toBeGreaterThanOrEqual(76);
    expect(compatible).toBeGreaterThanOrEqual(70);
    console.info(
      `replay: ${calls.size} distinct calls, ${compatible} compatible, ${refused.length} refused on purpose`,
    );
    const issue37 = REPLAYS.filter((r) => r.issue37);
    expect(issue37.length).toBeGreaterThanOrEqual(13);
    console.info(`replay, issue 37: ${issue37.length} replays of the calls the real client failed on, all as expected`);
  });

  it("opens a private run's explorer link to the run's group only", async () => {
    const link = ctx.state.get('groupLink') as string;
    expect(typeof link).toBe('string');
    const use = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      replay({ screen: 'AtlasXplore (by link)', who, method, url, body: () => payload, reads: ok });
    const names = `/api/v1/genes/gmnames/${link}`;
    const tixels = `/api/v1/genes/get_spatial_data/${link}`;
    const meta = `/api/v1/storage/decode_meta/${link}`;
    // The member whose explorer asked for it reads the run through it, as the explorer does.
    expect((await use('member', 'POST', names, { key: 1 })).json()).toContain(ctx.run.genes[0]);
    expect((await use('member', 'POST', tixels, { key: 0 })).statusCode).toBe(200);
    expect((await use('member', 'GET', meta)).json()).toMatchObject({ run_id: ctx.run.runId });
    expect((await use('admin', 'POST', names, { key: 1 })).statusCode).toBe(200);
    // Another group's member, the public session and a visitor without a session get nothing of the run.
    for (const who of ['other', 'visitor'] as const) {
      for (const [method, url, payload] of [
        ['POST', names, { key: 1 }],
        ['POST', tixels, { key: 0 }],
        ['GET', meta, undefined],
      ] as const) {
        const res = await use(who, method, url, payload);
        expect([who, url, res.statusCode]).toEqual([who, url, 404]);
        expect(res.body).not.toContain(ctx.run.genes[0]);
      }
    }
    expect((await use('anonymous', 'POST', names, { key: 1 })).statusCode).toBe(401);
    // Nor may they make one: the run is not theirs to see.
    const ask = { args: [], meta: { run_id: ctx.run.runId } };
    expect((await use('other', 'POST', '/api/v1/genes/generate_link', ask)).statusCode).toBe(404);
    expect((await use('visitor', 'POST', '/api/v1/genes/generate_link', ask)).statusCode).toBe(404);
    // A public run still gets a public link, which the public session can use.
    const open = await use('member', 'POST', '/api/v1/genes/generate_link', {
      args: [],
      meta: { run_id: ctx.open.runId },
    });
    const openLink = (open.json() as { encoded: string }).encoded;
    expect((await use('visitor', 'POST', `/api/v1/genes/gmnames/${openLink}`, { key: 1 })).statusCode).toBe(200);
  });

  it('answers CORS preflights only for the configured origins, and maps the configured buckets', async () => {
    const allowed = 'https://atlasweb.lab.example';
    const other = await openTestApp({
      env: { ATLAS_CORS_ORIGINS: allowed, ATLAS_COMPAT_BUCKETS: `atx-cloud-dev=${ctx.bucket}` },
    });
    try {
      const preflight = (app: TestContext, origin: string) =>
        app.app.inject({
          method: 'OPTIONS',
          url: '/api/v1/run_db/populate_homepage',
          headers: {
            origin,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization',
          },
        });
      const yes = await preflight(other, allowed);
      expect(yes.statusCode).toBe(204);
      expect(yes.headers['access-control-allow-origin']).toBe(allowed);
      expect(String(yes.headers['access-control-allow-headers'])).toMatch(/authorization/i);
      expect(yes.headers['access-control-allow-credentials']).toBeUndefined();
      const visitor = await buildVisitor(other);
      const call = await other.app.inject({
        method: 'GET',
        url: '/api/v1/run_db/populate_homepage',
        headers: { origin: allowed, accept: AXIOS_ACCEPT, authorization: `JWT ${visitor}` },
      });
      expect(call.statusCode).toBe(200);
      expect(call.headers['access-control-allow-origin']).toBe(allowed);
      // Another origin: the preflight is refused with a message, and no answer carries the header.
      const no = await preflight(other, 'https://elsewhere.example');
      expect(no.statusCode).toBe(403);
      expect(no.headers['access-control-allow-origin']).toBeUndefined();
      expect((no.json() as { msg: string }).msg).toContain('https://elsewhere.example');
      const stray = await other.app.inject({
        method: 'GET',
        url: '/api/v1/app',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(stray.headers['access-control-allow-origin']).toBeUndefined();
      // By default no origin is allowed.
      expect((await preflight(t, allowed)).statusCode).toBe(403);
      // ATLAS_COMPAT_BUCKETS replaces the default map: its names work, atx-illumina is then unknown.
      const folders = (bucket_name: string) =>
        other.app.inject({
          method: 'POST',
          url: '/api/v1/storage/sub_folders',
          headers: { accept: AXIOS_ACCEPT, authorization: `JWT ${other.admin}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ bucket_name, prefix: '' }),
        });
      expect((await folders('atx-cloud-dev')).statusCode).toBe(200);
      expect((await folders(ORIGINAL_BUCKET)).statusCode).toBe(404);
    } finally {
      await other.close();
    }
    // A second app (its own database and storage) to configure: more than the default half minute on a busy machine.
  }, 180_000);

  it('keeps the native answers for our own client (Accept: application/json)', async () => {
    const groups = await t.api<unknown[]>('GET', '/api/v1/auth/group', { token: tokens.admin });
    expect(groups.body.every((g) => typeof g === 'object')).toBe(true);
    const studies = await t.api<{ studies: unknown[] }>('GET', '/api/v1/run_db/get_studies', {
      token: tokens.admin,
    });
    expect(Array.isArray(studies.body.studies)).toBe(true);
  });

  it('marks the original calls in the OpenAPI document', async () => {
    const doc = (
      await t.api<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('GET', '/api/docs/openapi.json')
    ).body;
    expect(doc.paths['/api/v1/genes/gmnames']?.post?.['x-original']).toBe('AtlasXomics');
    expect(doc.paths['/api/v1/auth/whoami']?.get?.['x-original']).toMatchObject({ origin: 'AtlasXomics' });
  });
});
