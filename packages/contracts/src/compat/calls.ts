import { z } from 'zod';
import { defineCall } from '../call.js';
import { ZCatalogueRun, ZFilesByRun, ZSearchQuery } from '../catalogue/schemas.js';
import { ZQueueName, ZTaskState } from '../tasks/schemas.js';
import { COMPAT_MSG } from './messages.js';

/**
 * The incumbent portal's (AtlasXomics) calls that have no native path of the same method (issue 20 "Drop-in for
 * existing clients"). Each is served by the compatibility layer through the native call named in its summary, with
 * an access rule no looser than that call's; the answer has the fields the original client reads.
 */
const origin = 'AtlasXomics' as const;

/** A storage key the original client names, e.g. `data/D00012/h5/obj/genes.h5ad`. */
const ZKeyName = z.string().trim().min(1, 'filename is required').max(1024);
/** The original public viewer names a file of its link by index (`args[key]` of the link). */
const ZLinkIndex = z.coerce.number().int().min(0).max(20);
const ZToken = z.object({ token: z.string().min(1).max(8192) });
const ZNames = z.array(z.string());
/** data.csv as rows of cells, header first (the original read the CSV and answered its rows). */
const ZRows = z.array(z.array(z.string()));
const ZOk = z.literal('Success');

// ---- explorer data ----
export const geneMotifNames = defineCall({
  method: 'POST',
  path: '/api/v1/genes/gmnames',
  access: 'public',
  origin,
  summary: 'Feature names of the run a names file belongs to (kind from the file name). Native: genes/feature_names.',
  body: z.object({ filename: ZKeyName }),
  response: ZNames,
});
export const geneMotifNamesByToken = defineCall({
  method: 'POST',
  path: '/api/v1/genes/gmnames/:token',
  access: 'public',
  origin,
  summary: 'Feature names through a public link; key 1, 2, 3 = genes, motifs, eRegulons. Native: genes/feature_names.',
  params: ZToken,
  body: z.object({ key: ZLinkIndex.default(1) }),
  response: ZNames,
});
export const spatialData = defineCall({
  method: 'POST',
  path: '/api/v1/genes/get_spatial_data',
  access: 'public',
  origin,
  summary: 'The tixel table of the run a data file belongs to, as CSV rows. Native: genes/data.',
  body: z.looseObject({ filename: ZKeyName }),
  response: ZRows,
});
export const spatialDataByToken = defineCall({
  method: 'POST',
  path: '/api/v1/genes/get_spatial_data/:token',
  access: 'public',
  origin,
  summary: 'The tixel table of a public link’s run, as CSV rows. Native: genes/data.',
  params: ZToken,
  body: z.looseObject({ key: ZLinkIndex.optional() }),
  response: ZRows,
});
export const geneExpressions = defineCall({
  method: 'POST',
  path: '/api/v1/genes/expressions',
  access: 'public',
  origin,
  summary: 'Feature names (var_names) of the run an .h5ad belongs to. Native: genes/feature_names.',
  body: z.object({ filename: ZKeyName }),
  response: ZNames,
});
export const geneExpressionsByToken = defineCall({
  method: 'POST',
  path: '/api/v1/genes/expressions/:token',
  access: 'public',
  origin,
  summary: 'Gene names of a public link’s run. Native: genes/feature_names.',
  params: ZToken,
  response: ZNames,
});

// ---- catalogue ----
export const populateHomepage = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/populate_homepage',
  access: 'public',
  origin,
  summary:
    'The landing page’s runs: public runs for a public session (native: run_db/get_runs_public), the runs a member may see otherwise (native: run_db/get_runs).',
  response: z.array(ZCatalogueRun),
});
const ZSearchHit = z.object({ results_id: z.number().int() });
export const searchPmid = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/search_pmid',
  access: 'public',
  origin,
  summary: 'Results ids of visible runs whose PMID starts with the query. Native: GET run_db/search_by_publication.',
  body: ZSearchQuery,
  response: z.array(ZSearchHit),
});
export const searchAuthorsPost = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/search_authors',
  access: 'public',
  origin,
  summary: 'Results ids of visible runs by author name (the original’s POST). Native: GET run_db/search_authors.',
  body: ZSearchQuery,
  response: z.array(ZSearchHit),
});
export const allDownloadableFiles = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_all_downloadable_files_run_id',
  access: 'any',
  origin,
  summary: 'Downloadable files of every visible run, by run id. Native: run_db/get_downloadable_files.',
  response: ZFilesByRun,
});

// ---- public links ----
export const generateLink = defineCall({
  method: 'POST',
  path: '/api/v1/genes/generate_link',
  access: 'public',
  origin,
  summary:
    'A public link to a run: the run is meta.run_id or the run of the first data key in args; the server derives the paths. Native: run_db/encode_link.',
  body: z.object({
    args: z.array(z.unknown()).max(20).default([]),
    meta: z.looseObject({ run_id: z.string().optional() }).default({}),
  }),
  response: z.object({ encoded: z.string(), expires_at: z.number() }),
});
export const decodeMetaByPath = defineCall({
  method: 'GET',
  path: '/api/v1/storage/decode_meta/:token',
  access: 'public',
  origin,
  summary: 'The public metadata of a link. Native: run_db/decode_meta.',
  params: ZToken,
  response: z.object({
    run_id: z.string(),
    species: z.string(),
    tissue: z.string(),
    assay: z.string(),
    regulons_flag: z.boolean(),
    expires_at: z.number(),
  }),
});
export const publicTaskOriginal = defineCall({
  method: 'POST',
  path: '/api/v1/public_task',
  access: 'public',
  origin,
  summary:
    'A gene task through a public link: args[0] is the link; key names its h5ad (4 genes, 5 motifs, 6 eRegulons). Native: genes/public_task.',
  body: z.object({
    task: z.enum(['gene.compute_qc', 'gene.compute_cell_type', 'gene.seq_logo']),
    queue: z.string().nullable().optional(),
    args: z.array(z.unknown()).min(1).max(10),
    kwargs: z.record(z.string(), z.unknown()).nullable().optional(),
    key: z.coerce.number().int().min(0).max(20).optional(),
  }),
  response: ZTaskState.extend({
    meta: z.object({ run_id: z.string(), species: z.string(), tissue: z.string(), assay: z.string() }),
  }),
});

// ---- run administration ----
const ZRunIdBody = z.object({ run_id: z.string().trim().min(1).max(20) });
export const uploadMetadataPage = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/upload_metadata_page',
  access: 'admin',
  origin,
  summary: 'Add A Run with the original field names (run_title, run_description, …). Native: run_db/save_run.',
  body: z.looseObject({ run_id: z.string().trim().min(1).max(20) }),
  response: ZOk,
});
export const infoFromRunId = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/get_info_from_run_id',
  access: 'admin',
  origin,
  summary: 'A run’s metadata as a one-row list (empty without a catalogue entry). Native: run_db/get_run_details.',
  body: ZRunIdBody,
  response: z.array(z.looseObject({ run_id: z.string() })),
});
export const runIds = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_run_ids',
  access: 'any',
  origin,
  summary: 'Run and tissue ids of the runs the caller may see. Native: run_db/get_runs.',
  response: z.array(z.object({ run_id: z.string(), tissue_id: z.number().int() })),
});
export const jobs = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/get_jobs',
  access: 'admin',
  origin,
  summary: 'Recent jobs, optionally of the caller, by job name or run. Native: GET task (Job Management).',
  body: z.object({
    filter_username: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .nullable()
      .optional(),
    job_name: z.string().max(100).nullable().optional(),
    run_id: z.string().max(20).nullable().optional(),
  }),
  response: z.array(
    z.object({
      job_id: z.string(),
      job_name: z.string(),
      job_status: z.enum(['SUCCESS', 'INPROGRESS', 'FAILED']),
      job_description: z.string().nullable(),
      job_start_time: z.string(),
      job_completion_time: z.string().nullable(),
      username: z.string().nullable(),
      run_id: z.string().nullable(),
    }),
  ),
});
export const ensureRunIdCreated = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/ensure_run_id_created',
  access: 'admin',
  origin,
  summary:
    'Success when the run has a catalogue entry; a run without one is refused (409): our catalogue entry needs a title and an assay, so Add A Run creates it.',
  body: ZRunIdBody,
  response: ZOk,
});
export const studyRuns = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/get_study_runs',
  access: 'admin',
  origin,
  summary: 'The runs of a study. Native: run_db/get_studies.',
  body: z.object({ study_id: z.coerce.number().int() }),
  response: z.array(z.object({ run_id: z.string(), tissue_id: z.number().int() })),
});
export const updateStudyTable = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/update_study_table',
  access: 'admin',
  origin,
  summary:
    'Creates (id null) or changes a study; adding_list/removing_list hold run ids or {run_id}. Native: run_db/save_study.',
  body: z.object({
    id: z.coerce.number().int().nullable().optional(),
    study_name: z.string().trim().min(1).max(200),
    study_type_id: z.coerce.number().int().nullable().optional(),
    description: z.string().max(5000).default(''),
    adding_list: z.array(z.union([z.string(), z.looseObject({ run_id: z.string() })])).default([]),
    removing_list: z.array(z.union([z.string(), z.looseObject({ run_id: z.string() })])).default([]),
  }),
  response: ZOk,
});
export const studyTypes = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_study_types',
  access: 'admin',
  origin,
  summary: 'Study types with their ids. Native: run_db/get_studies.',
  response: z.array(z.object({ study_type_id: z.number().int(), study_type_name: z.string() })),
});
const ZOriginalFile = z.object({
  file_id: z.number().int(),
  tissue_id: z.number().int(),
  run_id: z.string(),
  bucket_name: z.string(),
  file_path: z.string(),
  filename_short: z.string(),
  file_type_id: z.number().int(),
  file_type_name: z.string(),
  file_description: z.string(),
});
export const loadRunFilesInfo = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/load_run_files_info',
  access: 'admin',
  origin,
  summary: 'The downloadable files of a run named by run_id or tissue_id. Native: run_db/get_run_details.',
  body: z
    .object({ run_id: z.string().trim().min(1).max(20).optional(), tissue_id: z.coerce.number().int().optional() })
    .refine((b) => b.run_id !== undefined || b.tissue_id !== undefined, COMPAT_MSG.runNotNamed),
  response: z.array(ZOriginalFile),
});
export const fileTypeOptions = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_file_type_options',
  access: 'admin',
  origin,
  summary: 'File types with ids. Native: run_db/get_file_types.',
  response: z.array(z.object({ file_type_id: z.number().int(), file_type_name: z.string() })),
});
const ZOriginalFileEdit = z.looseObject({
  file_type_name: z.string().optional(),
  file_type_id: z.coerce.number().int().optional(),
  bucket_name: z.string().optional(),
  file_path: z.string().optional(),
  file_description: z.string().optional(),
});
export const setRunFiles = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/set_run_files',
  access: 'admin',
  origin,
  summary: 'Adds, removes and changes a run’s files (run named by tissue_id or run_id). Native: run_db/save_run_files.',
  body: z.object({
    tissue_id: z.coerce.number().int().optional(),
    run_id: z.string().optional(),
    files_to_add: z.array(ZOriginalFileEdit).max(200).default([]),
    file_ids_to_remove: z.array(z.coerce.number().int().positive()).max(200).default([]),
    file_changes: z
      .array(ZOriginalFileEdit.extend({ file_id: z.coerce.number().int().positive() }))
      .max(200)
      .default([]),
  }),
  response: ZOk,
});
export const runsCollaborator = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/get_runs_collaborator',
  access: 'any',
  origin,
  summary:
    'Visible runs of one group (collaborator) with their ngs_id, optionally only those with web objects. Native: run_db/get_runs, run_db/get_run_records.',
  query: z.object({
    collaborator: z.string().trim().min(1).max(100),
    table_name: z.string().max(100).optional(),
    web_objs: z.enum(['true', 'false']).optional(),
  }),
  response: z.array(ZCatalogueRun.extend({ ngs_id: z.string().nullable() })),
});

// ---- tasks, workers, downloads ----
export const taskSync = defineCall({
  method: 'POST',
  path: '/api/v1/task_sync',
  access: 'any',
  origin,
  summary: 'Posts a task and waits (up to 60 s) for its end; answers its result. Native: POST task + GET task/:id.',
  body: z.object({
    task: z.string().min(1).max(100),
    queue: ZQueueName,
    args: z.array(z.unknown()).nullable().default([]),
    kwargs: z.record(z.string(), z.unknown()).nullable().default({}),
  }),
  response: z.unknown(),
});
export const workerSummary = defineCall({
  method: 'GET',
  path: '/api/v1/workers/summary',
  access: 'user',
  origin,
  summary: 'Live workers as the original’s table rows: one per worker and task. Native: workers.',
  response: z.array(
    z.object({ worker: z.string(), task: z.string(), queues: z.array(z.string()), requests: z.number() }),
  ),
});
export const generateFrontpage = defineCall({
  method: 'POST',
  path: '/api/v1/storage/generate_frontpage',
  access: 'admin',
  origin,
  summary:
    'Refused on purpose (410): the original screenshotted any URL it was given from the server. A run’s front-page image is saved from the explorer (PUT run_db/frontpage/:run_id).',
  body: z.looseObject({ url: z.string().max(2048).optional(), runId: z.string().max(20).optional() }),
  response: z.never(),
});
export const downloadLink = defineCall({
  method: 'GET',
  path: '/api/v1/storage/download_link',
  access: 'user',
  origin,
  summary: 'An expiring URL (a string) for a key of the data bucket. Native: storage/generate_presigned_url.',
  query: z.object({
    filename: z.string().trim().min(1).max(1024),
    expiry: z.coerce.number().int().min(1).optional(),
    bucket_name: z.string().max(63).optional(),
  }),
  response: z.string(),
});
export const downloadLinkPublic = defineCall({
  method: 'GET',
  path: '/api/v1/storage/download_link_public',
  access: 'user',
  origin,
  summary:
    'An expiring URL (a string) for a key. Lab staff only, as the native call: the original signed any key for public sessions. Native: storage/generate_presigned_url.',
  query: z.object({ filename: z.string().trim().min(1).max(1024), bucket_name: z.string().max(63).optional() }),
  response: z.string(),
});
