import { beforeAll, describe, expect, it } from 'vitest';
import { GENES_MSG, TRACK_LINK_SECONDS, trackFormat, type TNetwork, type TTracks } from '@atlas/contracts';
import { setRunPublic, useTestApp } from '../../../test/harness.js';
import { buildGroup, buildRun, buildUser, buildVisitor } from '../../../test/factories.js';
import { tracksBucket } from '../../config.js';

const t = useTestApp();
let member: string;
let other: string;
let visitor: string;
let link: string;

/** Fetches a signed URL through the app (its origin is the test's), optionally a byte range. */
const fetchSigned = (url: string, range?: string) => {
  const { pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: pathname + search, headers: range ? { range } : {} });
};

beforeAll(async () => {
  await buildGroup(t, 'lab-t');
  await buildGroup(t, 'lab-u');
  member = await buildUser(t, 't-member', ['user', 'lab-t']);
  other = await buildUser(t, 't-other', ['user', 'lab-u']);
  visitor = await buildVisitor(t);
  await buildRun(t, { runId: 'D00201', group: 'lab-t', public: true, species: 'mus_musculus' });
  await buildRun(t, { runId: 'D00202', group: 'lab-t', public: false, species: 'homo_sapiens' });
  const bucket = tracksBucket(t.infra.config);
  const put = (key: string, body: string | Buffer) => t.infra.storage.put(bucket, key, body);
  await put('data/D00201/tracks/C2.bw', Buffer.alloc(4096, 7));
  await put('data/D00201/tracks/fragments.tsv.gz', Buffer.from('x'));
  await put('data/D00201/tracks/fragments.tsv.gz.tbi', Buffer.from('i'));
  await put('data/D00201/tracks/notes.txt', 'not a track');
  await put('ref/mm10/mm10.chrom.sizes', 'chr1\t195471971\n');
  await put('ref/mm10/cytoBand.txt', 'chr1\t0\t1000000\tp1\tgneg\n');
  await put('ref/mm10/genes.bed', 'chr1\t3000\t9000\tActb\t0\t+\n');
  link = (
    await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token: t.admin,
      body: { run_id: 'D00201' },
    })
  ).body.encoded;
});

describe('track browser files /api/v1/genes/tracks', () => {
  it('lists the run’s tracks and its genome reference as URLs signed for one hour, read with ranges', async () => {
    const before = Date.now();
    const reply = await t.api<TTracks>('GET', '/api/v1/genes/tracks', {
      token: member,
      query: { run_id: 'D00201' },
    });
    expect(reply.status).toBe(200);
    const tracks = reply.body;
    expect(tracks.genome).toBe('mm10');
    expect(tracks.tracks.map((f) => [f.name, f.format, f.source, Boolean(f.index_url)])).toEqual([
      ['C1.bedgraph', 'bedgraph', 'run', false],
      ['C2.bw', 'bigwig', 'run', false],
      ['fragments.tsv.gz', 'fragments', 'run', true],
      ['genes.bed', 'bed', 'reference', false],
    ]);
    expect(tracks.expires_at).toBeGreaterThanOrEqual(before + TRACK_LINK_SECONDS * 1000);
    expect(tracks.expires_at).toBeLessThanOrEqual(Date.now() + TRACK_LINK_SECONDS * 1000);
    // Download links (domains/downloads): their token carries the expiry.
    const token = new URL(tracks.tracks[1]!.url).pathname.split('/')[4]!;
    const { exp: expires } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(expires * 1000).toBeGreaterThan(before + (TRACK_LINK_SECONDS - 5) * 1000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + TRACK_LINK_SECONDS * 1000 + 1000);

    const part = await fetchSigned(tracks.tracks[1]!.url, 'bytes=100-163');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-163/4096');
    expect(part.rawPayload).toEqual(Buffer.alloc(64, 7));

    const ref = tracks.reference!;
    expect(ref.genome).toBe('mm10');
    expect((await fetchSigned(ref.chrom_sizes_url!)).body).toBe('chr1\t195471971\n');
    expect((await fetchSigned(ref.cytoband_url!)).body).toContain('gneg');
    expect((await fetchSigned(ref.genes_url!)).body).toContain('Actb');
  });

  it('serves a public link’s viewer the tracks of its run, and refuses other runs and private ones', async () => {
    const viaLink = await t.api<TTracks>('GET', '/api/v1/genes/tracks', {
      token: visitor,
      query: { encoded: link },
    });
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.tracks.some((f) => f.name === 'C2.bw')).toBe(true);
    const otherRun = await t.api('GET', '/api/v1/genes/tracks', {
      token: visitor,
      query: { encoded: link, run_id: 'D00202' },
    });
    expect(otherRun).toEqual({ status: 404, body: expect.objectContaining({ msg: GENES_MSG.runNotFound('D00202') }) });
    const outsider = await t.api('GET', '/api/v1/genes/tracks', { token: other, query: { run_id: 'D00202' } });
    expect(outsider.status).toBe(404);
    await setRunPublic(t.infra.db, 'D00201', false);
    try {
      const closed = await t.api('GET', '/api/v1/genes/tracks', { token: visitor, query: { encoded: link } });
      expect(closed.status).toBe(404);
    } finally {
      await setRunPublic(t.infra.db, 'D00201', true);
    }
  });

  it('says when the genome has no reference to draw on', async () => {
    const reply = await t.api<TTracks>('GET', '/api/v1/genes/tracks', {
      token: member,
      query: { run_id: 'D00202' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ genome: 'grch38', reference: null });
    expect(reply.body.tracks.map((f) => f.name)).toEqual(['C1.bedgraph']);
  });

  it('names track formats by file name and skips indexes', () => {
    expect(
      ['a.bigWig', 'a.bb', 'a.bedGraph.gz', 'x.bed.gz', 'atac_fragments.tsv.gz', 'a.bed.gz.tbi', 'a.txt'].map(
        trackFormat,
      ),
    ).toEqual(['bigwig', 'bigbed', 'bedgraph', 'bed', 'fragments', null, null]);
  });
});

describe('regulon networks /api/v1/genes/networks, /network', () => {
  it('lists a run’s networks and answers one by name', async () => {
    const names = await t.api<string[]>('GET', '/api/v1/genes/networks', {
      token: member,
      query: { run_id: 'D00201' },
    });
    expect(names).toEqual({ status: 200, body: ['D00201.json'] });
    const one = await t.api<TNetwork>('GET', '/api/v1/genes/network', {
      token: visitor,
      query: { encoded: link, name: 'D00201.json' },
    });
    expect(one.status).toBe(200);
    expect(one.body.nodes[0]).toEqual({ name: 'D00201_TF', color_rgb: 'rgb(200,0,0)', size: 20 });
    expect(one.body.edges).toHaveLength(1);
  });

  it('answers a missing, a malformed and a badly named network with clear errors', async () => {
    const missing = await t.api('GET', '/api/v1/genes/network', {
      token: member,
      query: { run_id: 'D00201', name: 'nope.json' },
    });
    expect(missing).toEqual({
      status: 404,
      body: expect.objectContaining({ msg: GENES_MSG.networkMissing('D00201', 'nope.json') }),
    });
    await t.infra.storage.put('atx-data', 'data/D00201/h5/networks/bad.json', '{"nodes":[{"name":""}],"edges":[]}');
    const bad = await t.api<{ msg: string }>('GET', '/api/v1/genes/network', {
      token: member,
      query: { run_id: 'D00201', name: 'bad.json' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toContain('The network bad.json is not valid JSON of nodes and edges: nodes.0.name');
    const traversal = await t.api('GET', '/api/v1/genes/network', {
      token: member,
      query: { run_id: 'D00201', name: '../obj/genes.json' },
    });
    expect(traversal.status).toBe(400);
  });
});
