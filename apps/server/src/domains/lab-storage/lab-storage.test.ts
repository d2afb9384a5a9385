import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_MSG, MSG } from '@atlas/contracts';
import { useTestApp } from '../../../test/harness.js';
import { buildUser } from '../../../test/factories.js';
import { formData, postForm } from '../../../test/forms.js';
import { dataBucket } from '../../config.js';

const t = useTestApp();
let user: string;
let bucket: string;

/** A 40×20 image: left half red, right half blue (so rotation and crop are visible in the pixels). */
const picture = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 255, g: 0, b: 0 } } }).composite([
    { input: { create: { width: 20, height: 20, channels: 3, background: { r: 0, g: 0, b: 255 } } }, left: 20, top: 0 },
  ]);

const raw = (url: string, token: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: { authorization: `JWT ${token}`, ...headers } });

beforeAll(async () => {
  user = await buildUser(t, 'store-user', ['user']);
  bucket = dataBucket(t.infra.config);
  await t.infra.storage.put(bucket, 'data/D00001/images/postB.tif', await picture().tiff().toBuffer());
  await t.infra.storage.put(bucket, 'data/D00001/images/flowA.jpg', await picture().jpeg().toBuffer());
  await t.infra.storage.put(
    bucket,
    'data/D00001/spatial/metadata.json',
    JSON.stringify({ run: 'D00001', points: [1, 2] }),
  );
  await t.infra.storage.put(
    bucket,
    'data/D00001/spatial/tissue_positions_list.csv',
    'AAA,1,0,0,10,10\r\n"B,B",0,0,1,10,20\r\n',
  );
  await t.infra.storage.put(bucket, 'data/D00002/spatial/broken.json', '{nope');
});

describe('images', () => {
  it('tif → jpg with rotation, cached by (key, size, mtime, rotation)', async () => {
    const query = { bucket_name: bucket, filename: 'data/D00001/images/postB.tif', rotation: '90' };
    const first = await raw('/api/v1/storage/image_as_jpg', user, query);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['x-atlas-cache']).toBe('miss');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 20, 40]);
    // Clockwise: the red left half is now on top.
    const { data } = await sharp(first.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
    expect((await raw('/api/v1/storage/image_as_jpg', user, query)).headers['x-atlas-cache']).toBe('hit');
    expect(
      (await raw('/api/v1/storage/image_as_jpg', user, { ...query, use_cache: 'false' })).headers['x-atlas-cache'],
    ).toBe('miss');
    const straight = await raw('/api/v1/storage/image_as_jpg', user, { ...query, rotation: '0' });
    expect((await sharp(straight.rawPayload).metadata()).width).toBe(40);
  });

  it('grayscale crop of the rotated image; a crop off the image is refused', async () => {
    const base = { bucket_name: bucket, filename: 'data/D00001/images/postB.tif' };
    const r = await raw('/api/v1/storage/grayscale_image_jpg_cropping', user, {
      ...base,
      rotation: '0',
      x1: '25',
      y1: '5',
      x2: '35',
      y2: '10',
    });
    expect(r.statusCode, r.body).toBe(200);
    const meta = await sharp(r.rawPayload).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([10, 5, 1]);
    const rotated = await raw('/api/v1/storage/grayscale_image_jpg_cropping', user, {
      ...base,
      rotation: '90',
      x1: '0',
      y1: '0',
      x2: '20',
      y2: '40',
    });
    expect(rotated.statusCode).toBe(200);
    const off = await raw('/api/v1/storage/grayscale_image_jpg_cropping', user, {
      ...base,
      rotation: '0',
      x1: '0',
      y1: '0',
      x2: '41',
      y2: '10',
    });
    expect(off.json()).toEqual({ msg: 'Keeping Cropping on Image', status_code: 400 });
    const inverted = await raw('/api/v1/storage/grayscale_image_jpg_cropping', user, {
      ...base,
      x1: '10',
      y1: '0',
      x2: '5',
      y2: '10',
    });
    expect(inverted.statusCode).toBe(400);
  });

  it('png: converted from jpg; not an image, broken image and missing file', async () => {
    const r = await raw('/api/v1/storage/png', user, { bucket_name: bucket, filename: 'data/D00001/images/flowA.jpg' });
    expect(r.headers['content-type']).toBe('image/png');
    expect((await sharp(r.rawPayload).metadata()).format).toBe('png');
    expect(
      (await raw('/api/v1/storage/png', user, { bucket_name: bucket, filename: 'data/D00001/spatial/metadata.json' }))
        .statusCode,
    ).toBe(400);
    await t.infra.storage.put(bucket, 'data/D00002/bad.jpg', 'not a jpeg');
    expect(
      (
        await raw('/api/v1/storage/image_as_jpg', user, { bucket_name: bucket, filename: 'data/D00002/bad.jpg' })
      ).json(),
    ).toEqual({
      msg: 'Failed to load the image file',
      status_code: 422,
    });
    expect(
      (await raw('/api/v1/storage/png', user, { bucket_name: bucket, filename: 'data/none.png' })).statusCode,
    ).toBe(404);
    expect(
      (await raw('/api/v1/storage/png', user, { bucket_name: 'no-such-bucket', filename: 'a.png' })).statusCode,
    ).toBe(404);
    expect((await raw('/api/v1/storage/png', user, { bucket_name: bucket, filename: '../x.png' })).statusCode).toBe(
      400,
    );
  });
});

describe('reads and listings', () => {
  it('blob with ranges, json and csv (false on failure)', async () => {
    const blob = await raw(
      '/api/v1/storage',
      user,
      { bucket_name: bucket, filename: 'data/D00001/spatial/metadata.json' },
      { range: 'bytes=0-5' },
    );
    expect(blob.statusCode).toBe(206);
    expect(blob.body).toBe('{"run"');
    const json = (f: string) =>
      raw('/api/v1/storage/json', user, { bucket_name: bucket, filename: f }).then((r) => r.json() as unknown);
    expect(await json('data/D00001/spatial/metadata.json')).toEqual({ run: 'D00001', points: [1, 2] });
    expect(await json('data/D00002/spatial/broken.json')).toBe(false);
    expect(await json('data/missing.json')).toBe(false);
    const csv = await raw('/api/v1/storage/csv', user, {
      bucket_name: bucket,
      filename: 'data/D00001/spatial/tissue_positions_list.csv',
    });
    expect(csv.json()).toEqual([
      ['AAA', '1', '0', '0', '10', '10'],
      ['B,B', '0', '0', '1', '10', '20'],
    ]);
  });

  it('list, sub_folders, fetch_buckets', async () => {
    const post = (url: string, body: unknown) => t.api<unknown>('POST', url, { token: user, body });
    expect(
      (await post('/api/v1/storage/list', { bucket, path: 'data/D00001/', filter: ['.json', 'CSV'] })).body,
    ).toEqual(['data/D00001/spatial/metadata.json', 'data/D00001/spatial/tissue_positions_list.csv']);
    expect((await post('/api/v1/storage/list', { bucket, path: 'data/D00001/', delimiter: '/' })).body).toEqual([
      'data/D00001/images/',
      'data/D00001/spatial/',
    ]);
    expect(
      (await post('/api/v1/storage/list', { bucket, path: 'data/D00001/', delimiter: '/', only_files: true })).body,
    ).toEqual([]);
    expect((await post('/api/v1/storage/list', { bucket: 'nope-bucket', path: '' })).body).toBe(false);
    expect((await post('/api/v1/storage/sub_folders', { bucket_name: bucket, prefix: 'data/' })).body).toEqual([
      'data/D00001/',
      'data/D00002/',
    ]);
    expect((await t.api<unknown>('GET', '/api/v1/storage/fetch_buckets', { token: user })).body).toEqual(
      t.infra.config.buckets,
    );
  });

  it('spatial_runs: every run folder with a spatial folder, saying which lack spatial/metadata.json', async () => {
    const get = (query: Record<string, string>) =>
      t.api<unknown>('GET', '/api/v1/storage/spatial_runs', { token: user, query });
    // D00001 has a metadata.json; D00002 has spatial files without one (an older import); D00003 has no spatial
    // folder at all, only images.
    await t.infra.storage.put(bucket, 'data/D00003/images/postB.png', 'png');
    expect((await get({ bucket })).body).toEqual([
      { run_id: 'D00001', has_metadata: true },
      { run_id: 'D00002', has_metadata: false },
    ]);
    const listing = vi.spyOn(t.infra.storage, 'list');
    try {
      await get({ bucket });
      // One delimited listing of data/, then one short listing per run folder without a metadata.json; those run
      // at once, so they are compared in prefix order (CI's PostgreSQL run once saw D00003's start first).
      const [folders, ...perRun] = listing.mock.calls.map(([, options]) => options);
      expect(folders).toEqual({ prefix: 'data/', delimiter: '/' });
      expect(perRun.sort((a, b) => String(a?.prefix).localeCompare(String(b?.prefix)))).toEqual([
        { prefix: 'data/D00002/spatial/', maxKeys: 1 },
        { prefix: 'data/D00003/spatial/', maxKeys: 1 },
      ]);
    } finally {
      listing.mockRestore();
      await t.infra.storage.delete(bucket, 'data/D00003/images/postB.png');
    }
    expect((await get({ bucket: 'nope-bucket' })).status).toBe(404);
    expect((await get({})).status).toBe(400);
  });

  it('serves stored HTML as a sandboxed download, pictures inline; every answer carries the security headers', async () => {
    await t.infra.storage.put(bucket, 'data/D00001/report.html', '<script>alert(1)</script>');
    const html = await raw('/api/v1/storage', user, { bucket_name: bucket, filename: 'data/D00001/report.html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toBe('sandbox');
    expect(html.headers['content-disposition']).toBe('attachment; filename="report.html"');
    const image = await raw('/api/v1/storage/png', user, {
      bucket_name: bucket,
      filename: 'data/D00001/images/flowA.jpg',
    });
    expect(image.headers['content-disposition']).toBeUndefined();
    expect(image.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    for (const reply of [html, image, await t.app.inject({ method: 'GET', url: '/api/v1/app' })]) {
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('presigned URLs: GET for members, PUT for admins only', async () => {
    const one = await t.api<{ url: string }>('POST', '/api/v1/storage/generate_presigned_url', {
      token: user,
      body: { bucket_name: bucket, key: 'data/D00001/spatial/metadata.json' },
    });
    const url = new URL(one.body.url);
    const fetched = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(fetched.json()).toEqual({ run: 'D00001', points: [1, 2] });
    await t.infra.storage.put(bucket, 'a/1.png', 'one');
    await t.infra.storage.put(bucket, 'a/2.png', 'two');
    const many = await t.api<{ urls: string[] }>('POST', '/api/v1/storage/generate_presigned_urls', {
      token: user,
      body: { bucket_name: bucket, keys: ['a/1.png', 'a/2.png'] },
    });
    expect(many.body.urls).toHaveLength(2);
    // Only for objects that exist; at most an hour unless an admin asks for longer.
    const missing = await t.api('POST', '/api/v1/storage/generate_presigned_url', {
      token: user,
      body: { bucket_name: bucket, key: 'a/3.png' },
    });
    expect(missing).toEqual({ status: 404, body: { msg: MSG.notFound, status_code: 404 } });
    const week = { bucket_name: bucket, key: 'a/1.png', expires_in: 7 * 24 * 3600 };
    const long = await t.api('POST', '/api/v1/storage/generate_presigned_url', { token: user, body: week });
    expect(long).toEqual({ status: 400, body: { msg: LAB_MSG.presignTooLong(3600), status_code: 400 } });
    expect((await t.api('POST', '/api/v1/storage/generate_presigned_url', { token: t.admin, body: week })).status).toBe(
      200,
    );
    const putAsUser = await t.api('POST', '/api/v1/storage/generate_presigned_url', {
      token: user,
      body: { bucket_name: bucket, key: 'x.bin', method: 'PUT' },
    });
    expect(putAsUser.status).toBe(403);
    const putAsAdmin = await t.api('POST', '/api/v1/storage/generate_presigned_url', {
      token: t.admin,
      body: { bucket_name: bucket, key: 'x.bin', method: 'PUT' },
    });
    expect(putAsAdmin.status).toBe(200);
  });
});

describe('upload', () => {
  const U = '/api/v1/storage/upload';
  const tmpFiles = () =>
    [path.join(t.infra.dataDir, 'tmp', 'uploads'), path.join(t.infra.dataDir, 'storage', '.tmp')].flatMap((d) =>
      fs.existsSync(d) ? fs.readdirSync(d) : [],
    );

  it('streams the file to output_filename, whichever part comes first; meta is audited; existing files are refused', async () => {
    const content = Buffer.alloc(300_000, 7);
    const fieldsFirst = await postForm(t.app, U, t.admin, [
      { name: 'meta', value: JSON.stringify({ remarks: 'qc batch' }) },
      { name: 'output_filename', value: 'data/QC1/umi-1.png' },
      { name: 'file', filename: 'umi-1.png', content },
    ]);
    expect(fieldsFirst).toMatchObject({
      status: 200,
      body: { key: 'data/QC1/umi-1.png', size: 300_000, meta: { remarks: 'qc batch' } },
    });
    const fileFirst = await postForm(t.app, U, t.admin, [
      { name: 'file', filename: 'm.json', content: '{"a":1}' },
      { name: 'output_filename', value: 'data/QC1/metadata.json' },
    ]);
    expect(fileFirst.body).toMatchObject({ key: 'data/QC1/metadata.json', size: 7 });
    expect(await t.infra.storage.exists(bucket, 'data/QC1/metadata.json')).toBe(true);
    const again = await postForm(t.app, U, t.admin, [
      { name: 'output_filename', value: 'data/QC1/umi-1.png' },
      { name: 'file', filename: 'umi-1.png', content: 'x' },
    ]);
    expect(again.body).toEqual({ msg: 'Dataset File Already Exists.', status_code: 409 });
    const audit = await t.infra.db.selectFrom('audit_log').selectAll().where('action', '=', 'storage.upload').execute();
    expect(audit[0]).toMatchObject({
      target: `object:${bucket}/data/QC1/umi-1.png`,
      after: { size: 300_000, meta: { remarks: 'qc batch' } },
    });
    expect(tmpFiles()).toEqual([]);
    expect((await postForm(t.app, U, t.admin, [{ name: 'file', filename: 'a', content: 'x' }])).body.msg).toBe(
      'output_filename is required.',
    );
    expect((await postForm(t.app, U, user, [{ name: 'file', filename: 'a', content: 'x' }])).status).toBe(403);
  });

  it('an aborted upload leaves nothing behind', async () => {
    for (const order of ['fields-first', 'file-first'] as const) {
      const file = { name: 'file', filename: 'big.tif', content: Buffer.alloc(200_000, 1) };
      const name = { name: 'output_filename', value: `data/QC2/${order}.tif` };
      const { payload, headers } = formData(order === 'fields-first' ? [name, file] : [file, name]);
      const cut = payload.subarray(0, order === 'fields-first' ? 150_000 : payload.length - 60);
      const r = await t.app.inject({
        method: 'POST',
        url: U,
        payload: cut,
        headers: { ...headers, authorization: `JWT ${t.admin}` },
      });
      expect(r.statusCode, `${order}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(await t.infra.storage.exists(bucket, `data/QC2/${order}.tif`)).toBe(false);
    }
    expect(tmpFiles()).toEqual([]);
  });
});
