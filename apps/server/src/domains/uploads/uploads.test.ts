import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRun, writeSyntheticH5ad } from '@atlas/spatial';
import { UPLOAD_PATH, uploadKey, type UploadSlot } from '@atlas/contracts';
import { buildApp } from '../../app.js';
import { dataBucket, tracksBucket } from '../../config.js';
import { fsBucketFolder, readObject } from '../../infra/storage/index.js';
import { adminToken, confirmedUser } from '../../../test/accounts.js';
import { createTestInfra, type TestInfra } from '../../../test/harness.js';
import { S3RVER_ENV, startS3rver } from '../../../test/s3rver.js';
import { hasSharedData, sharedData } from '@atlas/spatial/testing';
import { stagingBucketOf } from './index.js';

/**
 * The Uploader's tus routes on both storage drivers: resuming after a dropped connection and a server restart, the
 * object appearing only when complete, arrival checks refusing bad files with nothing left behind, cancel, and
 * the admin-only rule. The S3 driver runs against s3rver on loopback (test/s3rver.ts).
 */
const TUS = { 'tus-resumable': '1.0.0' };
const meta = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

let tiff: Buffer;
let h5ad: Buffer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-uploads-test-'));

beforeAll(async () => {
  // 2400 × 3000 RGB, uncompressed: 21.6 MB, so the S3 store writes several multipart parts.
  tiff = await sharp({ create: { width: 2400, height: 3000, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .tiff({ compression: 'none' })
    .toBuffer();
  const file = path.join(work, 'genes.h5ad');
  await writeSyntheticH5ad(generateRun({ seed: 7, tixels: 400, features: 60, assay: 'rna' }), file);
  h5ad = fs.readFileSync(file);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

for (const driver of ['fs', 's3'] as const) {
  describe(`uploads on the ${driver} driver`, () => {
    let infra: TestInfra;
    let app: FastifyInstance;
    let admin: string;
    let stopS3: (() => Promise<void>) | undefined;

    const start = async () => {
      app = await buildApp(infra);
      await app.listen({ port: 0, host: '127.0.0.1' });
    };
    const origin = () => {
      const address = app.server.address() as { port: number };
      return `http://127.0.0.1:${address.port}`;
    };
    const auth = (token = admin) => ({ authorization: `JWT ${token}` });

    beforeAll(async () => {
      let env = {};
      if (driver === 's3') {
        const s3 = await startS3rver();
        stopS3 = s3.close;
        env = S3RVER_ENV(s3.endpoint);
      }
      infra = await createTestInfra(env);
      const { seedFirstStart } = await import('../../seed/first-start.js');
      await seedFirstStart(infra);
      await start();
      admin = await adminToken(app);
    }, 60_000);
    afterAll(async () => {
      await app.close();
      await infra.cleanup();
      await stopS3?.();
    });

    const create = async (runId: string, slot: UploadSlot, size: number, token = admin) =>
      fetch(`${origin()}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          ...TUS,
          ...auth(token),
          'upload-length': String(size),
          'upload-metadata': meta({ run_id: runId, slot, filename: `${slot}.bin` }),
        },
      });
    const patch = (location: string, offset: number, body: Buffer) =>
      fetch(`${origin()}${location}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...auth(),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      });
    const head = (location: string, token = admin) =>
      fetch(`${origin()}${location}`, { method: 'HEAD', headers: { ...TUS, ...auth(token) } });
    const uploadWhole = async (runId: string, slot: UploadSlot, bytes: Buffer) => {
      const created = await create(runId, slot, bytes.length);
      // The answer's body names a refusal (CI once saw a 404 here on the S3 driver under load, never alone).
      expect(created.status, await created.clone().text()).toBe(201);
      return patch(created.headers.get('location')!, 0, bytes);
    };
    /** Sends part of a PATCH body, then drops the connection, as a lost network does. */
    const droppedPatch = (location: string, offset: number, body: Buffer, sendBytes: number) =>
      new Promise<void>((resolve) => {
        const request = http.request(`${origin()}${location}`, {
          method: 'PATCH',
          headers: {
            ...TUS,
            ...auth(),
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(body.length),
          },
        });
        request.on('error', () => resolve());
        request.write(body.subarray(0, sendBytes), () => setTimeout(() => (request.destroy(), resolve()), 300));
      });
    const stored = (runId: string, slot: UploadSlot) =>
      infra.storage.head(dataBucket(infra.config), uploadKey(runId, slot));
    // Both drivers stage in the staging bucket (fs: tus files and their .json info files in its folder).
    const stagedCount = async () =>
      driver === 'fs'
        ? fs.readdirSync(fsBucketFolder(infra.config, stagingBucketOf(infra.config))).length
        : (await infra.storage.list(stagingBucketOf(infra.config))).objects.length;
    const settle = async (until: () => Promise<boolean>) => {
      for (let i = 0; i < 50 && !(await until()); i++) await new Promise((r) => setTimeout(r, 100));
    };

    it('resumes after a dropped connection and a server restart; the object appears only when complete', async () => {
      const runId = 'D07001';
      const created = await create(runId, 'postB', tiff.length);
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      expect(location).toMatch(new RegExp(`^${UPLOAD_PATH}/`));
      const firstChunk = 10 * 1024 * 1024;
      expect((await patch(location, 0, tiff.subarray(0, firstChunk))).status).toBe(204);
      await droppedPatch(location, firstChunk, tiff.subarray(firstChunk), 4 * 1024 * 1024);
      expect(await stored(runId, 'postB')).toBeNull();

      // A restart: a new app over the same data folder and storage knows the upload from the staging store alone.
      await app.close();
      await start();
      let offset = 0;
      await settle(async () => {
        const answer = await head(location);
        offset = Number(answer.headers.get('upload-offset'));
        return answer.status === 200;
      });
      expect(offset).toBeGreaterThanOrEqual(firstChunk - (driver === 's3' ? 2 * 1024 * 1024 : 0));
      expect(offset).toBeLessThan(tiff.length);
      expect(await stored(runId, 'postB')).toBeNull();

      const finished = await patch(location, offset, tiff.subarray(offset));
      expect(finished.status).toBe(200);
      const result = (await finished.json()) as { key: string; size: number; description: string };
      expect(result).toEqual({
        key: `data/${runId}/images/postB.tif`,
        size: tiff.length,
        description: '2400 × 3000, 8-bit uint, 3 samples',
      });
      const object = await readObject(infra.storage, dataBucket(infra.config), result.key);
      expect(Buffer.compare(object, tiff)).toBe(0);
      expect(await stagedCount()).toBe(0);
      expect((await head(location)).status).toBe(404);
    }, 120_000);

    it('checks an .h5ad on arrival and stores it at the gene matrix destination', async () => {
      const answer = await uploadWhole('D07002', 'genes', h5ad);
      expect(answer.status).toBe(200);
      const result = (await answer.json()) as { key: string; description: string };
      expect(result.key).toBe('data/D07002/h5/obj/genes.h5ad');
      expect(result.description).toMatch(/^400 × 60 \(csr\), obs: .*obsm: .*spatial/);
      expect((await stored('D07002', 'genes'))?.size).toBe(h5ad.length);
    });

    it.each([
      [
        'genes',
        randomBytes(50_000),
        'genes.bin was refused: its first bytes are not those of an HDF5 AnnData file (.h5ad) (no HDF5 signature)',
      ],
      ['motifs', () => h5ad.subarray(0, h5ad.length - 5000), 'truncated HDF5 file'],
      [
        'flowA',
        Buffer.from('this is not an image at all'),
        'flowA.bin was refused: its first bytes are not those of a TIFF image (no TIFF signature)',
      ],
      ['fix', () => tiff.subarray(0, 64), 'lies outside the file'],
    ] as const)(
      'refuses a bad %s file with a message naming the problem and leaves nothing',
      async (slot, bytes, msg) => {
        const body = typeof bytes === 'function' ? bytes() : bytes;
        const answer = await uploadWhole('D07003', slot, body);
        expect(answer.status).toBe(422);
        expect(((await answer.json()) as { msg: string }).msg).toContain(msg);
        expect(await stored('D07003', slot)).toBeNull();
        expect(await stagedCount()).toBe(0);
      },
    );

    it('refuses a wrong file in the first request that carries its first bytes, not after its last', async () => {
      // 300 MB announced, sent in the Uploader's 32 MiB chunks: the first chunk of a text file is refused at once.
      const created = await create('D07006', 'genes', 300 * 1024 ** 2);
      const location = created.headers.get('location')!;
      const text = Buffer.alloc(32 * 1024 ** 2, 'barcode,in_tissue,row,col\n');
      const answer = await patch(location, 0, text);
      expect(answer.status).toBe(422);
      expect(((await answer.json()) as { msg: string }).msg).toBe(
        'genes.bin was refused: its first bytes are not those of an HDF5 AnnData file (.h5ad) (no HDF5 signature)',
      );
      expect(await stagedCount()).toBe(0);
      expect((await head(location)).status).toBe(404);
      // A right file's first chunk goes on as before.
      const good = (await create('D07006', 'genes', h5ad.length)).headers.get('location')!;
      expect((await patch(good, 0, h5ad.subarray(0, 4096))).status).toBe(204);
      await fetch(`${origin()}${good}`, { method: 'DELETE', headers: { ...TUS, ...auth() } });
    });

    it("puts a track in the run's tracks folder under its own name; a wrong name or kind is refused", async () => {
      // A real bigWig (bbi-js test data) when the shared data is here, else a bigWig header alone: the arrival
      // check reads the signature, igv the rest.
      const bigwigPath = sharedData('bigwig/variable_step.bw');
      const bigwig = hasSharedData('bigwig/variable_step.bw')
        ? fs.readFileSync(bigwigPath)
        : Buffer.concat([Buffer.from([0x26, 0xfc, 0x8f, 0x88]), Buffer.alloc(60)]);
      const created = await fetch(`${origin()}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          ...TUS,
          ...auth(),
          'upload-length': String(bigwig.length),
          'upload-metadata': meta({ run_id: 'D07007', slot: 'track', filename: 'H3K27ac_C1.bw' }),
        },
      });
      expect(created.status).toBe(201);
      const answer = await patch(created.headers.get('location')!, 0, bigwig);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        key: 'data/D07007/tracks/H3K27ac_C1.bw',
        description: 'a bigwig track for the track browser',
      });
      expect((await infra.storage.head(tracksBucket(infra.config), 'data/D07007/tracks/H3K27ac_C1.bw'))?.size).toBe(
        bigwig.length,
      );

      const named = (filename: string) =>
        fetch(`${origin()}${UPLOAD_PATH}`, {
          method: 'POST',
          headers: {
            ...TUS,
            ...auth(),
            'upload-length': '10',
            'upload-metadata': meta({ run_id: 'D07007', slot: 'track', filename }),
          },
        });
      for (const bad of ['../h5/obj/genes.h5ad', 'notes.txt', 'a b.bw', 'x.tbi'])
        expect((await named(bad)).status, bad).toBe(400);
      const index = await named('atac_fragments.tsv.gz.tbi');
      expect(index.status).toBe(201);
      await fetch(`${origin()}${index.headers.get('location')!}`, { method: 'DELETE', headers: { ...TUS, ...auth() } });

      const notBigwig = await fetch(`${origin()}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          ...TUS,
          ...auth(),
          'upload-length': '64',
          'upload-metadata': meta({ run_id: 'D07007', slot: 'track', filename: 'C2.bw' }),
        },
      });
      const refused = await patch(notBigwig.headers.get('location')!, 0, Buffer.alloc(64, 'chr1\t0\t100\n'));
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { msg: string }).msg).toBe(
        'C2.bw was refused: its first bytes are not those of a bigWig file (no bigWig signature)',
      );
      expect(await stagedCount()).toBe(0);
    });

    it('cancels an upload and drops its parts', async () => {
      const created = await create('D07004', 'flowB', tiff.length);
      const location = created.headers.get('location')!;
      expect((await patch(location, 0, tiff.subarray(0, 6 * 1024 * 1024))).status).toBe(204);
      const cancelled = await fetch(`${origin()}${location}`, { method: 'DELETE', headers: { ...TUS, ...auth() } });
      expect(cancelled.status).toBe(204);
      expect(await stagedCount()).toBe(0);
      expect(await stored('D07004', 'flowB')).toBeNull();
    });

    it('refuses non-admins and uploads that do not name a run and a slot', async () => {
      const user = await confirmedUser(app, admin, `uploader-user-${driver}`, ['user']);
      expect((await create('D07005', 'postB', 10, user)).status).toBe(403);
      const created = await create('D07005', 'postB', 10);
      expect((await head(created.headers.get('location')!, user)).status).toBe(403);
      expect(
        (await fetch(`${origin()}${UPLOAD_PATH}`, { method: 'POST', headers: { ...TUS, 'upload-length': '1' } }))
          .status,
      ).toBe(401);

      const bad = await fetch(`${origin()}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          ...TUS,
          ...auth(),
          'upload-length': '10',
          'upload-metadata': meta({ run_id: 'D07005', slot: 'secrets', filename: 'x' }),
        },
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { msg: string }).msg).toMatch(/^This upload does not name its run and slot: slot/);
      const noRun = await create('../etc', 'postB', 10);
      expect(noRun.status).toBe(400);
    });
  });
}
