import { z } from 'zod';

/** The barcode orientation mapping of spec 02 §9: label → the lab's barcode file. */
export const BARCODE_MAPPING = [
  { label: '1 (normal)', file: 'bc50v1-24.txt' },
  { label: '2 (reverseB)', file: 'bc50v2-24.txt' },
  { label: '3 (reverseA)', file: 'bc50v3-24.txt' },
  { label: '4 (reverseAB)', file: 'bc50v4-24.txt' },
  { label: '5 (96)', file: 'bc96v2-24.txt' },
] as const;
/** The mapping key chosen when metadata comes from SLIMS (spec 02 §4.3). */
export const SLIMS_BARCODE_DEFAULT = '5 (96)';

/** SLIMS workflow → assay (spec 02 §4.3). */
export const SLIMS_WORKFLOW_ASSAY: Readonly<Record<string, string>> = {
  cut_n_tag: 'CUT&Tag',
  'wt_dbit-seq': 'Transcriptome',
  'ATAC-seq': 'ATAC-seq',
  'atac-seq': 'ATAC-seq',
};

/** Constants of spec 02 §9 for the tool panel. */
export const ATLASBROWSER = {
  scale: { min: 0.1, max: 0.8, step: 0.005, default: 0.15 },
  threshold: { min: 0, max: 25, step: 1, default: 7 },
  autofillThreshold: 210,
  brush: { min: 5, max: 100, step: 3, default: 20 },
  roiInset: 0.15,
  rotationSteps: [90, 45] as const,
  pollMs: 1000,
  imageExtensions: ['tif', 'tiff', 'png', 'jpg', 'jpeg'] as const,
  fileNameShortenAt: 15,
} as const;

const ZKey = z.string().min(1).max(1024);
const ZRunIdArg = z.string().regex(/^D[0-9]{5,}$/, "Run id must be 'D' followed by at least 5 digits");

/** Run metadata of spec 02 §3 as it goes into metadata.json (free-form fields are kept). */
export const ZSpatialMetadata = z
  .object({
    points: z.array(z.number()).length(8, 'metadata.points must be [x1, y1, …, x4, y4] (TL, TR, BR, BL)'),
    numChannels: z.number().int().min(1).max(1000),
    run: z.string().optional(),
    blockSize: z.number().optional(),
    cValue: z.number().optional(),
    threshold: z.number().optional(),
    grid: z.enum(['bilinear', 'parallelogram']).optional(),
    /** The chosen image's figure, relative to `spatial/` (e.g. `figure/BSA_HE.png`): what Update works on. */
    bsa_figure: z.string().optional(),
  })
  .catchall(z.unknown());
export type TSpatialMetadata = z.infer<typeof ZSpatialMetadata>;

/** The image is turned `rotation` degrees counter-clockwise first, then mirrored (left↔right, top↔bottom). */
export const ZOrientation = z.object({
  rotation: z.number().refine((v) => v % 45 === 0, 'orientation.rotation must be a multiple of 45 degrees'),
  horizontal_flip: z.boolean().default(false),
  vertical_flip: z.boolean().default(false),
});

/** The one args object of `atlasbrowser.generate_spatial` (spec 02 §7.4). */
export const ZGenerateSpatialArgs = z.object({
  run_id: ZRunIdArg,
  /** The images to crop into `figure/`: the chosen BSA image and its PostB background, not the whole folder. */
  files: z.array(ZKey).max(16).default([]),
  bsa_filename: ZKey,
  crop_area: z.array(z.number().finite()).length(4, 'crop_area must be [x1, y1, x2, y2]'),
  mask: z
    .array(
      z.object({
        position: z.tuple([z.number().int(), z.number().int()]),
        value: z.union([z.literal(0), z.literal(1)]),
      }),
    )
    .max(1_000_000),
  metadata: ZSpatialMetadata,
  scalefactors: z.record(z.string(), z.number()).optional(),
  orientation: ZOrientation,
  barcode_filename: z.string().max(256),
  barcode_list: z.array(z.string().min(1).max(64)).min(1).max(1_000_000),
  bucket_name_bsa: z.string().min(1),
  bucket_name_spatial: z.string().min(1),
  root_dir_bsa: z.string().default('data'),
  root_dir_spatial: z.string().default('data'),
  updating_existing: z.boolean().default(false),
});
export type TGenerateSpatialArgs = z.input<typeof ZGenerateSpatialArgs>;

export const ZGenerateSpatialResult = z.object({
  folder: z.string(),
  files: z.array(z.string()),
  on_tissue: z.number(),
  spot_diameter_fullres: z.number(),
});
export type TGenerateSpatialResult = z.infer<typeof ZGenerateSpatialResult>;

/** Configuration the tool reads (spec 02 §7.4 last paragraph). */
export const ZAtlasBrowserConfig = z.object({
  bucket_name_bsa: z.string(),
  bucket_name_spatial: z.string(),
  root_dir_bsa: z.string(),
  root_dir_spatial: z.string(),
  barcodes_bucket: z.string(),
  barcodes_path: z.string(),
  barcode_mapping: z.array(z.object({ label: z.string(), file: z.string() })),
  slims: z.boolean(),
});
export type TAtlasBrowserConfig = z.infer<typeof ZAtlasBrowserConfig>;

export const ZSpatialFolderExists = z.object({ exists: z.boolean(), files: z.array(z.string()) });

/** One tissue slide from SLIMS, its columns flattened to name → value (foreign keys as their display value). */
export const ZSlimsRecord = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TSlimsRecord = z.infer<typeof ZSlimsRecord>;
