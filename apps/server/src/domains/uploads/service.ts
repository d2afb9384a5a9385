import type { Readable } from 'node:stream';
import type { Upload } from '@tus/utils';
import {
  SIGNATURE_BYTES,
  signatureProblem,
  UPLOAD_MSG,
  UPLOAD_SLOTS,
  uploadKey,
  ZUploadMetadata,
  type Identity,
  type TusUploadResult,
  type UploadMetadata,
} from '@atlas/contracts';
import { dataBucket as dataBucketOf, tracksBucket as tracksBucketOf } from '../../config.js';
import { HttpError, notFound } from '../../http/errors.js';
import type { Infra } from '../../infra/index.js';
import { guessContentType } from '../../infra/storage/index.js';
import { callerOf, NotVisibleError, type Runs } from '../runs/index.js';
import { ArrivalError, checkArrival } from './arrival.js';
import { peekHead } from './head.js';
import { createStaging } from './staging.js';

export type UploadsInfra = Pick<Infra, 'storage' | 'config' | 'log'>;
export type UploadService = ReturnType<typeof createUploadService>;

/** An upload's metadata (run, slot, file name) checked; 400 naming the field otherwise. */
export function metadataOf(raw: Record<string, string | null | undefined> | undefined): UploadMetadata {
  const parsed = ZUploadMetadata.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new HttpError(400, UPLOAD_MSG.badMetadata(`${issue.path.join('.') || 'metadata'}: ${issue.message}`));
}

/**
 * The Uploader's rules (spec 03 §2.7, issue 14): where a slot's file lands, who may write it, which first bytes
 * are refused at once, and the check and atomic put when the last byte has arrived (a refused file leaves nothing
 * behind). The tus protocol around them is ./routes.ts.
 */
export function createUploadService(deps: { infra: UploadsInfra; runs: Runs }) {
  const { storage, config, log } = deps.infra;
  /** Where a slot's upload lands: its run's folder in the data bucket, or in the tracks bucket for tracks. */
  const destination = (meta: UploadMetadata) => ({
    bucket: UPLOAD_SLOTS[meta.slot].kind === 'track' ? tracksBucketOf(config) : dataBucketOf(config),
    key: uploadKey(meta.run_id, meta.slot, meta.filename),
  });
  const staging = createStaging(config, storage, (metadata) => {
    const meta = ZUploadMetadata.safeParse(metadata ?? {});
    return meta.success ? guessContentType(destination(meta.data).key) : undefined;
  });
  const finishing = new Map<string, Promise<TusUploadResult>>();

  async function commit(upload: Upload): Promise<TusUploadResult> {
    const meta = metadataOf(upload.metadata);
    const { bucket, key } = destination(meta);
    const staged = await staging.open(upload.id);
    try {
      let description: string;
      try {
        description = await checkArrival(UPLOAD_SLOTS[meta.slot].kind, staged, meta.filename, config.importLimits);
      } catch (error) {
        await staging.discard(upload.id);
        if (error instanceof ArrivalError) throw new HttpError(422, UPLOAD_MSG.refused(meta.filename, error.message));
        throw error;
      }
      const stored = await staged.commit(bucket, key);
      await staging.discard(upload.id);
      log.info({ key, size: stored.size, description }, 'upload stored');
      return { key, size: stored.size, description };
    } finally {
      await staged.release();
    }
  }

  return {
    staging,

    /** Checks, copies into place and removes the staged upload; one run per upload even when asked twice. */
    finish(upload: Upload): Promise<TusUploadResult> {
      const running = finishing.get(upload.id);
      if (running) return running;
      const done = commit(upload).finally(() => finishing.delete(upload.id));
      finishing.set(upload.id, done);
      return done;
    },

    /** The runs domain decides whether this caller may write the slot's destination (404 when not). */
    async checkWrite(identity: Identity, meta: UploadMetadata): Promise<void> {
      try {
        await deps.runs.objects.check(callerOf(identity), 'write', [destination(meta)]);
      } catch (error) {
        if (error instanceof NotVisibleError) throw notFound(error.message);
        throw error;
      }
    },

    /**
     * The first request of an upload carries the file's first bytes: a file that cannot be what its slot takes is
     * refused now (the staged upload removed) rather than after its last byte has arrived. Otherwise the body to
     * pass on, its peeked bytes included.
     */
    async checkFirstBytes(
      body: AsyncIterable<Buffer>,
      upload: Upload,
    ): Promise<{ body: Readable } | { refusal: string }> {
      const meta = metadataOf(upload.metadata);
      const { head, body: whole } = await peekHead(body, SIGNATURE_BYTES);
      const problem = signatureProblem(UPLOAD_SLOTS[meta.slot].kind, head, meta.filename);
      // A first request shorter than the signature's reach (a client's tiny chunk) is left to the arrival check.
      const seenEnough = head.length >= Math.min(SIGNATURE_BYTES, upload.size ?? Infinity);
      if (!problem || !seenEnough) return { body: whole };
      await staging.discard(upload.id);
      return { refusal: UPLOAD_MSG.refused(meta.filename, problem) };
    },
  };
}
