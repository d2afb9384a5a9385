import type { FastifyInstance } from 'fastify';
import { genesCalls, GENES_MSG } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { checkKey, InvalidKeyError, readObject } from '../../infra/storage/index.js';
import { dataBucket } from '../../config.js';
import { ImportError, importRun, MATRIX_FILE, type ImportSource } from './service.js';

/**
 * `POST /api/v1/run_db/import` (admin): imports data already uploaded to storage (the uploader, or any S3 tool).
 * `source` is a key in the bucket: an .h5ad object, or a folder prefix holding either genes.h5ad or a Visium
 * layout (filtered_feature_bc_matrix.h5 + spatial/…). Server-side paths are not accepted (the CLI does those).
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
      kind: 'h5ad',
      name: key.slice(key.lastIndexOf('/') + 1),
      bytes: await readObject(infra.storage, bucket, key),
    };
  }
  const prefix = `${key}/`;
  const { objects } = await infra.storage.list(bucket, { prefix });
  if (objects.length === 0) throw new ImportError(GENES_MSG.importSourceMissing(source), 404);
  const names = objects.map((o) => o.key.slice(prefix.length));
  if (names.includes(MATRIX_FILE)) {
    const spatial = new Map<string, Uint8Array>();
    for (const name of names.filter((n) => n.startsWith('spatial/'))) {
      spatial.set(name.slice('spatial/'.length), await readObject(infra.storage, bucket, prefix + name));
    }
    return { kind: 'visium', matrix: await readObject(infra.storage, bucket, prefix + MATRIX_FILE), spatial };
  }
  if (names.includes('genes.h5ad')) {
    return { kind: 'h5ad', name: 'genes.h5ad', bytes: await readObject(infra.storage, bucket, `${prefix}genes.h5ad`) };
  }
  throw new ImportError(GENES_MSG.importSourceUnknown(source), 400);
}
