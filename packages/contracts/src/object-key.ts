import { z } from 'zod';

/** Longest object key, in UTF-8 bytes (S3's own limit). */
export const OBJECT_KEY_MAX_BYTES = 1024;
/**
 * Longest segment of a key (between two `/`), in UTF-8 bytes: a segment is a file or folder name in the
 * filesystem store, and Linux and macOS refuse names over 255 bytes (ENAMETOOLONG). Keys must work on both
 * stores, so S3 is held to it too.
 */
export const OBJECT_KEY_SEGMENT_MAX_BYTES = 255;

/** Why keys are refused; every store and every route that names a key says the same. */
export const KEY_MSG = {
  length: `Object key must be 1 to ${OBJECT_KEY_MAX_BYTES} bytes`,
  leadingSlash: 'Object key must not start with /',
  nulOrBackslash: 'Object key must not contain NUL or backslash',
  dotSegments: 'Object key must not contain . or .. segments',
  emptySegments: 'Object key must not contain empty segments',
  segmentTooLong: `Each part of an object key (between two /) must be at most ${OBJECT_KEY_SEGMENT_MAX_BYTES} bytes`,
  /** The filesystem refused the path itself (ENAMETOOLONG), whatever the rules above let through. */
  tooLongForStore: 'Object key is too long for the file store',
} as const;

const utf8 = new TextEncoder();
/** A UTF-16 unit is at most 3 UTF-8 bytes: only longer segments are encoded to be measured. */
const segmentTooLong = (segment: string) =>
  segment.length * 3 > OBJECT_KEY_SEGMENT_MAX_BYTES && utf8.encode(segment).length > OBJECT_KEY_SEGMENT_MAX_BYTES;

/**
 * Why a key may not name an object, or null: no `..` or `.` segment, no leading `/`, no empty segment (`a//b`,
 * `a/`: on the filesystem they would collapse onto another path or name a folder), no NUL or backslash, 1 to
 * 1024 bytes, each segment at most 255 bytes.
 */
export function objectKeyProblem(key: string): string | null {
  if (!key || key.length > OBJECT_KEY_MAX_BYTES || utf8.encode(key).length > OBJECT_KEY_MAX_BYTES)
    return KEY_MSG.length;
  if (key.startsWith('/')) return KEY_MSG.leadingSlash;
  if (key.includes('\0') || key.includes('\\')) return KEY_MSG.nulOrBackslash;
  const segments = key.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return KEY_MSG.dotSegments;
  if (segments.includes('')) return KEY_MSG.emptySegments;
  if (segments.some(segmentTooLong)) return KEY_MSG.segmentTooLong;
  return null;
}

/** An object key as every store takes it (objectKeyProblem's rules), refused with its reason. */
export const ZObjectKey = z.string().superRefine((key, ctx) => {
  const problem = objectKeyProblem(key);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
