import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { QUEUES, type TTaskState } from '@atlas/contracts';
import { gzipOfZeros, h5adBomb, pngBomb, tenxH5Bomb, zarrZipBomb } from '@atlas/spatial/testing';
import { useTestApp } from '../../test/harness.js';
import { buildRun } from '../../test/factories.js';

/**
 * The fuzz suite's bomb classes (issue 33; fuzz.test.ts sends bad values to every field, this sends bad files to
 * every door that inflates or decodes one): archives and matrices through the admin import, and images through the
 * storage conversions, the explorer's tissue image, the front-page thumbnail and the atlasbrowser.generate_spatial
 * task. Each must be refused — a 4xx, or a task that ends FAILURE with its error — never a 5xx; how fast is
 * measured by the bench (bench/guards.ts, `npm run bench -- guards`).
 */
const BUCKET = 'atx-data';
const RUN = 'D70011';

const t = useTestApp({ workers: QUEUES });
beforeAll(async () => {
  await buildRun(t, { runId: RUN, group: null, public: true });
}, 60_000);

interface Door {
  label: string;
  /** Stores the bomb where the door reads it; answers the request that makes the door read it. */
  arm(): Promise<InjectOptions>;
}

const put = (key: string, bytes: Buffer | Uint8Array) => t.infra.storage.put(BUCKET, key, Buffer.from(bytes));
const importOf = (runId: string, source: string): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/run_db/import',
  payload: { run_id: runId, source },
});

const archives: Door[] = [
  ['zarr.zip, 1 GiB chunk, X 1e8 × 1e8', () => zarrZipBomb()],
  ['zarr.zip, X 1e8 × 1e8', () => zarrZipBomb({ chunkBytes: 1 << 20 })],
  ['zarr.zip, 1e10 chunks', () => zarrZipBomb({ shape: [100_000, 100_000], chunks: [1, 1], chunkBytes: 4 })],
  [
    'zarr.zip, 4 MiB stored chunk of a 100 × 100 X',
    () => zarrZipBomb({ shape: [100, 100], chunks: [100, 100], chunkBytes: 4 << 20 }),
  ],
  [
    'zarr.zip, zlib chunk inflating to 64 MiB',
    () => zarrZipBomb({ shape: [100, 100], chunks: [100, 100], chunkBytes: 64 << 20, compressedBy: 'zarr' }),
  ],
  ['10x .h5 declaring 5e8 values', () => tenxH5Bomb()],
  ['.h5ad declaring 1e8 observations', () => h5adBomb()],
].map(([label, make], i) => ({
  label: `import of a ${label as string}`,
  arm: async () => {
    const key = `uploads/fuzz-bombs/${i}/${(label as string).startsWith('zarr') ? 'x.zarr.zip' : 'x.h5ad'}`;
    await put(key, await (make as () => Buffer | Promise<Uint8Array>)());
    return importOf(`D0095${i}`, key);
  },
}));

const mtxFolder: Door = {
  label: 'import of a Matrix Market folder whose matrix.mtx.gz inflates to 1 GiB',
  arm: async () => {
    const folder = 'uploads/fuzz-bombs/outs/filtered_feature_bc_matrix';
    await put(`${folder}/matrix.mtx.gz`, gzipOfZeros(1 << 30));
    await put(`${folder}/barcodes.tsv`, Buffer.from('A-1\n'));
    await put(`${folder}/features.tsv`, Buffer.from('g0\tG0\tGene Expression\n'));
    return importOf('D00959', 'uploads/fuzz-bombs/outs');
  },
};

const bombImage = `data/${RUN}/images/bomb.png`;
const images: Door[] = [
  {
    label: 'storage image_as_jpg of a 25000 × 25000 PNG',
    arm: async () => {
      await put(bombImage, pngBomb());
      return {
        method: 'GET',
        url: '/api/v1/storage/image_as_jpg',
        query: { bucket_name: BUCKET, filename: bombImage },
      };
    },
  },
  {
    label: 'storage grayscale crop of it',
    arm: async () => ({
      method: 'GET',
      url: '/api/v1/storage/grayscale_image_jpg_cropping',
      query: { bucket_name: BUCKET, filename: bombImage, x1: '0', y1: '0', x2: '10', y2: '10' },
    }),
  },
  {
    label: 'the explorer’s tissue image when the run’s hires image is one',
    arm: async () => {
      for (const name of ['tissue_hires_image.png', 'tissue_lowres_image.png'])
        await put(`data/${RUN}/spatial/${name}`, pngBomb());
      return { method: 'GET', url: '/api/v1/genes/tissue_image/file', query: { run_id: RUN } };
    },
  },
  {
    label: 'a front-page thumbnail PUT of one',
    arm: async () => ({
      method: 'PUT',
      url: `/api/v1/run_db/frontpage/${RUN}`,
      payload: pngBomb(),
      headers: { 'content-type': 'image/png' },
    }),
  },
];

describe('bounded fuzz: bomb classes at every door that inflates or decodes a file', () => {
  for (const door of [...archives, mtxFolder, ...images]) {
    it(`refuses ${door.label}: 4xx`, async () => {
      const request = await door.arm();
      const reply = await t.app.inject({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${t.admin}` },
      });
      expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, reply.body).toBeLessThan(500);
    });
  }

  it('atlasbrowser.generate_spatial on a 25000 × 25000 PNG ends FAILURE with its error', async () => {
    await put(bombImage, pngBomb());
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/task',
      headers: { authorization: `Bearer ${t.admin}` },
      payload: {
        task: 'atlasbrowser.generate_spatial',
        queue: 'atxcloud_atlasbrowser',
        args: [
          {
            run_id: RUN,
            files: [bombImage],
            bsa_filename: bombImage,
            crop_area: [0, 0, 100, 100],
            mask: [{ position: [0, 0], value: 1 }],
            metadata: { points: [0, 0, 100, 0, 100, 100, 0, 100], numChannels: 2 },
            orientation: { rotation: 0, horizontal_flip: false, vertical_flip: false },
            barcode_filename: 'b.txt',
            barcode_list: ['AAAAAAAA', 'CCCCCCCC', 'GGGGGGGG', 'TTTTTTTT'],
            bucket_name_bsa: BUCKET,
            bucket_name_spatial: BUCKET,
            root_dir_bsa: 'data',
            root_dir_spatial: 'data',
            updating_existing: false,
          },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const done = await t.settle((posted.json() as TTaskState)._id, 30_000);
    expect(done.status).toBe('FAILURE');
    expect(done.error).toMatch(/is 25000 × 25000 pixels, more than the 200 megapixels/);
  });
});
