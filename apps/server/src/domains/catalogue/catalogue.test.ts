import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_MSG,
  GENES_MSG,
  MSG,
  type TCatalogueRun,
  type TFieldOptions,
  type TFilesByRun,
  type TRunRecord,
} from '@atlas/contracts';
import { setRunPublic, useTestApp } from '../../../test/harness.js';
import { buildUser, buildVisitor } from '../../../test/factories.js';
import { DEMO_RUNS, demoFiles, seedDemoRuns } from '../../seed/demo-runs.js';
import { sealRunLink } from '../runs/index.js';

/**
 * The catalogue calls (spec 01 §7) on the seeded demo runs, called as every kind of identity: visibility is
 * decided by the server for each of them.
 */
const PUBLIC_RUNS = DEMO_RUNS.filter((r) => r.public).map((r) => r.run_id);
const byDateDesc = (ids: string[]) =>
  [...ids].sort((a, b) =>
    DEMO_RUNS.find((r) => r.run_id === b)!.date.localeCompare(DEMO_RUNS.find((r) => r.run_id === a)!.date),
  );
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const t = useTestApp();
const tok = {} as Record<'public' | 'neuro' | 'devbio' | 'nogroup' | 'admin', string>;

beforeAll(async () => {
  await seedDemoRuns(t.infra);
  const publicToken = await buildVisitor(t);
  Object.assign(tok, {
    admin: t.admin,
    public: publicToken,
    neuro: await buildUser(t, 'nora', ['user', 'neuro-lab']),
    devbio: await buildUser(t, 'dev', ['devbio-lab']),
    nogroup: await buildUser(t, 'nobody', []),
  });
});

const runIds = (runs: { run_id: string }[]) => runs.map((r) => r.run_id);
const resultsIdOf = async (runId: string) =>
  (
    await t.infra.db
      .selectFrom('results')
      .innerJoin('tissues', 'tissues.tissue_id', 'results.tissue_id')
      .select('results_id')
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow()
  ).results_id;

describe('catalogue lists', () => {
  it('get_runs_public: public runs only, newest first, for every identity that has a token', async () => {
    expect((await t.api('GET', '/api/v1/run_db/get_runs_public')).status).toBe(401);
    for (const token of [tok.public, tok.neuro, tok.nogroup, tok.admin]) {
      const reply = await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs_public', { token });
      expect(reply.status).toBe(200);
      expect(runIds(reply.body)).toEqual(byDateDesc(PUBLIC_RUNS));
      expect(reply.body.every((r) => r.public === 1)).toBe(true);
    }
  });

  it('get_runs: a member sees public runs and their groups’ runs; an admin all; others are refused', async () => {
    expect((await t.api('GET', '/api/v1/run_db/get_runs')).status).toBe(401);
    expect((await t.api('GET', '/api/v1/run_db/get_runs', { token: tok.public })).status).toBe(403);
    expect((await t.api('GET', '/api/v1/run_db/get_runs', { token: tok.nogroup })).status).toBe(403);

    const neuro = await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs', { token: tok.neuro });
    expect(runIds(neuro.body)).toEqual(byDateDesc([...PUBLIC_RUNS, 'D90011']));
    const devbio = await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs', { token: tok.devbio });
    expect(runIds(devbio.body)).toEqual(byDateDesc([...PUBLIC_RUNS, 'D90012']));
    const admin = await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs', { token: tok.admin });
    expect(runIds(admin.body)).toEqual(byDateDesc(DEMO_RUNS.map((r) => r.run_id)));
  });

  it('answers the catalogue fields of spec 01 §3', async () => {
    const runs = (await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs', { token: tok.neuro })).body;
    const first = runs.find((r) => r.run_id === 'D90002')!;
    expect(first).toMatchObject({
      run_id: 'D90002',
      results_folder_path: 'data/D90002/',
      result_title: 'Repressive chromatin (H3K27me3) across the P21 mouse cortex',
      experimental_condition: 'Wild type, P21',
      epitope: 'H3K27me3',
      date: Date.UTC(2024, 3, 30, 12),
      link: 'https://example.org/atlas-demo/papers/90000001',
      journal: 'Atlas Demo Reports',
      pmid: '90000001',
      group: 'neuro-lab',
      assay: 'CUT&Tag',
      organ: 'Brain',
      species: 'mus_musculus',
      public: 1,
      thumbnail: '/api/v1/run_db/frontpage/D90002.png',
      web_object_available: false,
    });
    const unpublished = runs.find((r) => r.run_id === 'D90011')!;
    expect(unpublished).toMatchObject({ public: 0, link: null, journal: null, pmid: null, epitope: null });
    expect(unpublished.thumbnail).toMatch(/^\/api\/v1\/run_db\/frontpage\/D90011\.png\?expires=\d+&signature=[\w-]+$/);
  });

  it('serves an unchanged list as 304 and sees every change through the version counter', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/run_db/get_runs_public',
      headers: { authorization: `JWT ${tok.public}` },
    });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/run_db/get_runs_public',
      headers: { authorization: `JWT ${tok.public}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/v1/run_db/get_runs_public',
      headers: { authorization: `JWT ${tok.public}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(first.json());

    const tissue = t.infra.db.selectFrom('tissues').select('tissue_id').where('run_id', '=', 'D90013');
    await t.infra.db.updateTable('results').set({ public: true }).where('tissue_id', '=', tissue).execute();
    try {
      const changed = await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs_public', { token: tok.public });
      expect(runIds(changed.body)).toContain('D90013');
      expect(changed.body.find((r) => r.run_id === 'D90013')!.thumbnail).toBe('/api/v1/run_db/frontpage/D90013.png');
    } finally {
      await t.infra.db.updateTable('results').set({ public: false }).where('tissue_id', '=', tissue).execute();
    }
    const back = await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs_public', { token: tok.public });
    expect(runIds(back.body)).not.toContain('D90013');
  });

  it('get_run_records: the runs list page rows, by visibility', async () => {
    const visitor = await t.api<TRunRecord[]>('GET', '/api/v1/run_db/get_run_records', { token: tok.public });
    expect(runIds(visitor.body).sort()).toEqual([...PUBLIC_RUNS].sort());
    const admin = await t.api<TRunRecord[]>('GET', '/api/v1/run_db/get_run_records', { token: tok.admin });
    expect(admin.body).toHaveLength(DEMO_RUNS.length);
    expect(admin.body.find((r) => r.run_id === 'D90009')).toEqual({
      results_id: await resultsIdOf('D90009'),
      ngs_id: 'NGS-23-0217',
      run_id: 'D90009',
      sample_id: 'RK-IR-05',
      tissue_type: 'Tissue section',
      organ: 'Kidney',
      species: 'rattus_norvegicus',
      experimental_condition: 'Ischaemia-reperfusion, 24 h',
      created_on: Date.UTC(2023, 6, 2, 12),
    });
    expect((await t.api('GET', '/api/v1/run_db/get_run_records')).status).toBe(401);
  });
});

describe('get_field_options (spec 02 §7.3)', () => {
  const options = (token?: string) =>
    t.api<TFieldOptions>('GET', '/api/v1/run_db/get_field_options', token ? { token } : {});

  it('answers the lookup lists, the groups and the PMIDs the caller may see', async () => {
    const privateRun = DEMO_RUNS.find((r) => !r.public && r.group !== 'neuro-lab')!;
    await t.infra.db.insertInto('publications').values({ pmid: '99000001' }).execute();
    await t.infra.db.insertInto('publications').values({ pmid: '99000002' }).execute();
    const tissue = await t.infra.db
      .selectFrom('tissues')
      .select('tissue_id')
      .where('run_id', '=', privateRun.run_id)
      .executeTakeFirstOrThrow();
    await t.infra.db
      .updateTable('results')
      .set({ pmid: '99000001' })
      .where('tissue_id', '=', tissue.tissue_id)
      .execute();
    try {
      const member = (await options(tok.neuro)).body;
      expect(member.assay_list).toEqual(['ATAC-seq', 'CUT&Tag', 'Transcriptome', 'wt_dbit-seq']);
      expect(member.antibody_list).toContain('H3K27me3');
      expect(member.species_list).toContain('mus_musculus');
      expect(member.tissue_type_list).toEqual(['Organoid', 'Tissue section']);
      expect(member.group_list).toEqual(['neuro-lab', 'user']);
      // A private run's publication stays hidden from other groups; an unused one is offered to everyone.
      expect(member.publication_list).toEqual(['90000001', '90000217', '99000002']);
      const admin = (await options(tok.admin)).body;
      expect(admin.publication_list).toEqual(['90000001', '90000217', '99000001', '99000002']);
      expect(admin.group_list).toEqual(expect.arrayContaining(['admin', 'devbio-lab', 'neuro-lab', 'user']));
    } finally {
      await t.infra.db.updateTable('results').set({ pmid: null }).where('tissue_id', '=', tissue.tissue_id).execute();
      await t.infra.db.deleteFrom('publications').where('pmid', 'in', ['99000001', '99000002']).execute();
    }
  });

  it('is for lab staff only', async () => {
    expect((await options()).status).toBe(401);
    expect((await options(tok.public)).status).toBe(403);
    expect((await options(tok.devbio)).status).toBe(403);
  });
});

describe('search calls (spec 01 §5)', () => {
  const search = async (call: string, query: string, token = tok.public) =>
    t.api<{ results_id: number }[] | { msg: string }>('GET', `/api/v1/run_db/${call}`, {
      token,
      query: { query },
    });
  const ids = async (...runs: string[]) => Promise.all(runs.map(resultsIdOf));

  it('search_by_publication matches the PMID from its start', async () => {
    expect((await search('search_by_publication', '90000001')).body).toEqual(
      (await ids('D90001', 'D90002', 'D90003')).sort((a, b) => a - b).map((results_id) => ({ results_id })),
    );
    expect((await search('search_by_publication', '9000')).body).toHaveLength(5);
    expect((await search('search_by_publication', '123')).body).toEqual([]);
  });

  it('search_authors matches part of a name, ignoring case, and escapes wildcards', async () => {
    expect((await search('search_authors', 'RAMAN')).body).toHaveLength(5);
    expect((await search('search_authors', 'lindqvist')).body).toHaveLength(3);
    expect((await search('search_authors', 'brandt')).body).toHaveLength(2);
    expect((await search('search_authors', '%')).body).toEqual([]);
    expect((await search('search_authors', '_')).body).toEqual([]);
  });

  it('searches only the runs the caller may see', async () => {
    const tissue = t.infra.db.selectFrom('tissues').select('tissue_id').where('run_id', '=', 'D90011');
    await t.infra.db.updateTable('results').set({ pmid: '90000001' }).where('tissue_id', '=', tissue).execute();
    try {
      const [private11] = await ids('D90011');
      const hits = (r: { body: unknown }) => (r.body as { results_id: number }[]).map((h) => h.results_id);
      expect(hits(await search('search_authors', 'okafor'))).not.toContain(private11);
      expect(hits(await search('search_authors', 'okafor', tok.neuro))).toContain(private11);
      expect(hits(await search('search_by_publication', '90000001', tok.devbio))).not.toContain(private11);
      expect(hits(await search('search_by_publication', '90000001', tok.admin))).toContain(private11);
    } finally {
      await t.infra.db.updateTable('results').set({ pmid: null }).where('tissue_id', '=', tissue).execute();
    }
  });

  it('rejects bad input with a message', async () => {
    expect(await search('search_authors', '  ')).toMatchObject({
      status: 400,
      body: { msg: `query: ${CATALOGUE_MSG.searchEmpty}`, status_code: 400 },
    });
    expect(await search('search_by_publication', '9'.repeat(201))).toMatchObject({
      status: 400,
      body: { msg: `query: ${CATALOGUE_MSG.searchTooLong}` },
    });
    expect((await t.api('GET', '/api/v1/run_db/search_authors', { token: tok.public })).status).toBe(400);
    expect((await t.api('GET', '/api/v1/run_db/search_authors', { query: { query: 'x' } })).status).toBe(401);
  });
});

describe('downloads', () => {
  const presign = (body: unknown, token?: string) =>
    t.api<{ url: string; expires_at: number; msg?: string }>('POST', '/api/v1/run_db/generate_presigned_url', {
      token,
      body,
    });

  it('get_downloadable_files: the files of the visible runs, by run id', async () => {
    const neuro = await t.api<TFilesByRun>('GET', '/api/v1/run_db/get_downloadable_files', { token: tok.neuro });
    expect(Object.keys(neuro.body).sort()).toEqual([...PUBLIC_RUNS, 'D90011'].sort());
    expect(neuro.body.D90001!.map((f) => [f.file_type_name, f.filename_short])).toEqual([
      ['Analysis', 'D90001_cluster_summary.csv'],
      ['Documentation', 'README.txt'],
      ['Metadata', 'D90001_metadata.csv'],
    ]);
    expect(neuro.body.D90001![0]).toMatchObject({
      bucket_name: 'atx-data',
      file_path: 'data/D90001/downloads/D90001_cluster_summary.csv',
      file_description: 'Tixels and top marker per cluster',
    });
    const admin = await t.api<TFilesByRun>('GET', '/api/v1/run_db/get_downloadable_files', { token: tok.admin });
    expect(Object.keys(admin.body)).toHaveLength(DEMO_RUNS.length);
    expect((await t.api('GET', '/api/v1/run_db/get_downloadable_files', { token: tok.public })).status).toBe(403);
  });

  it('presigns registered files of visible runs; the URL serves the file’s bytes and expires', async () => {
    const file = demoFiles(DEMO_RUNS.find((r) => r.run_id === 'D90011')!)[0]!;
    const reply = await presign({ bucket: 'atx-data', path: file.path }, tok.neuro);
    expect(reply.status).toBe(200);
    expect(reply.body.expires_at).toBeGreaterThan(Date.now() + 3500_000);
    const url = new URL(reply.body.url);
    // A download link (domains/downloads): its token, then the file's name.
    expect(url.pathname).toMatch(new RegExp(`^/api/v1/downloads/[^/]+/${file.path.split('/').pop()}$`));
    const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(file.content);
    const claims = JSON.parse(Buffer.from(url.pathname.split('/')[4]!.split('.')[1]!, 'base64url').toString());
    expect(claims.exp * 1000).toBe(reply.body.expires_at);
  });

  it('refuses other runs’ files, unregistered paths and bad input', async () => {
    const devbioFile = demoFiles(DEMO_RUNS.find((r) => r.run_id === 'D90012')!)[0]!;
    const notDownloadable = { status: 404, body: { msg: CATALOGUE_MSG.fileNotDownloadable, status_code: 404 } };
    expect(await presign({ bucket: 'atx-data', path: devbioFile.path }, tok.neuro)).toMatchObject(notDownloadable);
    expect((await presign({ bucket: 'atx-data', path: devbioFile.path }, tok.devbio)).status).toBe(200);
    expect((await presign({ bucket: 'atx-data', path: devbioFile.path }, tok.admin)).status).toBe(200);
    for (const path of [
      'data/D90001/h5/data.csv.gz',
      'data/D90001/downloads/../../D90012/downloads/README.txt',
      'secret.key',
    ]) {
      expect(await presign({ bucket: 'atx-data', path }, tok.admin)).toMatchObject(notDownloadable);
    }
    expect(await presign({ bucket: 'atx-images', path: 'data/D90001/downloads/README.txt' }, tok.admin)).toMatchObject(
      notDownloadable,
    );
    expect(await presign({ bucket: 'atx-data' }, tok.admin)).toMatchObject({
      status: 400,
      body: { msg: 'path: Invalid input: expected string, received undefined' },
    });
    expect((await presign({ bucket: 'atx-data', path: '' }, tok.admin)).body.msg).toBe('path: Path is required');
    expect((await presign({ bucket: 'atx-data', path: devbioFile.path }, tok.public)).status).toBe(403);
    expect((await presign({ bucket: 'atx-data', path: devbioFile.path })).status).toBe(401);
  });
});

describe('public links', () => {
  const encode = (run_id: unknown, token?: string) =>
    t.api<{ encoded: string; expires_at: number; msg?: string }>('POST', '/api/v1/run_db/encode_link', {
      token,
      body: { run_id },
    });
  const decode = (encoded: string, token = tok.public) =>
    t.api<Record<string, unknown>>('GET', '/api/v1/run_db/decode_meta', { token, query: { encoded } });

  it('a visitor encodes a public run; the link is opaque and decodes to its metadata on the server', async () => {
    const reply = await encode('D90001', tok.public);
    expect(reply.status).toBe(200);
    expect(reply.body.expires_at).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(reply.body.encoded).not.toContain('D90001');
    expect(Buffer.from(reply.body.encoded.split('.')[3] ?? '', 'base64url').toString()).not.toContain('data/');
    const meta = await decode(reply.body.encoded);
    expect(meta).toMatchObject({
      status: 200,
      body: { run_id: 'D90001', species: 'mus_musculus', tissue: 'Brain', assay: 'ATAC-seq', regulons_flag: false },
    });
  });

  it('carries regulons_flag when the run has eRegulon web files', async () => {
    await t.infra.storage.put('atx-data', 'data/D90002/h5/eRegulonNames.txt.gz', 'x');
    const reply = await encode('D90002', tok.public);
    expect((await decode(reply.body.encoded)).body.regulons_flag).toBe(true);
    const transcriptome = await encode('D90004', tok.public);
    expect((await decode(transcriptome.body.encoded)).body).toMatchObject({
      assay: 'Transcriptome',
      regulons_flag: false,
    });
  });

  it('private runs: only for those who may see them', async () => {
    const notFound = { status: 404, body: { msg: CATALOGUE_MSG.runNotFound('D90011') } };
    expect(await encode('D90011', tok.public)).toMatchObject(notFound);
    expect(await encode('D90011', tok.devbio)).toMatchObject(notFound);
    // A private run has no public link, even for its members: the link would not open.
    expect(await encode('D90011', tok.neuro)).toMatchObject({
      status: 409,
      body: { msg: CATALOGUE_MSG.linkPrivateRun('D90011') },
    });
    expect((await encode('D90014', tok.admin)).status).toBe(409);
    // A link made while the run was public closes when the run is made private.
    await setRunPublic(t.infra.db, 'D90011', true);
    const shared = await encode('D90011', tok.neuro);
    expect(shared.status).toBe(200);
    expect((await decode(shared.body.encoded)).body.run_id).toBe('D90011');
    await setRunPublic(t.infra.db, 'D90011', false);
    expect(await decode(shared.body.encoded)).toMatchObject({
      status: 404,
      body: { msg: GENES_MSG.runNotFound('D90011') },
    });
  });

  it('rejects bad run ids, unknown runs, tampered and expired links', async () => {
    expect(await encode('x1', tok.public)).toMatchObject({
      status: 400,
      body: { msg: `run_id: ${CATALOGUE_MSG.runIdFormat}` },
    });
    expect(await encode('D99999', tok.public)).toMatchObject({
      status: 404,
      body: { msg: CATALOGUE_MSG.runNotFound('D99999') },
    });
    expect((await encode('D90001')).status).toBe(401);

    const { encoded } = (await encode('D90003', tok.public)).body;
    const parts = encoded.split('.');
    const cipher = parts[3]!;
    parts[3] = (cipher[0] === 'A' ? 'B' : 'A') + cipher.slice(1);
    const invalid = { status: 400, body: { msg: CATALOGUE_MSG.linkInvalid, status_code: 400 } };
    expect(await decode(parts.join('.'))).toMatchObject(invalid);
    expect(await decode('not-a-link')).toMatchObject(invalid);
    const foreign = await sealRunLink('another-secret-another-secret-0123456789', {
      results_id: 1,
      data: {
        bucket: 'atx-data',
        data: 'd',
        gene_names: 'g',
        motif_names: null,
        eregulon_names: null,
        genes_h5ad: 'h',
        motifs_h5ad: null,
        motifs_csv: null,
      },
      meta: { run_id: 'D90001', species: 's', tissue: 't', assay: 'a', regulons_flag: false },
    });
    expect(await decode(foreign.encoded)).toMatchObject(invalid);

    const expired = await sealRunLink(
      t.infra.config.jwtSecret,
      {
        results_id: 1,
        data: {
          bucket: 'atx-data',
          data: 'd',
          gene_names: 'g',
          motif_names: null,
          eregulon_names: null,
          genes_h5ad: 'h',
          motifs_h5ad: null,
          motifs_csv: null,
        },
        meta: { run_id: 'D90001', species: 's', tissue: 't', assay: 'a', regulons_flag: false },
      },
      -10,
    );
    expect(await decode(expired.encoded)).toMatchObject({ status: 410, body: { msg: CATALOGUE_MSG.linkExpired } });
    expect((await t.api('GET', '/api/v1/run_db/decode_meta', { token: tok.public })).status).toBe(400);
    expect((await t.api('GET', '/api/v1/run_db/decode_meta', { query: { encoded } })).status).toBe(401);
  });
});

describe('thumbnails', () => {
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `JWT ${token}` } : {} });

  it('serves a public run’s image to anyone and 404s when there is none', async () => {
    expect((await get('/api/v1/run_db/frontpage/D90005.png')).statusCode).toBe(404);
    await t.infra.storage.put('atx-data', 'frontpage/D90005.png', PNG);
    const image = await get('/api/v1/run_db/frontpage/D90005.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    for (const bad of ['D90005.jpg', 'x.png', '..%2Fsecret.png', 'D99999.png']) {
      expect((await get(`/api/v1/run_db/frontpage/${bad}`)).statusCode).toBe(404);
    }
  });

  it('serves a private run’s image only through its signed address or to a token that may see it', async () => {
    await t.infra.storage.put('atx-data', 'frontpage/D90011.png', PNG);
    expect((await get('/api/v1/run_db/frontpage/D90011.png')).statusCode).toBe(404);
    expect((await get('/api/v1/run_db/frontpage/D90011.png', tok.devbio)).statusCode).toBe(404);
    expect((await get('/api/v1/run_db/frontpage/D90011.png', tok.neuro)).statusCode).toBe(200);
    expect((await get('/api/v1/run_db/frontpage/D90011.png', tok.admin)).statusCode).toBe(200);
    const runs = (await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs', { token: tok.neuro })).body;
    const signed = runs.find((r) => r.run_id === 'D90011')!.thumbnail;
    expect((await get(signed)).statusCode).toBe(200);
    // Another first character of the signature (replacing it with a fixed one left it unchanged 1 time in 64).
    const tampered = signed.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(signed);
    expect((await get(tampered)).statusCode).toBe(404);
    expect((await get(signed.replace('D90011.png', 'D90012.png'))).statusCode).toBe(404);
  });
});

describe('demo seeding', () => {
  it('is idempotent: a second run changes nothing, restores missing files and never revives deleted runs', async () => {
    const count = async () => ({
      tissues: Number(
        (
          await t.infra.db
            .selectFrom('tissues')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      files: Number(
        (
          await t.infra.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      authors: Number(
        (
          await t.infra.db
            .selectFrom('publication_authors')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await count();
    expect(before).toEqual({ tissues: 14, files: 42, authors: 8 });
    expect(await seedDemoRuns(t.infra)).toEqual({ created: [], filesWritten: [], generated: [] });
    expect(await count()).toEqual(before);

    const readme = 'data/D90010/downloads/README.txt';
    await t.infra.storage.delete('atx-data', readme);
    expect((await seedDemoRuns(t.infra)).filesWritten).toEqual([readme]);
    expect(await t.infra.storage.exists('atx-data', readme)).toBe(true);

    await t.infra.db.deleteFrom('tissues').where('run_id', '=', 'D90010').execute();
    expect((await seedDemoRuns(t.infra)).created).toEqual([]);
    expect((await count()).tissues).toBe(13);
  });

  it('calls the run-data generator hook for runs without a web object, once', async () => {
    const seen: string[] = [];
    const generateRunData = async (
      run: { run_id: string },
      target: { storage: typeof t.infra.storage; bucket: string; folder: string; thumbnailKey: string },
    ) => {
      seen.push(run.run_id);
      await target.storage.put(target.bucket, target.thumbnailKey, PNG);
      return { webObjectPath: `${target.folder}h5/`, thumbnail: true };
    };
    const first = await seedDemoRuns(t.infra, { generateRunData });
    expect(first.generated).toHaveLength(13);
    expect(seen).toHaveLength(13);
    const runs = (await t.api<TCatalogueRun[]>('GET', '/api/v1/run_db/get_runs', { token: tok.admin })).body;
    expect(runs.every((r) => r.web_object_available)).toBe(true);
    expect((await get('/api/v1/run_db/frontpage/D90008.png')).statusCode).toBe(200);
    expect((await seedDemoRuns(t.infra, { generateRunData })).generated).toEqual([]);
    const audit = await t.api<{ action: string }[]>('GET', '/api/v1/auth/audit', {
      token: tok.admin,
      query: { target: 'run:D90008' },
    });
    expect(audit.body.map((a) => a.action)).toEqual(['run.update', 'run.create']);
  });

  function get(url: string) {
    return t.app.inject({ method: 'GET', url });
  }
});

describe('error bodies', () => {
  it('use the spec shape', async () => {
    const reply = await t.api('GET', '/api/v1/run_db/get_runs');
    expect(reply.body).toEqual({ msg: MSG.unauthenticated, status_code: 401 });
  });
});
