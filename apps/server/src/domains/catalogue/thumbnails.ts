import { createHmac, timingSafeEqual } from 'node:crypto';
import { frontpageUrl } from '@atlas/contracts';

/**
 * Catalogue thumbnails are plain <img> requests (no Authorization header). A public run's thumbnail is served to
 * anyone; a private run's only with a signature the member's catalogue list carries. Signatures expire at the end
 * of the next UTC day, so one list (and its cache entry) keeps the same addresses all day and browsers cache them.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

function thumbnailKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('frontpage-thumbnail').digest();
}

export interface ThumbnailSigner {
  /** The day bucket that current signatures belong to: part of a list's cache key. */
  day(now?: number): number;
  url(runId: string, isPublic: boolean, now?: number): string;
  verify(runId: string, expires: number, signature: string, now?: number): boolean;
}

export function createThumbnailSigner(secret: string): ThumbnailSigner {
  const key = thumbnailKey(secret);
  const sign = (runId: string, expires: number) =>
    createHmac('sha256', key).update(`${runId}\n${expires}`).digest('base64url');
  const day = (now = Date.now()) => Math.floor(now / DAY_MS);
  return {
    day,
    url(runId, isPublic, now = Date.now()) {
      const path = frontpageUrl(runId);
      if (isPublic) return path;
      const expires = ((day(now) + 2) * DAY_MS) / 1000;
      return `${path}?expires=${expires}&signature=${sign(runId, expires)}`;
    },
    verify(runId, expires, signature, now = Date.now()) {
      if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
      const expected = Buffer.from(sign(runId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
