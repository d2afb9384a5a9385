import { z } from 'zod';

/** The three metadata kinds of spec 02 §3 and their key fields (DESIGN §4). */
export const LAB_KINDS = ['wafers', 'chips', 'dbits'] as const;
export type LabKind = (typeof LAB_KINDS)[number];
export const ZLabKind = z.enum(LAB_KINDS);

export const LAB_KEY: Record<LabKind, 'wafer_id' | 'chip_id' | 'run_id'> = {
  wafers: 'wafer_id',
  chips: 'chip_id',
  dbits: 'run_id',
};
/** Singular names: audit targets (`wafer:W001`), titles ('Wafer Details - …'). */
export const LAB_SINGULAR: Record<LabKind, 'wafer' | 'chip' | 'dbit'> = {
  wafers: 'wafer',
  chips: 'chip',
  dbits: 'dbit',
};
/** Columns of the list tables (spec 02 §2.4); chips may carry `waferid`, read both spellings. */
export const LAB_LIST_COLUMNS: Record<LabKind, string[]> = {
  wafers: ['wafer_id', 'generation', 'diameter', 'date_acquired'],
  chips: ['chip_id', 'wafer_id', 'diameter', 'date_acquired'],
  dbits: ['run_id', 'study_id', 'chip_a_id', 'chip_b_id'],
};
/** QC images the viewers open first (spec 02 §2.2, §2.3). */
export const QC_DEFAULT_IMAGES = ['umi-1', 'before_after_umi-1'] as const;
/** Image formats of spec 02 §9. */
export const IMAGE_EXTENSIONS = ['tif', 'tiff', 'png', 'jpg', 'jpeg'] as const;
/** Largest metadata CSV accepted. */
export const CSV_MAX_MB = 20;

/** A record as stored and returned: `_id`, the key field and any free-form fields (a projection may drop any). */
export const ZLabRecord = z.looseObject({ _id: z.string().optional() });
export type TLabRecord = z.infer<typeof ZLabRecord> & Record<string, unknown>;

/** Input of PUT: records with or without `_id`; the key is checked per kind on the server. */
export const ZLabRecordInput = z.record(z.string(), z.unknown());
export const ZLabPutBody = z.array(ZLabRecordInput).max(10_000);
/** `create=true`: the records are new (an editor's New or Duplicate); an existing key is a conflict, not an update. */
export const ZLabPutQuery = z.object({ create: z.enum(['true', 'false']).optional() });

/**
 * Body of a bulk create (`POST /api/v1/dataset/{kind}`): rows are checked one by one on the server with the schema
 * of a single record, so that a refusal names its row.
 */
export const LAB_BULK_MAX_ROWS = 10_000;
export const ZLabBulkBody = z
  .array(z.unknown())
  .min(1, 'The body must be a non-empty JSON array of records.')
  .max(LAB_BULK_MAX_ROWS, `At most ${LAB_BULK_MAX_ROWS} records in one call.`);
export const ZBulkResult = z.object({ created: z.number().int(), records: z.array(ZLabRecord) });
export type TBulkResult = z.infer<typeof ZBulkResult>;

/** `filter` and `options` as JSON strings (DESIGN §3 subset). */
export const ZFilterQuery = z.object({
  filter: z.string().max(100_000).optional(),
  options: z.string().max(10_000).optional(),
});

export const ZPutResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  records: z.array(ZLabRecord),
});
export type TPutResult = z.infer<typeof ZPutResult>;

export const ZDeleteResult = z.object({ deleted: z.number().int(), msg: z.string() });
export const ZExists = z.object({ exists: z.boolean() });

export const ZImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows not imported: entirely empty rows, rows replaced by a later row with the same key, unchanged rows. */
  skipped: z.number().int(),
  empty_rows: z.number().int(),
  unchanged: z.number().int(),
  duplicates: z.array(z.object({ key: z.string(), rows: z.array(z.number().int()) })),
  warnings: z.array(z.string()),
  columns: z.array(z.string()),
  stored_as: z.string().nullable(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** `dry_run=true`: read and check the CSV, answer what it would create and change, write nothing. */
export const ZCsvUploadQuery = z.object({ dry_run: z.enum(['true', 'false']).optional() });

/** One field a CSV row would change on a stored record; `old` is absent when the record lacks the field. */
export const ZFieldChange = z.object({ field: z.string(), old: z.unknown().optional(), new: z.unknown() });
export const ZPreviewRow = z.object({
  key: z.string(),
  /** Spreadsheet row (header = 1). */
  row: z.number().int(),
  status: z.enum(['new', 'changed', 'unchanged']),
  changes: z.array(ZFieldChange),
});
/** A dry run's answer: per row new / changed (old → new) / unchanged, and columns no stored record has yet. */
export const ZImportPreview = z.object({
  dry_run: z.literal(true),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  empty_rows: z.number().int(),
  duplicates: ZImportResult.shape.duplicates,
  warnings: z.array(z.string()),
  columns: z.array(z.string()),
  /** Columns that are neither the table's usual fields nor held by any stored record: written as new fields. */
  new_fields: z.array(z.string()),
  rows: z.array(ZPreviewRow),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;
export type TPreviewRow = z.infer<typeof ZPreviewRow>;

export const ZHistoryQuery = z.object({ key: z.string().min(1).max(500) });
export const ZHistoryEntry = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});

// ---- QC ----

/** A QC folder name: one path segment (spec 02 §3 "created from a directory name"). */
export const ZQcId = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    'A QC id is one folder name: letters, digits, dot, dash and underscore.',
  );

export const ZQcFiles = z.looseObject({
  /** Folder key in the data bucket, e.g. `data/D00012/`. */
  root: z.string(),
  /** Image name (file name without extension) → path relative to root. */
  images: z.record(z.string(), z.string()),
});
export const ZQcRecord = z.looseObject({ _id: z.string(), id: z.string(), files: ZQcFiles });
export type TQcRecord = z.infer<typeof ZQcRecord>;
export const ZQcInput = z.looseObject({ id: ZQcId, files: ZQcFiles });
export const ZQcQuery = z.object({
  /** One id, or several comma-separated. */
  id: z.string().max(10_000).optional(),
  filter: z.string().max(100_000).optional(),
  options: z.string().max(10_000).optional(),
});

/** Wafer trace (spec 02 §3): wafer id → chip id → DBiT records. */
export const ZWaferTrace = z.record(z.string(), z.record(z.string(), z.array(ZLabRecord)));
export type TWaferTrace = z.infer<typeof ZWaferTrace>;

// ---- storage (spec 02 §7.2) ----

export const ZBucketFile = z.object({
  bucket_name: z.string().min(1).max(63),
  filename: z.string().min(1).max(1024),
});
export const ZJsonCsvQuery = ZBucketFile.extend({ no_aws_yes_server: z.string().optional() });
export const ZImageQuery = ZBucketFile.extend({
  /** Degrees, clockwise; any multiple of 45 in -360..360. */
  rotation: z.coerce
    .number()
    .int()
    .min(-360)
    .max(360)
    .refine((r) => r % 45 === 0, 'rotation must be a multiple of 45')
    .default(0),
  use_cache: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});
export const ZCropQuery = ZBucketFile.extend({
  rotation: z.coerce
    .number()
    .int()
    .min(-360)
    .max(360)
    .refine((r) => r % 45 === 0, 'rotation must be a multiple of 45')
    .default(0),
  x1: z.coerce.number().int().min(0),
  y1: z.coerce.number().int().min(0),
  x2: z.coerce.number().int().min(1),
  y2: z.coerce.number().int().min(1),
});
export const ZListBody = z.object({
  bucket: z.string().min(1).max(63),
  path: z.string().max(1024).default(''),
  /** Keep names ending with one of these (extensions such as `png` or `.json`, case-insensitive). */
  filter: z.array(z.string().max(100)).max(50).default([]),
  only_files: z.boolean().default(false),
  delimiter: z.string().max(1).default(''),
});
export const ZSubFoldersBody = z.object({
  bucket_name: z.string().min(1).max(63),
  prefix: z.string().max(1024).default(''),
  delimiter: z.string().min(1).max(1).default('/'),
});
/** Atlas Analytics' run list (spec 03 §2.4): the bucket to look in. */
export const ZSpatialRunsQuery = z.object({ bucket: z.string().min(1).max(63) });
/**
 * A run with a spatial folder (`data/{run}/spatial/`), and whether that folder has its metadata.json: older
 * imports and hand-copied folders lack it, and the list says so rather than leaving the run out.
 */
export const ZSpatialRun = z.object({ run_id: z.string(), has_metadata: z.boolean() });
export type TSpatialRun = z.infer<typeof ZSpatialRun>;
export type TListBody = z.infer<typeof ZListBody>;
export type TSubFoldersBody = z.infer<typeof ZSubFoldersBody>;
/** Signed URLs last an hour by default and at most; admins may ask for up to 7 days. */
export const PRESIGN_DEFAULT_SECONDS = 3600;
export const PRESIGN_ADMIN_MAX_SECONDS = 7 * 24 * 3600;
export const ZPresignOne = z.object({
  bucket_name: z.string().min(1).max(63),
  key: z.string().min(1).max(1024),
  method: z.enum(['GET', 'PUT']).default('GET'),
  expires_in: z.number().int().min(1).max(PRESIGN_ADMIN_MAX_SECONDS).default(PRESIGN_DEFAULT_SECONDS),
});
export const ZPresignMany = z.object({
  bucket_name: z.string().min(1).max(63),
  keys: z.array(z.string().min(1).max(1024)).min(1).max(1000),
  method: z.enum(['GET', 'PUT']).default('GET'),
  expires_in: z.number().int().min(1).max(PRESIGN_ADMIN_MAX_SECONDS).default(PRESIGN_DEFAULT_SECONDS),
});
export const ZUploadResult = z.object({
  bucket_name: z.string(),
  key: z.string(),
  size: z.number().int(),
  meta: z.record(z.string(), z.unknown()),
});

/** Raw (multipart or binary) routes of the lab and storage screens. */
export const LAB_RAW_PATHS = {
  upload: (kind: LabKind) => `/api/v1/dataset/${kind}/upload`,
  storageUpload: '/api/v1/storage/upload',
  blob: '/api/v1/storage',
  png: '/api/v1/storage/png',
  json: '/api/v1/storage/json',
  csv: '/api/v1/storage/csv',
  imageAsJpg: '/api/v1/storage/image_as_jpg',
  grayscaleCrop: '/api/v1/storage/grayscale_image_jpg_cropping',
} as const;
