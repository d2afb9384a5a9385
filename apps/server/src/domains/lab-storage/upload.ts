import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { LAB_MSG } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { emptyFields, requireMultipart, takeField, uploadError, type UploadFields } from '../../http/multipart.js';
import { InvalidKeyError, type ObjectStore } from '../../infra/storage/index.js';
import type { StorageTarget } from './service.js';

/** One file stored from a multipart form: where it went, its size, and the form's fields. */
export interface ReceivedUpload {
  bucket: string;
  key: string;
  size: number;
  fields: UploadFields;
}

/**
 * Stores the one `file` part of a multipart upload at the key the form names (`output_filename`, in `bucket_name`
 * or the data bucket), refusing an existing object unless `overwrite` is true. The file is streamed into storage
 * (a temporary object committed when complete); one that comes before its name is staged on disk, never held in
 * memory, and stored once the form is read.
 */
export async function receiveUpload(
  request: FastifyRequest,
  deps: {
    storage: ObjectStore;
    stagingDir: string;
    dataBucket: string;
    /** The checked destination (./service.ts): a configured bucket and a valid key. */
    target: (bucket: string, key: string) => StorageTarget;
  },
): Promise<ReceivedUpload> {
  const { storage, stagingDir } = deps;
  requireMultipart(request);
  const query = request.query as { bucket_name?: string; overwrite?: string };
  const fields = emptyFields();
  let staged: string | undefined;
  let written: { bucket: string; key: string; size: number } | undefined;
  const destination = () => {
    const key = fields.outputFilename;
    if (!key) throw new HttpError(400, LAB_MSG.outputFilenameMissing);
    const bucket = fields.other.bucket_name || query.bucket_name || deps.dataBucket;
    return deps.target(bucket, key.replace(/^\/+/, ''));
  };
  const store = async (body: Readable) => {
    const { bucket, key } = destination();
    const overwrite = (fields.other.overwrite ?? query.overwrite) === 'true';
    if (!overwrite && (await storage.exists(bucket, key))) throw new HttpError(409, LAB_MSG.datasetFileExists);
    const info = await storage.put(bucket, key, body);
    return { bucket, key, size: info.size };
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        takeField(fields, part);
        continue;
      }
      if (part.fieldname !== 'file' || written || staged) {
        part.file.resume();
        continue;
      }
      if (fields.outputFilename) {
        written = await store(part.file);
      } else {
        await fsp.mkdir(stagingDir, { recursive: true });
        staged = path.join(stagingDir, randomUUID());
        await pipeline(part.file, fs.createWriteStream(staged, { flags: 'wx' }));
      }
    }
    if (!written && !staged) throw new HttpError(400, LAB_MSG.fieldCannotBeEmpty);
    if (staged) written = await store(fs.createReadStream(staged));
  } catch (error) {
    if (error instanceof InvalidKeyError) throw new HttpError(400, LAB_MSG.keyInvalid(error.message));
    uploadError(error);
  } finally {
    if (staged) await fsp.rm(staged, { force: true });
  }
  return { ...written!, fields };
}
