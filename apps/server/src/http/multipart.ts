import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { JSON_MAX_DEPTH, LAB_MSG, MSG } from '@atlas/contracts';
import { HttpError } from './errors.js';
import { nestsDeeperThan } from './json-body.js';

/** The text fields of an upload form: `meta` (a JSON object) and `output_filename`. */
export interface UploadFields {
  meta: Record<string, unknown>;
  outputFilename?: string;
  other: Record<string, string>;
}

export function emptyFields(): UploadFields {
  return { meta: {}, other: {} };
}

/** Reads a text part into the fields; a meta that is not a JSON object is a 400. */
export function takeField(fields: UploadFields, part: Multipart & { type: 'field' }): void {
  const value = typeof part.value === 'string' ? part.value : String(part.value);
  if (part.fieldname === 'meta') {
    if (value.trim() === '') return;
    // Refused by depth before parsing, like a JSON body (a 1 MB field of brackets would take seconds to build).
    if (nestsDeeperThan(value, JSON_MAX_DEPTH + 1)) throw new HttpError(400, MSG.inputTooDeep(JSON_MAX_DEPTH));
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new HttpError(400, LAB_MSG.metaInvalid);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, LAB_MSG.metaInvalid);
    fields.meta = parsed as Record<string, unknown>;
  } else if (part.fieldname === 'output_filename') {
    fields.outputFilename = value.trim() || undefined;
  } else {
    fields.other[part.fieldname] = value;
  }
}

/** The `boundary` parameter of a multipart Content-Type (quoted or not, anywhere among the parameters). */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]+"|[^\s;"]+)/i;

/**
 * A multipart request with a boundary, or a 400 for anything else: without its boundary, busboy cannot split the
 * body and throws mid-stream (a 500 on storage/upload, issue 33 item 4).
 */
export function requireMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw new HttpError(400, LAB_MSG.fileMissing);
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) throw new HttpError(400, LAB_MSG.uploadMalformed);
}

/** Errors of busboy/@fastify/multipart on a cut-off or oversized body, as answers. */
export function uploadError(error: unknown, maxMb?: number): never {
  if (error instanceof HttpError) throw error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT')
    throw new HttpError(413, maxMb ? LAB_MSG.fileTooLarge(maxMb) : (error as Error).message);
  const message = (error as Error).message ?? '';
  if (/unexpected end|premature close|aborted|truncated/i.test(message) || code === 'ERR_STREAM_PREMATURE_CLOSE')
    throw new HttpError(400, LAB_MSG.uploadIncomplete);
  // busboy's own refusals of the form itself ("Multipart: Boundary not found", "Malformed part header", …).
  if (/^multipart:|boundary|malformed/i.test(message)) throw new HttpError(400, LAB_MSG.uploadMalformed);
  throw error;
}
