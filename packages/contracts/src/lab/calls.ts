import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  LAB_BULK_MAX_ROWS,
  LAB_KEY,
  ZBulkResult,
  ZLabBulkBody,
  ZDeleteResult,
  ZExists,
  ZFilterQuery,
  ZHistoryEntry,
  ZHistoryQuery,
  ZLabPutBody,
  ZLabPutQuery,
  ZLabRecord,
  ZListBody,
  ZPresignMany,
  ZPresignOne,
  ZPutResult,
  ZQcInput,
  ZQcQuery,
  ZQcRecord,
  ZSpatialRun,
  ZSpatialRunsQuery,
  ZSubFoldersBody,
  ZWaferTrace,
  type LabKind,
} from './schemas.js';

/**
 * Dataset calls of spec 02 §7.1 (admin: spec 02 §6 limits every metadata screen to admins) and the JSON storage
 * calls of §7.2. Multipart uploads and binary reads are raw routes; their paths are in LAB_RAW_PATHS.
 */
function kindCalls<K extends LabKind>(kind: K) {
  const key = LAB_KEY[kind];
  const base = `/api/v1/dataset/${kind}`;
  const singular = { wafers: 'wafer', chips: 'chip', dbits: 'dbit' }[kind];
  return {
    list: defineCall({
      method: 'GET',
      path: base,
      access: 'admin',
      summary: `${kind} matching a Mongo-style filter (equality, $in, $regex, $or) with options projection, sort, limit, skip.`,
      query: ZFilterQuery,
      response: z.array(ZLabRecord),
    }),
    put: defineCall({
      method: 'PUT',
      path: base,
      access: 'admin',
      summary: `Creates or updates ${kind} by _id or ${key}; free-form fields are kept. With create=true a ${key} that exists already is refused (409) instead of updated.`,
      query: ZLabPutQuery,
      body: ZLabPutBody,
      response: ZPutResult,
    }),
    bulk: defineCall({
      method: 'POST',
      path: base,
      access: 'admin',
      summary: `Creates many ${kind} at once (a JSON array, at most ${LAB_BULK_MAX_ROWS}): each row is checked as a single record is, and all are created or none (4xx naming the row, 1-based, in \`row\`).`,
      body: ZLabBulkBody,
      response: ZBulkResult,
    }),
    remove: defineCall({
      method: 'DELETE',
      path: base,
      access: 'admin',
      summary: `Deletes ${kind} by a filter on _id or ${key}.`,
      query: ZFilterQuery,
      response: ZDeleteResult,
    }),
    check: defineCall({
      method: 'GET',
      path: `/api/v1/dataset/check_${singular}`,
      access: 'admin',
      summary: `Whether a ${singular} with this ${key} exists.`,
      query: z.object({ [key]: z.string().trim().min(1) }) as z.ZodType<Record<string, string>>,
      response: ZExists,
    }),
    history: defineCall({
      method: 'GET',
      path: `${base}/history`,
      access: 'admin',
      summary: `Audit entries (before/after) of one ${singular}, newest first.`,
      query: ZHistoryQuery,
      response: z.array(ZHistoryEntry),
    }),
  };
}

export const wafers = kindCalls('wafers');
export const chips = kindCalls('chips');
export const dbits = kindCalls('dbits');
export const labKindCalls = { wafers, chips, dbits } as const;

export const getQc = defineCall({
  method: 'GET',
  path: '/api/v1/dataset/qc',
  access: 'admin',
  summary: 'QC records by id, a comma-separated id list, or a filter on id ({"id": {"$in": [...]}}).',
  query: ZQcQuery,
  response: z.array(ZLabRecord),
});

export const putQc = defineCall({
  method: 'PUT',
  path: '/api/v1/dataset/qc',
  access: 'admin',
  summary: 'Creates or updates QC records by id.',
  body: z.union([ZQcInput, z.array(ZQcInput).max(1000)]),
  response: ZPutResult,
});

export const bulkQc = defineCall({
  method: 'POST',
  path: '/api/v1/dataset/qc',
  access: 'admin',
  summary: `Creates many QC records at once (a JSON array, at most ${LAB_BULK_MAX_ROWS}), all or none; a 4xx names the row that failed.`,
  body: ZLabBulkBody,
  response: ZBulkResult,
});

export const qcHistory = defineCall({
  method: 'GET',
  path: '/api/v1/dataset/qc/history',
  access: 'admin',
  summary: 'Audit entries of one QC record, newest first.',
  query: ZHistoryQuery,
  response: z.array(ZHistoryEntry),
});

export const waferTrace = defineCall({
  method: 'GET',
  path: '/api/v1/dataset/wafertrace',
  access: 'admin',
  summary: 'Nested map wafer id → chip id → DBiT records; filter and options apply to wafers.',
  query: ZFilterQuery,
  response: ZWaferTrace,
});

export const qcEntry = defineCall({
  method: 'POST',
  path: '/api/v1/storage/qc_entry',
  access: 'admin',
  summary: 'Creates the QC record of data/{qc_dir}/ from its metadata.json, listing its images (409 when it exists).',
  query: z.object({ qc_dir: z.string() }),
  response: ZQcRecord,
});

export const listFiles = defineCall({
  method: 'POST',
  path: '/api/v1/storage/list',
  access: 'public',
  summary:
    'Keys under a path (optionally one level with a delimiter, only files, filtered by ending) that the caller may see; a public session sees the names of public runs’ files only.',
  body: ZListBody,
  response: z.union([z.array(z.string()), z.literal(false)]),
});

export const subFolders = defineCall({
  method: 'POST',
  path: '/api/v1/storage/sub_folders',
  access: 'user',
  summary: 'Folder prefixes one level below a prefix.',
  body: ZSubFoldersBody,
  response: z.array(z.string()),
});

export const spatialRuns = defineCall({
  method: 'GET',
  path: '/api/v1/storage/spatial_runs',
  access: 'user',
  summary:
    'The runs the caller may see that have a spatial folder data/{run}/spatial/, each saying whether it has its ' +
    'metadata.json (Atlas Analytics).',
  query: ZSpatialRunsQuery,
  response: z.array(ZSpatialRun),
});

export const fetchBuckets = defineCall({
  method: 'GET',
  path: '/api/v1/storage/fetch_buckets',
  access: 'user',
  summary: 'The configured bucket names.',
  response: z.array(z.string()),
});

export const presignOne = defineCall({
  method: 'POST',
  path: '/api/v1/storage/generate_presigned_url',
  access: 'user',
  summary: 'An expiring URL for one key (GET for members, PUT for admins).',
  body: ZPresignOne,
  response: z.object({ url: z.string() }),
});

export const presignMany = defineCall({
  method: 'POST',
  path: '/api/v1/storage/generate_presigned_urls',
  access: 'user',
  summary: 'Expiring URLs for several keys, in request order (GET for members, PUT for admins).',
  body: ZPresignMany,
  response: z.object({ urls: z.array(z.string()) }),
});
