import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  ZCatalogueRun,
  ZDecodedMeta,
  ZEncodedLink,
  ZFieldOptions,
  ZFilesByRun,
  ZLinkAudience,
  ZPresignedUrl,
  ZPresignRequest,
  ZRunId,
  ZRunRecord,
  ZSearchHits,
  ZSearchQuery,
} from './schemas.js';

/**
 * The catalogue calls of spec 01 §7. The spec names the operations only; their paths follow DESIGN §3
 * (`/api/v1/run_db/<snake_name>`). Visibility is decided on the server for every call: a visitor (public
 * token) sees public runs, a member public runs and the runs of their groups, an admin every run.
 */

export const getRunsPublic = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_runs_public',
  access: 'public',
  summary: 'Public runs of the catalogue, newest first.',
  response: z.array(ZCatalogueRun),
});

export const getRuns = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_runs',
  access: 'any',
  summary: "Runs a member may see (public runs and their groups' runs; admins: all), newest first.",
  response: z.array(ZCatalogueRun),
});

export const searchByPublication = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/search_by_publication',
  access: 'public',
  summary: 'Results ids of visible runs whose publication id (PMID) starts with the query.',
  query: ZSearchQuery,
  response: ZSearchHits,
});

export const searchAuthors = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/search_authors',
  access: 'public',
  summary: 'Results ids of visible runs whose publication has an author whose name contains the query.',
  query: ZSearchQuery,
  response: ZSearchHits,
});

export const getDownloadableFiles = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_downloadable_files',
  access: 'any',
  summary: 'Downloadable files of every run the caller may see, by run id.',
  response: ZFilesByRun,
});

export const generatePresignedUrl = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/generate_presigned_url',
  access: 'any',
  summary: 'An expiring download URL for a registered downloadable file of a run the caller may see.',
  body: ZPresignRequest,
  response: ZPresignedUrl,
});

export const encodeLink = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/encode_link',
  access: 'public',
  summary:
    "A sealed, expiring link to a run's data files and metadata; the server derives the paths. audience 'public' (default): a public run's link for anyone; 'group': a link of the run's group (its members and admins may make one) that opens the run only to callers who may read it themselves.",
  body: z.object({ run_id: ZRunId, audience: ZLinkAudience.optional() }),
  response: ZEncodedLink,
});

export const decodeMeta = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/decode_meta',
  access: 'public',
  summary: 'The public metadata (run_id, species, tissue, assay, regulons_flag) of an encoded run link.',
  query: z.object({ encoded: z.string().trim().min(1, 'encoded is required').max(8192) }),
  response: ZDecodedMeta,
});

export const getRunRecords = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_run_records',
  access: 'public',
  summary: 'The runs list page (spec 03 §2.3): visible runs with NGS id, sample, tissue, organism and condition.',
  response: z.array(ZRunRecord),
});

export const getFieldOptions = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_field_options',
  access: 'user',
  summary:
    'Dropdown lists of the run forms (spec 02 §7.3): assay, species, organ, antibody, group, tissue source, publication, tissue type.',
  response: ZFieldOptions,
});
