import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MSG, GENES_MSG, QUEUES, type TTissueImage } from '@atlas/contracts';
import { setRunPublic, useTestApp } from '../../../test/harness.js';
import { buildGroup, buildImportedRun, buildUser, buildVisitor } from '../../../test/factories.js';
import { sharedData } from '@atlas/spatial/testing';

/**
 * The explorer's tissue image (spec 03 §2.1) on a real Visium import (squidpy's test folder, D00002) and an
 * import without a spatial folder (scanpy's non-spatial pbmc68k_reduced, D00001): where the image lies in the spatial coordinates of
 * data.csv.gz, the JPEG it is served as, and the same run access as every other /api/v1/genes read.
 */
const SQUIDPY = sharedData('visium-squidpy-tests');

const BUCKET = 'atx-data';
const SPATIAL = 'data/D00002/spatial/';
/** Full-resolution extent of squidpy's images: 2000 / tissue_hires_scalef = 600 / tissue_lowres_scalef. */
const FULL_EXTENT = 2000 / 0.150015;

const t = useTestApp({ workers: QUEUES, requires: [SQUIDPY] });
let member: string;
let outsider: string;
let visitor: string;

const describeImage = (token: string | undefined, query: Record<string, string>) =>
  t.api<TTissueImage>('GET', '/api/v1/genes/tissue_image', { token, query });
const fetchImage = (token: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `JWT ${token}`, ...headers } });

beforeAll(async () => {
  await buildGroup(t, 'lab2');
  member = await buildUser(t, 'member', ['user']);
  outsider = await buildUser(t, 'outsider', ['lab2']);
  visitor = await buildVisitor(t);
  for (const [runId, source] of [
    ['D00001', sharedData('scanpy-pbmc68k-reduced/10x_pbmc68k_reduced.h5ad')],
    ['D00002', SQUIDPY],
  ] as const) {
    expect((await buildImportedRun(t, { runId, source, group: 'user' })).status).toBe('SUCCESS');
  }
}, 180_000);

describe.skipIf(t.skip)('GET /api/v1/genes/tissue_image', () => {
  it('answers available:false for a run without a spatial folder, and 404 for its image', async () => {
    expect(await describeImage(member, { run_id: 'D00001' })).toEqual({
      status: 200,
      body: { available: false, reason: GENES_MSG.noSpatialFolder('D00001') },
    });
    const reply = await fetchImage(member, '/api/v1/genes/tissue_image/file?run_id=D00001');
    expect([reply.statusCode, reply.json()]).toEqual([
      404,
      { msg: GENES_MSG.noSpatialFolder('D00001'), status_code: 404 },
    ]);
  });

  it('places the lowres image when the hires one is a blank placeholder (dropped at import)', async () => {
    // squidpy's tissue_hires_image.png is all black: the import leaves it out, so the real lowres H&E is drawn.
    expect(await t.infra.storage.exists(BUCKET, `${SPATIAL}tissue_hires_image.png`)).toBe(false);
    const { status, body } = await describeImage(member, { run_id: 'D00002' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ available: true, file: 'tissue_lowres_image.png', width: 600, height: 600 });
    const bounds = (body as { bounds: number[] }).bounds;
    bounds.forEach((value, i) => expect(value).toBeCloseTo([0, 0, FULL_EXTENT, FULL_EXTENT][i]!, 1));
  });

  it('places the hires image over the spatial coordinates of data.csv.gz and serves it as JPEG', async () => {
    // A real (non-blank) hires image: the lowres H&E scaled to the hires size of the scale factors.
    const lowres = fs.readFileSync(path.join(SQUIDPY, 'spatial/tissue_lowres_image.png'));
    await t.infra.storage.put(
      BUCKET,
      `${SPATIAL}tissue_hires_image.png`,
      await sharp(lowres).resize(2000, 2000).png().toBuffer(),
    );
    try {
      const { status, body } = await describeImage(member, { run_id: 'D00002' });
      expect(status).toBe(200);
      expect(body).toEqual({
        available: true,
        url: '/api/v1/genes/tissue_image/file?run_id=D00002',
        file: 'tissue_hires_image.png',
        width: 2000,
        height: 2000,
        bounds: [0, 0, FULL_EXTENT, FULL_EXTENT],
        // scalefactors_json.json of the folder: spots are drawn at this diameter over the image.
        spot_diameter: 89.42751063343188,
      });
      // The import's spatial x, y are the positions file's full-resolution pixels: inside the image, at the same
      // image pixel as the positions file puts each spot.
      const rows = await t.api<{ spatial: number[] }>('GET', '/api/v1/genes/data', {
        token: member,
        query: { run_id: 'D00002' },
      });
      const positions = fs
        .readFileSync(path.join(SQUIDPY, 'spatial/tissue_positions_list.csv'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split(','));
      const pixels = new Set(positions.map((p) => `${p[5]},${p[4]}`));
      for (let i = 0; i < rows.body.spatial.length; i += 2) {
        const [x, y] = [rows.body.spatial[i]!, rows.body.spatial[i + 1]!];
        expect(x > 0 && x < FULL_EXTENT && y > 0 && y < FULL_EXTENT).toBe(true);
        expect(pixels.has(`${x},${y}`)).toBe(true);
      }

      const image = await fetchImage(member, '/api/v1/genes/tissue_image/file?run_id=D00002');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toBe('private, no-cache');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2000, 2000]);
      const again = await fetchImage(member, '/api/v1/genes/tissue_image/file?run_id=D00002', {
        'if-none-match': String(image.headers.etag),
      });
      expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    } finally {
      await t.infra.storage.delete(BUCKET, `${SPATIAL}tissue_hires_image.png`);
    }
  });

  it('falls back to the lowres image, which spans the same full-resolution extent', async () => {
    const hires = fs.readFileSync(path.join(SQUIDPY, 'spatial/tissue_hires_image.png'));
    await t.infra.storage.delete(BUCKET, `${SPATIAL}tissue_hires_image.png`);
    try {
      const { body } = await describeImage(member, { run_id: 'D00002' });
      expect(body).toMatchObject({ available: true, file: 'tissue_lowres_image.png', width: 600, height: 600 });
      const bounds = (body as { bounds: number[] }).bounds;
      bounds.forEach((value, i) => expect(value).toBeCloseTo([0, 0, FULL_EXTENT, FULL_EXTENT][i]!, 1));
      const image = await fetchImage(member, '/api/v1/genes/tissue_image/file?run_id=D00002');
      expect((await sharp(image.rawPayload).metadata()).width).toBe(600);
    } finally {
      await t.infra.storage.put(BUCKET, `${SPATIAL}tissue_hires_image.png`, hires);
    }
  });

  it('says why an image cannot be placed: no image in the folder, no or broken scale factors', async () => {
    const factors = fs.readFileSync(path.join(SQUIDPY, 'spatial/scalefactors_json.json'));
    const unavailable = async () => (await describeImage(member, { run_id: 'D00002' })).body;
    try {
      await t.infra.storage.put(BUCKET, `${SPATIAL}scalefactors_json.json`, '{"spot_diameter_fullres": 89}');
      expect(await unavailable()).toEqual({
        available: false,
        reason: GENES_MSG.tissueImageUnplaced(
          'D00002',
          'scalefactors_json.json: missing key fiducial_diameter_fullres',
        ),
      });
      await t.infra.storage.delete(BUCKET, `${SPATIAL}scalefactors_json.json`);
      expect(await unavailable()).toEqual({
        available: false,
        reason: GENES_MSG.tissueImageUnplaced('D00002', 'scalefactors_json.json is missing'),
      });
      await t.infra.storage.put(BUCKET, `${SPATIAL}tissue_hires_image.png`, 'not a png');
      await t.infra.storage.put(BUCKET, `${SPATIAL}scalefactors_json.json`, factors);
      expect(await unavailable()).toEqual({
        available: false,
        reason: GENES_MSG.tissueImageUnplaced('D00002', 'tissue_hires_image.png is not a PNG image'),
      });
    } finally {
      await t.infra.storage.put(BUCKET, `${SPATIAL}scalefactors_json.json`, factors);
      await t.infra.storage.put(
        BUCKET,
        `${SPATIAL}tissue_hires_image.png`,
        fs.readFileSync(path.join(SQUIDPY, 'spatial/tissue_hires_image.png')),
      );
    }
    const lowres = fs.readFileSync(path.join(SQUIDPY, 'spatial/tissue_lowres_image.png'));
    const hires = fs.readFileSync(path.join(SQUIDPY, 'spatial/tissue_hires_image.png'));
    await t.infra.storage.delete(BUCKET, `${SPATIAL}tissue_hires_image.png`);
    await t.infra.storage.delete(BUCKET, `${SPATIAL}tissue_lowres_image.png`);
    try {
      expect(await unavailable()).toEqual({ available: false, reason: GENES_MSG.noTissueImage('D00002') });
    } finally {
      await t.infra.storage.put(BUCKET, `${SPATIAL}tissue_hires_image.png`, hires);
      await t.infra.storage.put(BUCKET, `${SPATIAL}tissue_lowres_image.png`, lowres);
    }
  });

  it('has the access of the other run-data reads: group members, public links; 404 to others, 401 anonymous', async () => {
    const notFound = { status: 404, body: { msg: GENES_MSG.runNotFound('D00002'), status_code: 404 } };
    expect(await describeImage(outsider, { run_id: 'D00002' })).toEqual(notFound);
    expect(await describeImage(visitor, { run_id: 'D00002' })).toEqual(notFound);
    expect((await describeImage(undefined, { run_id: 'D00002' })).status).toBe(401);
    expect((await fetchImage(outsider, '/api/v1/genes/tissue_image/file?run_id=D00002')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/genes/tissue_image/file?run_id=D00002' })).statusCode,
    ).toBe(401);
    expect(await describeImage(member, { run_id: 'X2' })).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^run_id: /) },
    });
    expect(await describeImage(member, {})).toEqual({
      status: 400,
      body: { msg: GENES_MSG.needRunOrLink, status_code: 400 },
    });

    await setRunPublic(t.infra.db, 'D00002', true);
    const link = await t.api<{ encoded: string }>('POST', '/api/v1/run_db/encode_link', {
      token: member,
      body: { run_id: 'D00002' },
    });
    const { encoded } = link.body;
    const shared = await describeImage(visitor, { encoded });
    expect(shared.body).toMatchObject({
      available: true,
      url: `/api/v1/genes/tissue_image/file?${new URLSearchParams({ encoded })}`,
    });
    const image = await fetchImage(visitor, (shared.body as { url: string }).url);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(await describeImage(visitor, { encoded: `${encoded}x` })).toEqual({
      status: 400,
      body: { msg: CATALOGUE_MSG.linkInvalid, status_code: 400 },
    });
    await setRunPublic(t.infra.db, 'D00002', false);
    expect(await describeImage(visitor, { encoded })).toEqual(notFound);
    expect((await fetchImage(visitor, (shared.body as { url: string }).url)).statusCode).toBe(404);
  });
});
