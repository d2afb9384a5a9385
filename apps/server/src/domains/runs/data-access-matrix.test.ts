import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAccess, GENES_MSG, QUEUES, type Access, type Identity, type TTracks } from '@atlas/contracts';
import { setRunPublic, useTestApp } from '../../../test/harness.js';
import {
  buildAnnotation,
  buildExternalUser,
  buildGroup,
  buildRun,
  buildUser,
  buildVisitor,
  type BuiltRun,
} from '../../../test/factories.js';
import type { RegisteredRoute } from '../../http/route.js';
import { taskRegistry } from '../../tasks/index.js';
import { createRunRecords } from './index.js';

/**
 * The data-level access matrix (issue "One owner for runs"), beside the route matrix of domains/auth: every route and
 * every task that touches a run or a storage key, called as each kind of caller, on a public and on a private run.
 *
 * The list of doors is derived from the registered routes and the task registry: a route or task that is in neither
 * table below fails the first test, so a new door cannot forget its check silently.
 */

type Who =
  | 'admin'
  | 'member'
  | 'other'
  | 'groupless'
  | 'public'
  | 'link'
  | 'otherLink'
  | 'memberApiToken'
  | 'grouplessApiToken'
  | 'reviewer'
  | 'oidcMember'
  | 'ldapMember';
type Visibility = 'public' | 'private';
const WHO: readonly Who[] = [
  'admin',
  'member',
  'other',
  'groupless',
  'public',
  'link',
  'otherLink',
  'memberApiToken',
  'grouplessApiToken',
  'reviewer',
  'oidcMember',
  'ldapMember',
];
/**
 * Personal API tokens (issue 20) act as their owner with the owner's current groups: the member's token must see
 * exactly what the member sees, and the token of an account in no group only what such an account sees.
 */
const ACTS_AS: Partial<Record<Who, Who>> = {
  memberApiToken: 'member',
  grouplessApiToken: 'groupless',
  // Issue 35: an account from an institution's OpenID provider, in lab-b by its group claim, is a member like any.
  oidcMember: 'member',
  // An account from the institution's directory, in lab-b by its directory group: a member like any.
  ldapMember: 'member',
};
const actsAs = (who: Who): Who => ACTS_AS[who] ?? who;
const VISIBILITY: readonly Visibility[] = ['public', 'private'];

/** What each caller may do with a run (./rule.ts): read its data, see its catalogue entry, or write it. */
type Rule = 'data' | 'catalogue' | 'write' | ((who: Who, visibility: Visibility) => boolean);

function expected(rule: Rule, who: Who, visibility: Visibility, linkDoor: boolean): boolean {
  if (typeof rule === 'function') return rule(who, visibility);
  if (who === 'admin' || who === 'member') return true;
  if (rule === 'write') return false;
  // A reviewer link (issue 35) opens both runs of this matrix, public or private, read-only.
  if (who === 'reviewer') return true;
  if (rule === 'catalogue') return visibility === 'public';
  if (who === 'other') return visibility === 'public';
  return who === 'link' && linkDoor && visibility === 'public';
}

/** The identity each caller's token carries, to tell a route-level refusal (401/403) from a data-level one. */
const IDENTITY: Record<Who, Identity> = {
  admin: { kind: 'user', username: 'm-admin', groups: ['admin'] },
  member: { kind: 'user', username: 'm-member', groups: ['user', 'lab-b'] },
  other: { kind: 'user', username: 'm-other', groups: ['user', 'lab-a'] },
  groupless: { kind: 'user', username: 'm-groupless', groups: [] },
  public: { kind: 'public' },
  link: { kind: 'public' },
  otherLink: { kind: 'public' },
  memberApiToken: { kind: 'user', username: 'm-member', groups: ['user', 'lab-b'] },
  grouplessApiToken: { kind: 'user', username: 'm-groupless', groups: [] },
  reviewer: {
    kind: 'reviewer',
    linkId: 'matrix',
    sessionKey: 'matrix',
    runIds: ['D00101', 'D00102'],
    allowDownloads: false,
  },
  oidcMember: { kind: 'user', username: 'm-oidc', groups: ['lab-b', 'user'] },
  ldapMember: { kind: 'user', username: 'm-ldap', groups: ['lab-b', 'user'] },
};

interface Call {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Ctx {
  run: BuiltRun;
  who: Who;
  /** The caller whose rights `who` has (a token's owner). */
  as: Who;
  /** The link this caller holds: this run's for 'link', another run's for 'otherLink'. */
  encoded?: string;
}

interface Door {
  rule: Rule;
  /** The door takes public links (`encoded`). */
  link?: boolean;
  call(c: Ctx): Call;
  /** The answer gave this run's data. */
  granted(res: LightMyRequestResponse, c: Ctx): boolean;
  /** What a refusal looks like to a caller the route's access rule lets in: as for a missing run or object. */
  refusal?(res: LightMyRequestResponse, c: Ctx): boolean;
  /** The door hands out the run's files (download links): never to a reviewer whose link allows no downloads. */
  download?: boolean;
}

const BUCKET = 'atx-data';
const json = (res: LightMyRequestResponse): unknown => JSON.parse(res.body);
const ok = (res: LightMyRequestResponse) => res.statusCode === 200;
const has = (res: LightMyRequestResponse, text: string) => ok(res) && res.body.includes(text);
const notFound = (res: LightMyRequestResponse) => res.statusCode === 404;
/** Names a run the way run-data routes take it: a link (with the run id when it is another run's) or the run id. */
/** A tus upload created for the run's slot: the Uploader's write door (granted: 201 with the upload's address). */
const uploadDoor = (slot: string, filename: string): Door => ({
  rule: 'write',
  call: (c) => ({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '16',
      'upload-metadata': Object.entries({ run_id: c.run.runId, slot, filename })
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
    },
  }),
  granted: (res) => res.statusCode === 201 && String(res.headers.location).startsWith('/api/v1/uploads/'),
});

/**
 * A caller's link, or a made-up one of its own: public tasks are limited per address and link (PUBLIC_TASK_LIMIT,
 * 30 a minute), and ten callers sharing one made-up link on both runs and both task doors would pass it.
 */
const noLink = (c: Ctx): string => c.encoded ?? `no-link-${c.who}`;

const runRef = (c: Ctx): Record<string, string> =>
  c.encoded
    ? { encoded: c.encoded, ...(c.who === 'otherLink' ? { run_id: c.run.runId } : {}) }
    : { run_id: c.run.runId };
const file = (c: Ctx, path: string) => ({ bucket_name: BUCKET, filename: `data/${c.run.runId}/${path}` });

/** One annotation per run and caller (made in beforeAll), so that a granted DELETE leaves the others in place. */
const annotationIds = new Map<string, string>();
const annotationOf = (c: Ctx) => annotationIds.get(`${c.run.runId}:${c.who}`) ?? '00000000-0000-4000-8000-000000000000';
/** Who may see an annotation but not change it is told so (403); everyone else gets a 404 as for a missing run. */
const annotationRefusal = (res: LightMyRequestResponse, c: Ctx) =>
  res.statusCode === (c.as === 'other' && c.run === runs.public ? 403 : 404);

/**
 * A public task posted without a link: refused as a bad link, or throttled first (every link-less caller of the
 * matrix shares one allowance per address, `PUBLIC_TASK_LIMIT`, and the two task doors use up more than it).
 */
const linklessTaskRefusal = (res: LightMyRequestResponse, c: Ctx) =>
  [400, 404].includes(res.statusCode) || (c.encoded === undefined && res.statusCode === 429);

/** A run-data read: the run data rule, by run id or by public link. */
const runDataDoor = (key: string, call: Door['call'], granted: Door['granted']): Record<string, Door[]> => ({
  [key]: [{ rule: 'data', link: true, call, granted }],
});

/** A run-data read that names the run by a `data/{run}/…` file (the original's calls): no public-link variant. */
const fileDoor = (key: string, call: Door['call'], granted: Door['granted']): Record<string, Door[]> => ({
  [key]: [{ rule: 'data', call, granted }],
});

/**
 * Download links made in beforeAll while both runs were public, by run, door and caller: the catalogue's Download
 * dialog (the run's registered file) and the track browser (its track, public links' holders too). A caller the
 * maker refused has none and presents a made-up token.
 */
const downloadLinks = new Map<string, string>();
const DOWNLOAD_MAKERS = ['catalogue', 'tracks'] as const;
const downloadLinkOf = (c: Ctx, maker: (typeof DOWNLOAD_MAKERS)[number]) =>
  downloadLinks.get(`${c.run.runId}:${maker}:${c.who}`) ?? '/api/v1/downloads/never.made.token/file';

/**
 * `GET|HEAD /api/v1/downloads/:token/:name`: the URL decides, not the request's token; a link opens while its run is
 * visible to whom it was made for, so one made for another group's member while the run was public is refused once
 * it is private. Callers who never got a link are refused as invalid (403).
 */
function downloadDoors(method: 'GET' | 'HEAD'): Record<string, Door[]> {
  const granted = (res: LightMyRequestResponse, c: Ctx, maker: (typeof DOWNLOAD_MAKERS)[number]) =>
    method === 'HEAD'
      ? ok(res) && Number(res.headers['content-length']) > 0 && downloadLinks.has(`${c.run.runId}:${maker}:${c.who}`)
      : ok(res) && res.body.includes(maker === 'catalogue' ? c.run.runId : `\t${Number(c.run.runId.slice(1))}\n`);
  const refusal = (res: LightMyRequestResponse, c: Ctx, maker: (typeof DOWNLOAD_MAKERS)[number]) =>
    res.statusCode === (downloadLinks.has(`${c.run.runId}:${maker}:${c.who}`) ? 404 : 403);
  return {
    [`${method} /api/v1/downloads/:token/:name`]: DOWNLOAD_MAKERS.map((maker) => ({
      rule: 'data',
      link: maker === 'tracks',
      download: true,
      call: (c) => ({ method, url: new URL(downloadLinkOf(c, maker), 'http://x').pathname }),
      granted: (res, c) => granted(res, c, maker),
      refusal: (res, c) => refusal(res, c, maker),
    })),
  };
}

/** Download links for every caller and run, made as each of them would (see downloadLinks). */
async function makeDownloadLinks(): Promise<void> {
  for (const visibility of VISIBILITY)
    for (const who of WHO) {
      const c = ctxOf(visibility, who);
      const dialog = await send(
        {
          method: 'POST',
          url: '/api/v1/run_db/generate_presigned_url',
          body: { bucket: BUCKET, path: `data/${c.run.runId}/metadata.csv` },
        },
        tokens[who],
      );
      if (ok(dialog)) downloadLinks.set(`${c.run.runId}:catalogue:${who}`, (json(dialog) as { url: string }).url);
      const tracks = await send({ method: 'GET', url: '/api/v1/genes/tracks', query: runRef(c) }, tokens[who]);
      const track = ok(tracks) && (json(tracks) as TTracks).tracks.find((f) => f.source === 'run');
      if (track) downloadLinks.set(`${c.run.runId}:tracks:${who}`, track.url);
    }
}

/** Every route that reads or writes a run's records or objects, with how to call it for one run. */
const DOORS: Record<string, Door[]> = {
  // ---- catalogue ----
  'GET /api/v1/run_db/get_runs_public': [
    {
      rule: (_who, visibility) => visibility === 'public',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/get_runs_public' }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/run_db/get_runs': [
    {
      rule: 'catalogue',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/get_runs' }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/run_db/search_by_publication': [
    {
      rule: 'catalogue',
      call: (c) => ({ method: 'GET', url: '/api/v1/run_db/search_by_publication', query: { query: pmidOf(c.run) } }),
      granted: (res, c) =>
        ok(res) && (json(res) as { results_id: number }[]).some((r) => r.results_id === resultsId.get(c.run.runId)),
      refusal: (res) => ok(res) && (json(res) as unknown[]).length === 0,
    },
  ],
  'GET /api/v1/run_db/search_authors': [
    {
      rule: 'catalogue',
      call: (c) => ({ method: 'GET', url: '/api/v1/run_db/search_authors', query: { query: `Author ${c.run.runId}` } }),
      granted: (res, c) =>
        ok(res) && (json(res) as { results_id: number }[]).some((r) => r.results_id === resultsId.get(c.run.runId)),
      refusal: (res) => ok(res) && (json(res) as unknown[]).length === 0,
    },
  ],
  'GET /api/v1/run_db/get_downloadable_files': [
    {
      rule: 'catalogue',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/get_downloadable_files' }),
      granted: (res, c) => ok(res) && c.run.runId in (json(res) as object),
      refusal: (res, c) => ok(res) && !(c.run.runId in (json(res) as object)),
    },
  ],
  'POST /api/v1/run_db/generate_presigned_url': [
    {
      rule: 'data',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/run_db/generate_presigned_url',
        body: { bucket: BUCKET, path: `data/${c.run.runId}/metadata.csv` },
      }),
      granted: (res) => has(res, 'url'),
    },
  ],
  'POST /api/v1/run_db/encode_link': [
    {
      // Links exist for public runs only; those who may see a private run are told why (409), others get 404. A
      // reviewer gets a link of its own for each run of its link (it opens only to that session).
      rule: (who, visibility) => visibility === 'public' || who === 'reviewer',
      call: (c) => ({ method: 'POST', url: '/api/v1/run_db/encode_link', body: { run_id: c.run.runId } }),
      granted: (res) => has(res, 'encoded'),
      refusal: (res, c) => res.statusCode === (c.as === 'admin' || c.as === 'member' ? 409 : 404),
    },
    {
      // A group link (issue 37), public run or private: made by the run's group and admins only; who sees the run
      // but is not of its group is told why (403), everyone else gets 404. A reviewer gets its own link instead.
      rule: (who) => who === 'admin' || who === 'member' || who === 'reviewer',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/run_db/encode_link',
        body: { run_id: c.run.runId, audience: 'group' },
      }),
      granted: (res) => has(res, 'encoded'),
      refusal: (res, c) => res.statusCode === (c.run === runs.public ? 403 : 404),
    },
  ],
  'GET /api/v1/run_db/decode_meta': [
    {
      rule: (who, visibility) => who === 'link' && visibility === 'public',
      link: true,
      call: (c) => ({
        method: 'GET',
        url: '/api/v1/run_db/decode_meta',
        query: c.encoded ? { encoded: c.encoded } : undefined,
      }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`),
      refusal: (res, c) =>
        c.who === 'otherLink' ? ok(res) && !res.body.includes(c.run.runId) : [400, 404].includes(res.statusCode),
    },
  ],
  // Reviewer downloads (issue 35): the matrix's reviewer link allows none (403); any other session is told it is
  // not a reviewer's (400). reviewer-links.test.ts downloads through a link that allows them.
  'GET /api/v1/run_db/reviewer_files': [
    {
      rule: () => false,
      call: () => ({ method: 'GET', url: '/api/v1/run_db/reviewer_files' }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res) => [400, 403].includes(res.statusCode),
    },
  ],
  'POST /api/v1/run_db/reviewer_download': [
    {
      rule: () => false,
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/run_db/reviewer_download',
        body: { bucket: BUCKET, path: `data/${c.run.runId}/metadata.csv` },
      }),
      granted: (res) => has(res, 'url'),
      refusal: (res) => [400, 403].includes(res.statusCode),
    },
  ],
  'GET /api/v1/run_db/live_links': [
    {
      // Which runs have live links (issue 35; both runs have a reviewer link): lab staff see the runs they may see.
      rule: 'catalogue',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/live_links' }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/run_db/get_run_records': [
    {
      rule: 'catalogue',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/get_run_records' }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/run_db/frontpage/:file': [
    {
      rule: 'catalogue',
      call: (c) => ({ method: 'GET', url: `/api/v1/run_db/frontpage/${c.run.runId}.png` }),
      granted: (res) => ok(res) && res.headers['content-type'] === 'image/png',
    },
  ],

  // ---- run data (spec 03 §7) ----
  ...runDataDoor(
    'GET /api/v1/genes/feature_names',
    (c) => ({ method: 'GET', url: '/api/v1/genes/feature_names', query: { ...runRef(c), kind: 'genes' } }),
    (res, c) => has(res, c.run.genes[0]!),
  ),
  ...runDataDoor(
    'GET /api/v1/genes/data',
    (c) => ({ method: 'GET', url: '/api/v1/genes/data', query: runRef(c) }),
    (res, c) => has(res, `"run_id":"${c.run.runId}"`),
  ),
  ...runDataDoor(
    'GET /api/v1/genes/barcodes',
    (c) => ({ method: 'GET', url: '/api/v1/genes/barcodes', query: runRef(c) }),
    (res, c) => has(res, `${c.run.runId}-BC0`),
  ),
  ...runDataDoor(
    'GET /api/v1/genes/top_ten',
    (c) => ({ method: 'GET', url: '/api/v1/genes/top_ten', query: { ...runRef(c), kind: 'genes' } }),
    (res, c) => has(res, c.run.genes[0]!),
  ),
  ...runDataDoor(
    'GET /api/v1/genes/expression',
    (c) => ({ method: 'GET', url: '/api/v1/genes/expression', query: { ...runRef(c), name: c.run.genes[1]! } }),
    (res, c) => has(res, c.run.genes[1]!),
  ),
  ...runDataDoor(
    'POST /api/v1/genes/get_summation',
    (c) => ({
      method: 'POST',
      url: '/api/v1/genes/get_summation',
      body: { ...runRef(c), filename: 'geneSummation', rows: [1] },
    }),
    ok,
  ),
  ...runDataDoor(
    'GET /api/v1/genes/tissue_image',
    (c) => ({ method: 'GET', url: '/api/v1/genes/tissue_image', query: runRef(c) }),
    (res) => has(res, '"available":true'),
  ),
  ...runDataDoor(
    'GET /api/v1/genes/tissue_image/file',
    (c) => ({ method: 'GET', url: '/api/v1/genes/tissue_image/file', query: runRef(c) }),
    (res) => ok(res) && res.headers['content-type'] === 'image/jpeg',
  ),
  ...runDataDoor(
    'GET /api/v1/genes/cells',
    (c) => ({ method: 'GET', url: '/api/v1/genes/cells', query: runRef(c) }),
    (res) => has(res, '"platform":"CosMx"'),
  ),
  ...runDataDoor(
    'GET /api/v1/genes/cell_outlines',
    (c) => ({
      method: 'GET',
      url: '/api/v1/genes/cell_outlines',
      query: { ...runRef(c), x0: '0', y0: '0', x1: '10', y1: '10' },
    }),
    // The factory's run outlines its cells: the window holds some of them (the header's cell count is not 0).
    (res) => ok(res) && res.rawPayload.subarray(0, 8).toString() === 'ATLOUTW1' && res.rawPayload.readUInt32LE(8) > 0,
  ),
  'GET /api/v1/genes/tracks': [
    {
      rule: 'data',
      link: true,
      // Its URLs are download links (token, then file name): none for a reviewer, whose link allows no downloads.
      download: true,
      call: (c) => ({ method: 'GET', url: '/api/v1/genes/tracks', query: runRef(c) }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`) && res.body.includes('"name":"C1.bedgraph"'),
    },
  ],
  ...runDataDoor(
    'GET /api/v1/genes/networks',
    (c) => ({ method: 'GET', url: '/api/v1/genes/networks', query: runRef(c) }),
    (res, c) => has(res, `"${c.run.runId}.json"`),
  ),
  ...runDataDoor(
    'GET /api/v1/genes/network',
    (c) => ({ method: 'GET', url: '/api/v1/genes/network', query: { ...runRef(c), name: `${c.run.runId}.json` } }),
    (res, c) => has(res, `${c.run.runId}_TF`),
  ),
  'POST /api/v1/genes/public_task': [
    {
      // Only through a link: the task's files come from the link, never from the caller.
      rule: (who, visibility) => who === 'link' && visibility === 'public',
      link: true,
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/genes/public_task',
        body: { encoded: noLink(c), task: 'gene.compute_qc', kind: 'genes', selection: [0, 1] },
      }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`),
      refusal: (res, c) =>
        c.who === 'otherLink' ? ok(res) && !res.body.includes(c.run.runId) : linklessTaskRefusal(res, c),
    },
  ],

  // ---- shared annotations: read by who may read the run, changed by its group ----
  'GET /api/v1/annotations': [
    {
      rule: 'data',
      call: (c) => ({ method: 'GET', url: '/api/v1/annotations', query: { run_id: c.run.runId } }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`),
    },
  ],
  'GET /api/v1/annotations/public': [
    {
      // A public link's viewer reads its run's annotations (read-only) while the run is public.
      rule: (who, visibility) => who === 'link' && visibility === 'public',
      link: true,
      call: (c) => ({
        method: 'GET',
        url: '/api/v1/annotations/public',
        query: c.encoded ? { encoded: c.encoded } : undefined,
      }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`) && !res.body.includes('"editable":true'),
      refusal: (res, c) =>
        c.who === 'otherLink' ? ok(res) && !res.body.includes(c.run.runId) : [400, 404].includes(res.statusCode),
    },
  ],
  'GET /api/v1/annotations/:id': [
    {
      // One annotation with its tixels (lists carry none): read by who may read its run, to others as if missing.
      rule: 'data',
      call: (c) => ({ method: 'GET', url: `/api/v1/annotations/${annotationOf(c)}` }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`) && res.body.includes('"tixels":[2]'),
    },
  ],
  'GET /api/v1/annotations/public/:id': [
    {
      // A public link's viewer reads one annotation of its run, with its tixels, while the run is public.
      rule: (who, visibility) => who === 'link' && visibility === 'public',
      link: true,
      call: (c) => ({
        method: 'GET',
        url: `/api/v1/annotations/public/${annotationOf(c)}`,
        query: c.encoded ? { encoded: c.encoded } : undefined,
      }),
      granted: (res, c) =>
        has(res, `"run_id":"${c.run.runId}"`) &&
        res.body.includes('"tixels":[2]') &&
        !res.body.includes('"editable":true'),
      refusal: (res) => [400, 404].includes(res.statusCode),
    },
  ],
  'POST /api/v1/annotations': [
    {
      rule: 'write',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/annotations',
        body: { run_id: c.run.runId, name: `made by ${c.who}`, color: '#00aa00', tixels: [0, 1] },
      }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`),
      refusal: annotationRefusal,
    },
  ],
  'PUT /api/v1/annotations/:id': [
    {
      rule: 'write',
      call: (c) => ({
        method: 'PUT',
        url: `/api/v1/annotations/${annotationOf(c)}`,
        body: { note: `changed by ${c.who}` },
      }),
      granted: (res, c) => has(res, `changed by ${c.who}`),
      refusal: annotationRefusal,
    },
  ],
  'DELETE /api/v1/annotations/:id': [
    {
      rule: 'write',
      call: (c) => ({ method: 'DELETE', url: `/api/v1/annotations/${annotationOf(c)}` }),
      granted: (res, c) => has(res, annotationOf(c)),
      refusal: annotationRefusal,
    },
  ],

  // ---- exports (issue 34): the run's data as a file, for who may read the run ----
  'POST /api/v1/exports': [
    {
      rule: 'data',
      call: (c) => ({ method: 'POST', url: '/api/v1/exports', body: { run_id: c.run.runId, format: 'csv' } }),
      granted: (res, c) => has(res, `0,${c.run.runId}-BC0,C1`),
    },
    {
      rule: 'data',
      call: (c) => ({ method: 'POST', url: '/api/v1/exports', body: { run_id: c.run.runId, observations: [1, 4] } }),
      granted: (res) => ok(res) && res.headers['content-type'] === 'application/x-hdf5',
    },
  ],

  // ---- cluster colours (Color Configuration): read by who may read the run, changed by its group ----
  'GET /api/v1/cluster_colors': [
    {
      rule: 'data',
      call: (c) => ({ method: 'GET', url: '/api/v1/cluster_colors', query: { run_id: c.run.runId } }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`),
    },
  ],
  'PUT /api/v1/cluster_colors': [
    {
      rule: 'write',
      call: (c) => ({
        method: 'PUT',
        url: '/api/v1/cluster_colors',
        body: { run_id: c.run.runId, colors: { C1: '#00aa00' } },
      }),
      granted: (res) => has(res, '"C1":"#00aa00"'),
      refusal: annotationRefusal,
    },
  ],

  // ---- storage (spec 02 §7.2): every key belongs to its run ----
  // Listings name keys, they read nothing: a public session (the original landing page, issue 37) lists the
  // public runs' keys, as it sees their catalogue entries; reading a listed file still needs a link.
  'POST /api/v1/storage/list': [
    {
      rule: 'catalogue',
      call: () => ({
        method: 'POST',
        url: '/api/v1/storage/list',
        body: { bucket: BUCKET, path: 'data/', delimiter: '/' },
      }),
      granted: (res, c) => has(res, `"data/${c.run.runId}/"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
    {
      rule: 'catalogue',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/storage/list',
        body: { bucket: BUCKET, path: `data/${c.run.runId}/` },
      }),
      granted: (res, c) => has(res, `data/${c.run.runId}/spatial/metadata.json`),
      refusal: (res) => ok(res) && res.body === '[]',
    },
    {
      rule: 'catalogue',
      call: () => ({ method: 'POST', url: '/api/v1/storage/list', body: { bucket: BUCKET, path: 'frontpage/' } }),
      granted: (res, c) => has(res, `frontpage/${c.run.runId}.png`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/storage/spatial_runs': [
    {
      rule: 'data',
      call: () => ({ method: 'GET', url: '/api/v1/storage/spatial_runs', query: { bucket: BUCKET } }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'POST /api/v1/storage/sub_folders': [
    {
      rule: 'data',
      call: () => ({
        method: 'POST',
        url: '/api/v1/storage/sub_folders',
        body: { bucket_name: BUCKET, prefix: 'data/' },
      }),
      granted: (res, c) => has(res, `"data/${c.run.runId}/"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'POST /api/v1/storage/generate_presigned_url': [
    {
      rule: 'data',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/storage/generate_presigned_url',
        body: { bucket_name: BUCKET, key: `data/${c.run.runId}/h5/data.csv.gz` },
      }),
      granted: (res) => has(res, 'url'),
    },
  ],
  'POST /api/v1/storage/generate_presigned_urls': [
    {
      rule: 'data',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/storage/generate_presigned_urls',
        body: { bucket_name: BUCKET, keys: ['barcodes/list.txt', `frontpage/${c.run.runId}.png`] },
      }),
      granted: (res) => has(res, 'urls'),
    },
  ],
  'GET /api/v1/storage': [
    {
      rule: 'data',
      call: (c) => ({ method: 'GET', url: '/api/v1/storage', query: file(c, 'h5/data.csv.gz') }),
      granted: (res) => ok(res) && res.rawPayload.length > 0,
    },
    {
      rule: 'data',
      call: (c) => ({
        method: 'GET',
        url: '/api/v1/storage',
        query: { bucket_name: BUCKET, filename: `frontpage/${c.run.runId}.png` },
      }),
      granted: (res) => ok(res) && res.rawPayload.length > 0,
    },
  ],
  'GET /api/v1/storage/png': [
    {
      rule: 'data',
      call: (c) => ({ method: 'GET', url: '/api/v1/storage/png', query: file(c, 'images/postB.png') }),
      granted: (res) => ok(res) && res.headers['content-type'] === 'image/png',
    },
  ],
  'GET /api/v1/storage/json': [
    {
      rule: 'data',
      call: (c) => ({ method: 'GET', url: '/api/v1/storage/json', query: file(c, 'spatial/metadata.json') }),
      granted: (res, c) => has(res, c.run.runId),
      refusal: (res) => ok(res) && res.body === 'false',
    },
  ],
  'GET /api/v1/storage/csv': [
    {
      rule: 'data',
      call: (c) => ({ method: 'GET', url: '/api/v1/storage/csv', query: file(c, 'spatial/tissue_positions_list.csv') }),
      granted: (res, c) => has(res, `${c.run.runId}AAA`),
      refusal: (res) => ok(res) && res.body === 'false',
    },
  ],
  'GET /api/v1/storage/image_as_jpg': [
    {
      rule: 'data',
      call: (c) => ({ method: 'GET', url: '/api/v1/storage/image_as_jpg', query: file(c, 'images/postB.png') }),
      granted: (res) => ok(res) && res.headers['content-type'] === 'image/jpeg',
    },
  ],
  'GET /api/v1/storage/grayscale_image_jpg_cropping': [
    {
      rule: 'data',
      call: (c) => ({
        method: 'GET',
        url: '/api/v1/storage/grayscale_image_jpg_cropping',
        query: { ...file(c, 'images/postB.png'), x1: '0', y1: '0', x2: '4', y2: '4' },
      }),
      granted: (res) => ok(res) && res.headers['content-type'] === 'image/jpeg',
    },
  ],
  // ---- uploader (admin route; HEAD/PATCH/DELETE re-check the destination the upload was created for) ----
  'POST /api/v1/uploads': [
    uploadDoor('fix', 'fix.tif'),
    // A track lands in the run's tracks folder of the tracks bucket: the same runs-owner write check.
    uploadDoor('track', 'H3K27ac_C1.bw'),
  ],
  // ---- the original portal's calls (issue 20, domains/compat): each through a native door above ----
  'GET /api/v1/run_db/populate_homepage': [
    {
      // The original's list: a member's catalogue, else the public one (a reviewer's too).
      rule: (who, visibility) => visibility === 'public' || who === 'admin' || who === 'member',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/populate_homepage' }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/run_db/get_run_ids': [
    {
      rule: 'catalogue',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/get_run_ids' }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/run_db/get_runs_collaborator': [
    {
      rule: 'catalogue',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/get_runs_collaborator', query: { collaborator: 'lab-b' } }),
      granted: (res, c) => has(res, `"${c.run.runId}"`),
      refusal: (res, c) => ok(res) && !res.body.includes(c.run.runId),
    },
  ],
  'GET /api/v1/run_db/get_all_downloadable_files_run_id': [
    {
      rule: 'catalogue',
      call: () => ({ method: 'GET', url: '/api/v1/run_db/get_all_downloadable_files_run_id' }),
      granted: (res, c) => ok(res) && c.run.runId in (json(res) as object),
      refusal: (res, c) => ok(res) && !(c.run.runId in (json(res) as object)),
    },
  ],
  ...Object.fromEntries(
    (
      [
        ['POST /api/v1/run_db/search_pmid', (c: Ctx) => pmidOf(c.run)],
        ['POST /api/v1/run_db/search_authors', (c: Ctx) => `Author ${c.run.runId}`],
      ] as const
    ).map(([key, query]): [string, Door[]] => [
      key,
      [
        {
          rule: 'catalogue',
          call: (c) => ({ method: 'POST', url: key.slice(5), body: { query: query(c) } }),
          granted: (res, c) =>
            ok(res) && (json(res) as { results_id: number }[]).some((r) => r.results_id === resultsId.get(c.run.runId)),
          refusal: (res) => ok(res) && (json(res) as unknown[]).length === 0,
        },
      ],
    ]),
  ),
  'POST /api/v1/genes/generate_link': [
    {
      // The original explorer's link (issue 37): a public run's for anyone who sees it, a private run's group link
      // for its group and admins (the replay checks that such a link opens the run to no one else).
      // A reviewer gets a link of its own (it opens only to that session) for each run of its link.
      rule: (who, visibility) => visibility === 'public' || who === 'admin' || who === 'member' || who === 'reviewer',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/genes/generate_link',
        body: { args: [], meta: { run_id: c.run.runId } },
      }),
      granted: (res) => has(res, 'encoded'),
      refusal: notFound,
    },
  ],
  'GET /api/v1/storage/decode_meta/:token': [
    {
      rule: (who, visibility) => who === 'link' && visibility === 'public',
      link: true,
      call: (c) => ({ method: 'GET', url: `/api/v1/storage/decode_meta/${c.encoded ?? 'no-link'}` }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`),
      refusal: (res, c) =>
        c.who === 'otherLink' ? ok(res) && !res.body.includes(c.run.runId) : [400, 404].includes(res.statusCode),
    },
  ],
  'POST /api/v1/public_task': [
    {
      rule: (who, visibility) => who === 'link' && visibility === 'public',
      link: true,
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/public_task',
        body: { task: 'gene.compute_qc', queue: 'atxcloud_gene', args: [noLink(c), [0, 1], 'k'], key: 4 },
      }),
      granted: (res, c) => has(res, `"run_id":"${c.run.runId}"`),
      refusal: (res, c) =>
        c.who === 'otherLink' ? ok(res) && !res.body.includes(c.run.runId) : linklessTaskRefusal(res, c),
    },
  ],
  ...fileDoor(
    'POST /api/v1/genes/gmnames',
    (c) => ({
      method: 'POST',
      url: '/api/v1/genes/gmnames',
      body: { filename: `data/${c.run.runId}/h5/obj/genes.txt` },
    }),
    (res, c) => has(res, c.run.genes[0]!),
  ),
  ...fileDoor(
    'POST /api/v1/genes/expressions',
    (c) => ({
      method: 'POST',
      url: '/api/v1/genes/expressions',
      body: { filename: `data/${c.run.runId}/h5/obj/genes.h5ad` },
    }),
    (res, c) => has(res, c.run.genes[0]!),
  ),
  ...fileDoor(
    'POST /api/v1/genes/get_spatial_data',
    (c) => ({
      method: 'POST',
      url: '/api/v1/genes/get_spatial_data',
      body: { filename: `data/${c.run.runId}/h5/data.csv.gz` },
    }),
    (res) => ok(res) && (json(res) as unknown[]).length > 1,
  ),
  ...Object.fromEntries(
    ['gmnames', 'expressions', 'get_spatial_data'].map((name): [string, Door[]] => [
      `POST /api/v1/genes/${name}/:token`,
      [
        {
          // The link in the path is the run reference: only its holder reads, and only while the run is public.
          rule: (who, visibility) => who === 'link' && visibility === 'public',
          link: true,
          call: (c) => ({ method: 'POST', url: `/api/v1/genes/${name}/${c.encoded ?? 'no-link'}`, body: { key: 1 } }),
          // Another run's link answers that run's data: an answer to it is never this run's.
          granted: (res, c) => ok(res) && c.who === 'link',
          refusal: (res, c) => (c.who === 'otherLink' ? ok(res) : [400, 404].includes(res.statusCode)),
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['download_link', 'download_link_public'].map((name): [string, Door[]] => [
      `GET /api/v1/storage/${name}`,
      [
        {
          rule: 'data',
          call: (c) => ({
            method: 'GET',
            url: `/api/v1/storage/${name}`,
            query: { bucket_name: BUCKET, filename: `data/${c.run.runId}/h5/data.csv.gz` },
          }),
          granted: (res) => has(res, '/api/v1/downloads/'),
        },
      ],
    ]),
  ),

  // ---- download links (issue 33 §7): made for each caller while both runs were public, then used as they are ----
  ...downloadDoors('GET'),
  ...downloadDoors('HEAD'),

  // ---- AtlasXbrowser ----
  'POST /api/v1/run_db/check_spatial_folder_exists': [
    {
      rule: 'data',
      call: (c) => ({
        method: 'POST',
        url: '/api/v1/run_db/check_spatial_folder_exists',
        body: { bucket_name: BUCKET, run_id: c.run.runId },
      }),
      granted: (res) => ok(res) && (json(res) as { exists: boolean }).exists,
      refusal: (res) => ok(res) && res.body === '{"exists":false,"files":[]}',
    },
  ],
};

/** Routes that touch no run data, or whose access rule already confines them to admins (who see every run). */
const NO_RUN_DATA: Record<string, string> = {
  'GET /api/v1/app': 'health check',
  'GET /api/docs/openapi.json': 'API description',
  'GET /api/docs': 'API description',
  'GET /api/v1/storage/fetch_buckets': 'bucket names only',
  'GET /api/v1/run_db/get_field_options': 'lookup lists; groups and PMIDs by the visibility rule: catalogue.test.ts',
  'GET /api/v1/task_definitions': 'task names and argument specs',
  'GET /api/v1/workers': 'worker names, queues and task counts',
  'GET /api/v1/workers/summary': 'worker names, queues and task counts (the original portal’s shape)',
  'POST /api/v1/task_sync': 'posts through POST task: every task is a door of its own (TASK_DOORS below)',
  'GET /api/v1/task/:id':
    'a task belongs to its requester, admins or its public link: tasks/routes.test.ts, genes.test.ts',
  'POST /api/v1/task': 'every task of the registry is a door of its own (TASK_DOORS below)',
  'HEAD /api/v1/storage/signed/:bucket/*': 'authorised by its signature; signed only for keys the caller may read',
  'GET /api/v1/storage/signed/:bucket/*': 'authorised by its signature; signed only for keys the caller may read',
  'PUT /api/v1/storage/signed/:bucket/*': 'authorised by its signature; PUT URLs are signed for admins only',
  'GET /api/v1/atlasbrowser/config': 'bucket names, barcode folder and mapping only',
  'GET /api/v1/dataset/slimstest_runid': 'a proxy of the lab information system: no run objects or records',
  'GET /api/v1/dataset/slimstest_list_runids': 'a proxy of the lab information system: no run objects or records',
};
const ADMIN_ONLY = (route: RegisteredRoute) => route.access === 'admin';
const OWN_ACCOUNT = (route: RegisteredRoute) => route.url.startsWith('/api/v1/auth/');

/** Every task that names a run or a key, with arguments naming one run. */
const TASK_DOORS: Record<
  string,
  { rule: Rule; queue: string; args: (runId: string) => unknown[]; kwargs?: (runId: string) => Record<string, unknown> }
> = {
  'core.checksum': {
    rule: 'data',
    queue: 'atxcloud_core',
    args: () => [],
    kwargs: (r) => ({ bucket: BUCKET, key: `data/${r}/spatial/metadata.json` }),
  },
  'webfile.create_files': {
    rule: 'write',
    queue: 'atxcloud_webfile',
    args: (r) => [`data/${r}/h5/obj`, true, BUCKET],
    kwargs: (r) => ({ run_id: r }),
  },
  'gene.compute_qc': {
    rule: 'data',
    queue: 'atxcloud_gene',
    args: (r) => [`data/${r}/h5/obj/genes.h5ad`, [0, 1], 'k'],
  },
  'gene.rank_clusters': {
    rule: 'data',
    queue: 'atxcloud_gene',
    args: (r) => [`data/${r}/h5/obj/genes.h5ad`],
  },
  'gene.compute_cell_type': {
    rule: 'data',
    queue: 'atxcloud_gene',
    args: (r) => [`data/${r}/h5/obj/genes.h5ad`, { T: ['x'] }],
  },
  'gene.subcluster': {
    rule: 'data',
    queue: 'atxcloud_gene',
    args: (r) => [`data/${r}/h5/obj/genes.h5ad`, [0, 1, 2]],
  },
  'gene.seq_logo': { rule: 'data', queue: 'atxcloud_gene', args: (r) => [`data/${r}/h5/obj/motifs.csv`, 'MA0001.1'] },
  // Reads the run's raw images and writes its spatial folder.
  'atlasbrowser.generate_spatial': {
    rule: 'write',
    queue: 'atxcloud_atlasbrowser',
    args: (r) => [
      {
        run_id: r,
        files: [`data/${r}/images/postB.png`],
        bsa_filename: `data/${r}/images/postB.png`,
        crop_area: [0, 0, 4, 4],
        mask: [{ position: [0, 0], value: 1 }],
        metadata: { points: [0, 0, 4, 0, 4, 4, 0, 4], numChannels: 1 },
        orientation: { rotation: 0 },
        barcode_filename: 'one.txt',
        barcode_list: ['AAAA'],
        bucket_name_bsa: BUCKET,
        bucket_name_spatial: BUCKET,
      },
    ],
  },
  // Admin-only tasks (their access rule refuses everyone else with 403 before the run is looked at).
  'core.download_from_ftp_to_s3': {
    rule: 'write',
    queue: 'atxcloud_core',
    args: () => [],
    kwargs: (r) => ({ host: '127.0.0.1', port: 9, username: 'b', source: '/x', output_key: `data/${r}/fastq/x.fq.gz` }),
  },
  'core.download_from_basespace_href': {
    rule: 'write',
    queue: 'atxcloud_core',
    args: (r) => [[{ href: 'http://127.0.0.1:9/v2/files/1', name: 'x', size: 1, outpath: `data/${r}/fastq/x.fq.gz` }]],
  },
};
const TASKS_WITHOUT_RUN_DATA: Record<string, string> = {
  'core.task_list': 'describes the registry',
  'core.list_novogene_batch': 'admin only; lists an FTP batch and whether its outputs exist',
  'core.list_basespace_datasets': 'admin only; lists BaseSpace datasets and whether their outputs exist',
};

// Opening the app takes over a minute while other suites share a 2-core machine.
const t = useTestApp({ timeoutMs: 180_000 });
const tokens = {} as Record<Who, string>;
const runs = {} as Record<Visibility, BuiltRun>;
const links = {} as Record<Visibility | 'other', string>;
const resultsId = new Map<string, number>();
const pmidOf = (run: BuiltRun) => `77${run.runId.slice(1)}`;

beforeAll(async () => {
  await buildGroup(t, 'lab-a');
  await buildGroup(t, 'lab-b');
  Object.assign(tokens, {
    admin: t.admin,
    member: await buildUser(t, 'm-member', ['user', 'lab-b']),
    other: await buildUser(t, 'm-other', ['user', 'lab-a']),
    // In a group only long enough to make its API token (tokens are made by members of a group).
    groupless: await buildUser(t, 'm-groupless', ['user']),
    oidcMember: await buildExternalUser(
      t,
      { provider: 'oidc', username: 'm-oidc', values: ['lab-b-staff'] },
      { 'lab-b-staff': ['user', 'lab-b'] },
    ),
    ldapMember: await buildExternalUser(
      t,
      { provider: 'ldap', username: 'm-ldap', values: ['cn=lab-b,ou=groups,dc=uni,dc=example'] },
      { 'cn=lab-b,ou=groups,dc=uni,dc=example': ['user', 'lab-b'] },
    ),
  });
  const visitor = await buildVisitor(t);
  Object.assign(tokens, { public: visitor, link: visitor, otherLink: visitor });
  Object.assign(tokens, {
    memberApiToken: await apiTokenOf(tokens.member),
    grouplessApiToken: await apiTokenOf(tokens.groupless),
  });
  const left = await t.api('PUT', '/api/v1/auth/modify_group_list', {
    token: t.admin,
    body: { username: 'm-groupless', groups_removing: ['user'] },
  });
  expect(left.status).toBe(200);

  const specs = [
    ['public', 'D00101', 'lab-b'],
    ['private', 'D00102', 'lab-b'],
    ['other', 'D00103', 'lab-a'],
  ] as const;
  const built = new Map<string, BuiltRun>();
  for (const [name, runId, group] of specs) {
    // Every run starts public so that its link can be made; the private one is closed below.
    const run = await buildRun(t, { runId, group, public: true, pmid: `77${runId.slice(1)}` });
    await createPublication(run);
    built.set(name, run);
    const link = await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token: t.admin,
      body: { run_id: runId },
    });
    links[name] = link.body.encoded;
  }
  runs.public = built.get('public')!;
  runs.private = built.get('private')!;
  tokens.reviewer = await reviewerSession(['D00101', 'D00102']);
  await makeDownloadLinks();
  await setRunPublic(t.infra.db, 'D00102', false);
  await t.infra.storage.put(BUCKET, 'barcodes/list.txt', 'AAAA\n');
  for (const run of [runs.public, runs.private])
    for (const who of WHO) {
      const made = await buildAnnotation(t, { runId: run.runId, name: `for ${who}`, color: '#112233', tixels: [2] });
      annotationIds.set(`${run.runId}:${who}`, made.id);
    }
  const listed = await t.api<{ run_id: string; results_id: number }[]>('GET', '/api/v1/run_db/get_runs', {
    token: t.admin,
  });
  for (const row of listed.body) resultsId.set(row.run_id, row.results_id);
  // Nine identities, two runs with their files and an annotation per caller: more than a minute on a busy machine.
}, 300_000);

/** A reviewer session on these runs, signed in with its code and PIN. */
async function reviewerSession(runIds: string[]): Promise<string> {
  const made = await t.api<{ code: string; pin: string }>('POST', '/api/v1/auth/reviewer_links', {
    token: t.admin,
    body: { run_ids: runIds },
  });
  const session = await t.api<{ access_token: string }>('POST', '/api/v1/auth/reviewer/sign_in', {
    body: { code: made.body.code, pin: made.body.pin },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return session.body.access_token;
}

/** A personal API token made by the account itself (a groupless account gets one before losing its group). */
async function apiTokenOf(session: string): Promise<string> {
  const reply = await t.api<{ token: string }>('POST', '/api/v1/auth/api_tokens', {
    token: session,
    body: { name: 'data matrix' },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.token;
}

async function createPublication(run: BuiltRun): Promise<void> {
  await createRunRecords(t.infra.db).addPublication({
    pmid: pmidOf(run),
    title: `On ${run.runId}`,
    journal: 'J',
    link: null,
    authors: [`Author ${run.runId}`],
  });
}

async function send(call: Call, token: string): Promise<LightMyRequestResponse> {
  const hasBody = call.body !== undefined;
  return t.app.inject({
    method: call.method,
    url: call.url,
    query: call.query,
    headers: {
      authorization: `JWT ${token}`,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
    payload: hasBody ? JSON.stringify(call.body) : undefined,
  });
}

const routeLets = (access: Access, who: Who) => checkAccess(IDENTITY[who], access) === null;

function ctxOf(visibility: Visibility, who: Who): Ctx {
  const encoded = who === 'link' ? links[visibility] : who === 'otherLink' ? links.other : undefined;
  return { run: runs[visibility], who, as: actsAs(who), encoded };
}

/** What is wrong with one answer, or null. */
function judge(
  label: string,
  door: Door,
  access: Access,
  c: Ctx,
  visibility: Visibility,
  res: LightMyRequestResponse,
): string | null {
  const type = String(res.headers['content-type'] ?? '');
  const shown = /json|text/.test(type) ? res.body.slice(0, 120) : `<${type}>`;
  const where = `${label} as ${c.who} on the ${visibility} run: ${res.statusCode} ${shown}`;
  if (res.statusCode >= 500) return `${where}: server error`;
  const noDownload = door.download === true && c.as === 'reviewer';
  const want = expected(door.rule, c.as, visibility, door.link ?? false) && routeLets(access, c.who) && !noDownload;
  const granted = door.granted(res, c);
  if (want) return granted ? null : `${where}: expected the run's data`;
  if (granted) return `${where}: LEAK, expected a refusal`;
  if (!routeLets(access, c.who))
    return [401, 403].includes(res.statusCode) ? null : `${where}: expected 401/403 from the route's access rule`;
  const like = door.refusal ?? notFound;
  return like(res, c) ? null : `${where}: a refusal must look like a missing run or object`;
}

describe('data-level access matrix', () => {
  it('classifies every registered route and every task', () => {
    const unclassified = t.app.atlasRoutes
      .filter((r) => !ADMIN_ONLY(r) && !OWN_ACCOUNT(r))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in DOORS) && !(key in NO_RUN_DATA));
    expect(unclassified, 'routes with no entry in DOORS or NO_RUN_DATA').toEqual([]);
    const registered = new Set(t.app.atlasRoutes.map((r) => `${r.method} ${r.url}`));
    expect(
      Object.keys({ ...DOORS, ...NO_RUN_DATA }).filter((key) => !registered.has(key)),
      'stale entries',
    ).toEqual([]);
    const tasks = taskRegistry.list().map((d) => d.name);
    expect(
      tasks.filter((name) => !(name in TASK_DOORS) && !(name in TASKS_WITHOUT_RUN_DATA)),
      'tasks with no entry',
    ).toEqual([]);
  });

  for (const visibility of VISIBILITY) {
    it(`every route door answers each caller as the rule says: ${visibility} run`, async () => {
      const problems: string[] = [];
      let cells = 0;
      for (const route of t.app.atlasRoutes) {
        const key = `${route.method} ${route.url}`;
        for (const [i, door] of (DOORS[key] ?? []).entries()) {
          for (const who of WHO) {
            const c = ctxOf(visibility, who);
            const res = await send(door.call(c), tokens[who]);
            const problem = judge(`${key}#${i}`, door, route.access, c, visibility, res);
            if (problem) problems.push(problem);
            cells++;
          }
        }
      }
      expect(problems).toEqual([]);
      expect(cells).toBeGreaterThan(150);
    });

    it(`every task that names a run is checked when posted: ${visibility} run`, async () => {
      const problems: string[] = [];
      for (const [name, door] of Object.entries(TASK_DOORS)) {
        for (const who of WHO) {
          const c = ctxOf(visibility, who);
          const runId = c.run.runId;
          const body = { task: name, queue: door.queue, args: door.args(runId), kwargs: door.kwargs?.(runId) ?? {} };
          const res = await send({ method: 'POST', url: '/api/v1/task', body }, tokens[who]);
          const taskDoor: Door = {
            rule: door.rule,
            call: () => ({ method: 'POST', url: '' }),
            granted: (r) => ok(r) && r.body.includes('"status":"PENDING"'),
          };
          const access = taskRegistry.get(name)?.access ?? 'any';
          const problem = judge(`task ${name}`, taskDoor, access, c, visibility, res);
          if (problem) problems.push(problem);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('the worker checks again: a task whose requester lost the run’s group fails as for a missing run', async () => {
    const leaver = await buildUser(t, 'm-leaver', ['user', 'lab-b']);
    const args = ['data/D00102/h5/obj/genes.h5ad', [0, 1], 'k'];
    const posted = await t.api<{ _id: string }>('POST', '/api/v1/task', {
      token: leaver,
      body: { task: 'gene.compute_qc', queue: 'atxcloud_gene', args },
    });
    expect(posted.status).toBe(200);
    const removed = await t.api('PUT', '/api/v1/auth/modify_group_list', {
      token: t.admin,
      body: { username: 'm-leaver', groups_removing: ['lab-b'] },
    });
    expect(removed.status).toBe(200);
    await t.infra.queue.startWorkers(QUEUES);
    const state = await t.settle(posted.body._id);
    expect(state).toMatchObject({ status: 'FAILURE', error: GENES_MSG.runNotFound('D00102') });
  });
});
