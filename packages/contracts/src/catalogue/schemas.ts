import { z } from 'zod';
import { CATALOGUE_MSG } from './messages.js';
import { SEARCH_MAX_CHARS } from './search.js';

/** Run id: 'D' followed by a number padded to 5 digits (spec 01 §9). */
export const ZRunId = z
  .string()
  .trim()
  .regex(/^D[0-9]{5,}$/, CATALOGUE_MSG.runIdFormat);

/** A run as the catalogue shows it (spec 01 §3 "Run (catalogue entry)"). */
export const ZCatalogueRun = z.object({
  results_id: z.number().int(),
  tissue_id: z.number().int(),
  run_id: z.string(),
  /** Contains a `data/{run_id}/` segment; the run-id search reads the run id from here. */
  results_folder_path: z.string(),
  result_title: z.string(),
  result_description: z.string(),
  experimental_condition: z.string(),
  /** The antibody of a CUT&Tag run. */
  epitope: z.string().nullable(),
  /** Epoch milliseconds. */
  date: z.number(),
  /** The paper's address (paperclip link), from the run's publication. */
  link: z.string().nullable(),
  journal: z.string().nullable(),
  pmid: z.string().nullable(),
  group: z.string().nullable(),
  assay: z.string(),
  organ: z.string(),
  species: z.string(),
  /** DBiT channel width in µm (spec 03 §4 metadata); null when not recorded (e.g. imported Visium runs). */
  channel_width: z.number().nullable(),
  /** 1 means public (spec 01 §3). */
  public: z.union([z.literal(0), z.literal(1)]),
  /** Address of the front-page thumbnail (`frontpage/{run_id}.png`); a missing image answers 404. */
  thumbnail: z.string(),
  web_object_available: z.boolean(),
});
export type TCatalogueRun = z.infer<typeof ZCatalogueRun>;

/** A downloadable file of a run (spec 01 §3 "Run file", spec 03 §3 "Downloadable file"). */
export const ZRunFile = z.object({
  file_id: z.number().int(),
  file_type_id: z.number().int(),
  file_type_name: z.string(),
  filename_short: z.string(),
  file_description: z.string(),
  file_path: z.string(),
  bucket_name: z.string(),
});
export type TRunFile = z.infer<typeof ZRunFile>;

/** Downloadable files of every run the caller may see, by run id. */
export const ZFilesByRun = z.record(z.string(), z.array(ZRunFile));
export type TFilesByRun = z.infer<typeof ZFilesByRun>;

export const ZSearchQuery = z.object({
  query: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, CATALOGUE_MSG.searchEmpty)
    .max(SEARCH_MAX_CHARS, CATALOGUE_MSG.searchTooLong),
});

/** Search calls answer the results ids that match (spec 01 §7), among the runs the caller may see. */
export const ZSearchHits = z.array(z.object({ results_id: z.number().int() }));

export const ZPresignRequest = z.object({
  bucket: z.string().trim().min(1, 'Bucket is required').max(63),
  path: z.string().trim().min(1, 'Path is required').max(1024),
});
export const ZPresignedUrl = z.object({
  url: z.string(),
  /** Epoch milliseconds. */
  expires_at: z.number(),
});

/** The public metadata of a run (spec 03 §3 "Public metadata"). */
export const ZPublicRunMeta = z.object({
  run_id: z.string(),
  species: z.string(),
  /** The organ of the tissue. */
  tissue: z.string(),
  assay: z.string(),
  regulons_flag: z.boolean(),
});
export type TPublicRunMeta = z.infer<typeof ZPublicRunMeta>;

/**
 * The data file paths a public link carries (spec 03 §7 "Encode a link"): decoded only on the server, by the
 * routes that serve public data. Paths are keys in `bucket`; null when the run has no such file (transcriptome
 * runs have no motifs).
 */
export const ZRunLinkData = z.object({
  bucket: z.string(),
  data: z.string(),
  gene_names: z.string(),
  motif_names: z.string().nullable(),
  eregulon_names: z.string().nullable(),
  genes_h5ad: z.string(),
  motifs_h5ad: z.string().nullable(),
  motifs_csv: z.string().nullable(),
});
export type TRunLinkData = z.infer<typeof ZRunLinkData>;

/** Who a run link opens the run to: anyone (a public run), or only those who may read the run themselves. */
export const ZLinkAudience = z.enum(['public', 'group']);
export type LinkAudience = z.infer<typeof ZLinkAudience>;

export const ZEncodedLink = z.object({
  encoded: z.string(),
  /** Epoch milliseconds. */
  expires_at: z.number(),
});

export const ZDecodedMeta = ZPublicRunMeta.extend({ expires_at: z.number() });

/** A row of the runs list page (spec 03 §3 "Run record (list)"). `created_on` in epoch milliseconds. */
export const ZRunRecord = z.object({
  results_id: z.number().int(),
  ngs_id: z.string().nullable(),
  run_id: z.string(),
  sample_id: z.string(),
  tissue_type: z.string(),
  organ: z.string(),
  species: z.string(),
  experimental_condition: z.string(),
  created_on: z.number(),
});
export type TRunRecord = z.infer<typeof ZRunRecord>;

/**
 * The dropdown lists of the run forms (spec 02 §7.3): the lookup lists admins extend, the account groups and the
 * recorded publications' PMIDs, each sorted. Groups and PMIDs are limited to what the caller may see.
 */
export const ZFieldOptions = z.object({
  assay_list: z.array(z.string()),
  species_list: z.array(z.string()),
  organ_list: z.array(z.string()),
  antibody_list: z.array(z.string()),
  group_list: z.array(z.string()),
  tissue_source_list: z.array(z.string()),
  publication_list: z.array(z.string()),
  tissue_type_list: z.array(z.string()),
});
export type TFieldOptions = z.infer<typeof ZFieldOptions>;

/** The storage key of a run's catalogue thumbnail in the data bucket (DESIGN §5). */
export const frontpageKey = (runId: string): string => `frontpage/${runId}.png`;
/** Thumbnails are images, not JSON: a raw route serves them at `{FRONTPAGE_PATH}/{run_id}.png`. */
export const FRONTPAGE_PATH = '/api/v1/run_db/frontpage';
export const frontpageUrl = (runId: string): string => `${FRONTPAGE_PATH}/${runId}.png`;
