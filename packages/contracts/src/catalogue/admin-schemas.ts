import { z } from 'zod';
import { ZRunFile, ZRunId } from './schemas.js';

/** Texts of the admin run tools (spec 03 §2.10, §5); the spec's own words where it gives them. */
export const RUN_ADMIN_MSG = {
  webObjPath: 'Web Object Path is not correct, follow the hint below.',
  webObjNotCreated: 'Web Object Not Created',
  webObjNotCreatedHint: 'Go to the Create A Run tab: web objects are required to view data.',
  webObjUploaded: 'Web Object Uploaded.',
  webObjAvailable: 'Web Object Available',
  webObjAvailableHint: 'Generated but not uploaded: submit to upload.',
  /** Create A Run on a run id that has a web object: said before Submit, and the server refuses without replace. */
  webObjExists: (runId: string, path: string) =>
    `Run ${runId} already has a web object (${path}). Creating it again replaces its web files.`,
  webObjReplace: 'Replace its web object',
  requestReceived: 'Request Received',
  requestReceivedText: (runId: string) =>
    `Text file creation for run ${runId} is in progress. Check the Job Managment tab for its progress.`,
  runIdAlreadySelected: 'Run Id already selected',
  runIdInList: 'This run ID is already in the list',
  titleRequired: 'Run title is required',
  assayRequired: 'Assay is required',
  descriptionRequired: 'Description is required',
  studyNameRequired: 'Study name is required',
  filePathRequired: 'File path is required',
  fileDescriptionRequired: 'File description is required',
  fileTypeRequired: 'File type is required',
  bucketRequired: 'Bucket is required',
  valueRequired: 'Value is required',
  pmidFormat: 'PMID must be digits only',
  dateFormat: 'Date must be MM/DD/YYYY',
  unknownValue: (field: string, value: string) =>
    `Unknown ${field} '${value}': add it to the ${field} lookup list first.`,
  unknownGroup: (group: string) => `Unknown group '${group}'.`,
  unknownFileType: (type: string) => `Unknown file type '${type}'.`,
  unknownStudyType: (type: string) => `Unknown study type '${type}'.`,
  runNotInCatalogue: (runId: string) => `Run ${runId} has no catalogue entry yet: describe it in Add A Run first.`,
  studyExists: (name: string) => `A study named '${name}' already exists.`,
  studyNotFound: (name: string) => `Study '${name}' was not found.`,
  fileNotOfRun: (fileId: number, runId: string) => `File ${fileId} is not a file of run ${runId}.`,
  fileDuplicate: (path: string) => `The file ${path} is listed twice for this run.`,
  /** Add Files registers only what storage holds, so the download dialog never offers a link that answers 404. */
  fileMissing: (bucket: string, key: string) =>
    `No file '${key}' in bucket '${bucket}': upload it first, or correct the path.`,
  fileBucketUnknown: (bucket: string) => `Unknown bucket '${bucket}'.`,
  valueExists: (value: string) => `'${value}' is already in the list.`,
  valueMissing: (value: string) => `'${value}' is not in the list.`,
  valueInUse: (value: string, runs: number) =>
    `'${value}' is used by ${runs} run${runs === 1 ? '' : 's'}: change ${runs === 1 ? 'it' : 'them'} first.`,
  noChanges: 'Nothing to save: no changes.',
} as const;

/** The lookup lists an admin edits (spec 02 §7.3), by the name of their `*_list` in the field options. */
export const LOOKUP_LISTS = ['assay', 'species', 'organ', 'antibody', 'tissue_source', 'tissue_type'] as const;
export type TLookupList = (typeof LOOKUP_LISTS)[number];

export const CHANNEL_WIDTHS = [10, 20, 25, 50] as const;
export const CHANNEL_COUNTS = [50, 100] as const;
export const CUT_AND_TAG = 'CUT&Tag';
export const TRANSCRIPTOME = 'Transcriptome';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .transform((v) => (v ? v : null));

export const ZPmid = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}$/, RUN_ADMIN_MSG.pmidFormat);

export const ZPublicationEdit = z.object({
  pmid: ZPmid,
  title: text(500).default(''),
  journal: text(200).default(''),
  link: optionalText(1000).default(null),
  year: z.number().int().min(1900).max(2200).nullable().default(null),
  authors: z.array(text(200).min(1, 'Author names must not be empty')).max(200).default([]),
});

/** The run metadata editor (spec 03 §3 "Run metadata (admin editor)") as Add A Run submits it. */
export const ZRunEdit = z.object({
  run_id: ZRunId,
  result_title: text(300).min(1, RUN_ADMIN_MSG.titleRequired),
  result_description: text(5000).default(''),
  sample_id: text(100).default(''),
  /** The run's date, UTC epoch ms. */
  date: z.number().int().min(0).max(8.64e15),
  assay: text(100).min(1, RUN_ADMIN_MSG.assayRequired),
  /** Kept only for CUT&Tag runs. */
  epitope: optionalText(100).default(null),
  species: text(100).default(''),
  organ: text(100).default(''),
  tissue_type: text(100).default(''),
  tissue_source: text(100).default(''),
  experimental_condition: text(300).default(''),
  channel_width: z
    .number()
    .refine((v) => (CHANNEL_WIDTHS as readonly number[]).includes(v), 'Channel width must be 10, 20, 25 or 50 µm')
    .nullable()
    .default(null),
  number_channels: z
    .number()
    .refine((v) => (CHANNEL_COUNTS as readonly number[]).includes(v), 'Number of channels must be 50 or 100')
    .nullable()
    .default(null),
  ngs_id: optionalText(100).default(null),
  public: z.boolean(),
  group: optionalText(100).default(null),
  pmid: ZPmid.nullable()
    .or(z.literal(''))
    .transform((v) => (v ? v : null))
    .default(null),
  /** Shown once the web object exists; must end with '/'. */
  web_obj_path: optionalText(1024)
    .refine((v) => v === null || v.endsWith('/'), RUN_ADMIN_MSG.webObjPath)
    .default(null),
  /** The publication named by `pmid`, recorded or updated with the run; null leaves it as it is. */
  publication: ZPublicationEdit.nullable().default(null),
});

/** What Add A Run loads for a run. */
export const ZRunDetails = z.object({
  run_id: z.string(),
  results_id: z.number().int(),
  tissue_id: z.number().int(),
  result_title: z.string(),
  result_description: z.string(),
  sample_id: z.string(),
  date: z.number(),
  assay: z.string(),
  epitope: z.string().nullable(),
  species: z.string(),
  organ: z.string(),
  tissue_type: z.string(),
  tissue_source: z.string(),
  experimental_condition: z.string(),
  channel_width: z.number().nullable(),
  number_channels: z.number().nullable(),
  ngs_id: z.string().nullable(),
  public: z.boolean(),
  group: z.string().nullable(),
  pmid: z.string().nullable(),
  results_folder_path: z.string(),
  web_obj_path: z.string().nullable(),
  web_object_available: z.boolean(),
  publication: z
    .object({
      pmid: z.string(),
      title: z.string(),
      journal: z.string(),
      link: z.string().nullable(),
      year: z.number().nullable(),
      authors: z.array(z.string()),
    })
    .nullable(),
  files: z.array(ZRunFile),
  studies: z.array(z.string()),
});
export type TRunDetails = z.infer<typeof ZRunDetails>;

export const ZRunIdQuery = z.object({ run_id: ZRunId });

export const ZSaveRunResult = z.object({ run_id: z.string(), created: z.boolean() });

/** A downloadable file as Add Files edits it. */
export const ZFileEdit = z.object({
  file_type_name: text(100).min(1, RUN_ADMIN_MSG.fileTypeRequired),
  bucket_name: text(63).min(1, RUN_ADMIN_MSG.bucketRequired),
  file_path: text(1024).min(1, RUN_ADMIN_MSG.filePathRequired),
  file_description: text(1000).min(1, RUN_ADMIN_MSG.fileDescriptionRequired),
});
export type TFileEdit = z.infer<typeof ZFileEdit>;

/** Add Files' tracked changes (spec 03 §4): rows added, removed and changed. */
export const ZSaveFiles = z.object({
  run_id: ZRunId,
  added: z.array(ZFileEdit).max(200).default([]),
  removed: z.array(z.number().int().positive()).max(200).default([]),
  changed: z
    .array(ZFileEdit.extend({ file_id: z.number().int().positive() }))
    .max(200)
    .default([]),
});

export const ZStudy = z.object({
  study_id: z.number().int(),
  study_name: z.string(),
  study_description: z.string(),
  study_type_name: z.string().nullable(),
  runs: z.array(z.object({ run_id: z.string(), tissue_id: z.number().int() })),
});
export type TStudy = z.infer<typeof ZStudy>;

export const ZStudies = z.object({ studies: z.array(ZStudy), study_types: z.array(z.string()) });

/** Group Runs' submit (spec 03 §4 Study): a new or an existing study, with the runs to add and to remove. */
export const ZSaveStudy = z.object({
  study_name: text(200).min(1, RUN_ADMIN_MSG.studyNameRequired),
  create: z.boolean(),
  study_description: text(5000).min(1, RUN_ADMIN_MSG.descriptionRequired),
  study_type_name: optionalText(100).default(null),
  runs_to_add: z.array(ZRunId).max(500).default([]),
  runs_to_remove: z.array(ZRunId).max(500).default([]),
});

export const ZFileTypes = z.array(z.string());

export const ZLookupEdit = z.object({
  list: z.enum(LOOKUP_LISTS, { message: `list must be one of ${LOOKUP_LISTS.join(', ')}` }),
  value: text(100).min(1, RUN_ADMIN_MSG.valueRequired),
});

/** The parsed forms the server receives. */
export type TRunEditParsed = z.output<typeof ZRunEdit>;
export type TSaveFilesParsed = z.output<typeof ZSaveFiles>;
export type TSaveStudyParsed = z.output<typeof ZSaveStudy>;
