import type { FastifyInstance } from 'fastify';
import { genesCalls, GENES_MSG } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { checkKey, InvalidKeyError, readObject } from '../../infra/storage/index.js';
import { dataBucket } from '../../config.js';
import { ImportError } from './errors.js';
import { importRun } from './service.js';
import type { ImportSource } from './prepare.js';

/**
 * `POST /api/v1/run_db/import` (admin): imports data already uploaded to storage (the uploader, or any S3 tool).
 * `source` is a key in the bucket: a file object (.h5ad, 10x .h5, .zarr.zip), or a folder prefix (a Space Ranger
 * outs/, a Visium HD bin folder, a .zarr store, a folder with genes.h5ad). The input is checked before anything is
 * written, so a bad one is a 4xx that leaves no run. Server-side paths are not accepted (the CLI does those).
 * Answers the posted webfile.create_files task; poll /api/v1/task/{_id}.
 */
export function registerImportRoutes(app: FastifyInstance, infra: Infra): void {
  route(app, genesCalls.importRun, async ({ body, identity }) => {
    const bucket = body.bucket ?? dataBucket(infra.config);
    if (!infra.config.buckets.includes(bucket)) throw new HttpError(400, `Unknown bucket '${bucket}'`);
    try {
      const source = await sourceFromStorage(infra, bucket, body.source);
      return await importRun(infra, source, {
        runId: body.run_id,
        bucket,
        title: body.title,
        description: body.description,
        group: body.group,
        public: body.public,
        requestedBy: identity.kind === 'user' ? identity.username : null,
      });
    } catch (error) {
      if (error instanceof ImportError) throw new HttpError(error.status, error.message);
      if (error instanceof InvalidKeyError) throw new HttpError(400, error.message);
      throw error;
    }
  });
}

async function sourceFromStorage(infra: Infra, bucket: string, source: string): Promise<ImportSource> {
  const key = checkKey(source.replace(/\/+$/, ''));
  if (await infra.storage.exists(bucket, key)) {
    return {
      kind: 'file',
      name: key.slice(key.lastIndexOf('/') + 1),
      bytes: await readObject(infra.storage, bucket, key),
    };
  }
  const prefix = `${key}/`;
  const { objects } = await infra.storage.list(bucket, { prefix });
  const sizes = new Map(objects.map((o) => [o.key.slice(prefix.length), o.size]));
  const names = [...sizes.keys()];
  if (names.length === 0) throw new ImportError(GENES_MSG.importSourceMissing(source), 404);
  return {
    kind: 'folder',
    folder: {
      label: source,
      names,
      read: (name) => readObject(infra.storage, bucket, prefix + name),
      // Known from the listing: a Zarr chunk larger than its array's chunk can hold is refused unread.
      size: (name) => sizes.get(name),
    },
  };
}
