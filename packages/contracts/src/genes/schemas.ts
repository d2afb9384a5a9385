import { z } from 'zod';
import { ZAnalysisPath } from './analysis-path.js';
import { ZRunId } from '../catalogue/schemas.js';
import { ZTixelSelectionForm } from './tixel-selection.js';

/**
 * Feature kinds of a run (DESIGN §6); the public variant names them by index 1, 2, 3 (spec 03 §7). The one
 * declaration of the kind union: the web app, the server, packages/spatial, e2e and bench all import it from here.
 */
export const FEATURE_KINDS = ['genes', 'motifs', 'eRegulons'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];
export const ZFeatureKind = z.enum(FEATURE_KINDS);
/** FeatureKind under the contracts' `T` name for schema types. */
export type TFeatureKind = FeatureKind;

/** Summation file prefixes of `get_summation` (spec 03 §7) and the kind each names. */
export const SUMMATION_PREFIXES = {
  geneSummation: 'genes',
  motifSummation: 'motifs',
  eRegulonSummation: 'eRegulons',
} as const;
export const ZSummationPrefix = z.enum(['geneSummation', 'motifSummation', 'eRegulonSummation']);

/**
 * Which run a read is about: `run_id` for a signed-in member (visibility checked per run), or `encoded`, the
 * signed public link (its run is the one read; any paths come from the link, never from the client).
 */
export const ZRunRef = z.object({
  run_id: ZRunId.optional(),
  encoded: z.string().min(1).optional(),
});

/**
 * How many observation names one block of the barcodes call holds. The tooltip asks for the block of the tixel under
 * the pointer: a 5M-cell run's whole list is ~13 MB of JSON, and parsing it held the page ~0.7 s at the first hover.
 */
export const BARCODE_BLOCK = 4096;

/** The barcodes call: the whole list, or with `block` the names of tixels block × BARCODE_BLOCK onwards. */
export const ZBarcodesQuery = ZRunRef.extend({
  block: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
});

const ZKindParam = z.union([ZFeatureKind, z.enum(['1', '2', '3']).transform((i) => FEATURE_KINDS[Number(i) - 1]!)]);

export const ZFeatureNamesQuery = ZRunRef.extend({ kind: ZKindParam.default('genes') });

export const ZDataRows = z.object({
  run_id: z.string(),
  /**
   * Columns of data.csv.gz, one value per tixel (spatial and umap interleaved x, y). `spatial` is empty for a
   * UMAP-only run (imported from a non-spatial AnnData or a lone 10x matrix).
   */
  clusters: z.array(z.string()),
  spatial: z.array(z.number()),
  umap: z.array(z.number()),
  qc: z.tuple([z.array(z.number()), z.array(z.number())]),
  cell_types: z.array(z.string()).optional(),
  sample: z.array(z.string()).optional(),
  condition: z.array(z.string()).optional(),
  /** How the web files were made (analysis.json); absent for runs made before it was written. */
  analysis: ZAnalysisPath.optional(),
});

export const ZSummationRequest = ZRunRef.extend({
  /** geneSummation | motifSummation | eRegulonSummation, or a full `…/summations/geneSummation` path of the run. */
  filename: z.string().min(1),
  rows: z.array(z.number().int().nonnegative()).min(1).max(1000),
});

export const ZTopTenQuery = ZRunRef.extend({ kind: ZKindParam.default('genes') });
/** `topTen_{kind}.json` as stored: "1" = the 10 most enriched names per cluster (rows × clusters), "-1" = the most depleted. */
export const ZTopTen = z.looseObject({ '1': z.array(z.array(z.string())), '-1': z.array(z.array(z.string())) });
export type TTopTen = z.infer<typeof ZTopTen>;

export const ZExpressionQuery = ZRunRef.extend({ kind: ZKindParam.default('genes'), name: z.string().min(1) });
export const ZExpression = z.object({ name: z.string(), index: z.number().int(), values: z.array(z.number()) });

/** The files of a spatial folder (DESIGN §7) the explorer can draw under its spatial plot, in order of preference. */
export const TISSUE_IMAGE_FILES = ['tissue_hires_image.png', 'tissue_lowres_image.png'] as const;

/**
 * Where to draw a run's tissue image: the image route for the same run reference, the served image's size in
 * pixels, and `bounds`, the image's top-left and bottom-right corners [x0, y0, x1, y1] in the coordinates of the
 * spatial x, y columns of data.csv.gz (full-resolution pixels of the spatial folder: Visium's obsm 'spatial').
 * A run without a spatial folder (or without an image or scale factors in it) answers `available: false` and why.
 */
export const ZTissueImage = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), reason: z.string() }),
  z.object({
    available: z.literal(true),
    url: z.string(),
    file: z.enum(TISSUE_IMAGE_FILES),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    /** The spot diameter in the same coordinates (scalefactors' spot_diameter_fullres), to draw spots at true size. */
    spot_diameter: z.number().positive(),
  }),
]);
export type TTissueImage = z.infer<typeof ZTissueImage>;

/** `POST /api/v1/run_db/import`: an already-uploaded storage key (.h5ad) or prefix (Visium folder) in a bucket. */
export const ZImportRequest = z.object({
  run_id: ZRunId,
  source: z.string().min(1),
  bucket: z.string().min(1).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  group: z.string().optional(),
  public: z.boolean().optional(),
});

/**
 * The tests a selection (lasso, quad, set A vs B) can be ranked with in gene.compute_qc: the Welch t-test (the
 * original's, the default) and the Wilcoxon rank-sum, uncorrected for ties as scanpy's default or tie-corrected.
 */
export const DE_METHODS = ['t-test', 'wilcoxon'] as const;
export type DeMethod = (typeof DE_METHODS)[number];
export const ZDeMethod = z.enum(DE_METHODS);
/** How the explorer names a test, in its selector, the selection dialog and the saved CSV. */
export function deMethodLabel(method: DeMethod, tieCorrect: boolean): string {
  if (method === 't-test') return 'Welch t-test';
  return tieCorrect ? 'Wilcoxon rank-sum, tie-corrected' : 'Wilcoxon rank-sum';
}

/**
 * Rows of a selection's ranking that gene.compute_qc returns by default: the dialog and Compare show the top 10.
 * Every feature's row (tens of thousands, megabytes through the task store) comes only with `full_table`, when the
 * ranking is saved as CSV.
 */
export const SELECTION_TABLE_ROWS = 50;

export const ZPublicTaskRequest = z.object({
  encoded: z.string().min(1),
  task: z.enum(['gene.compute_qc', 'gene.compute_cell_type', 'gene.seq_logo']),
  /** Feature kind by index as the public viewer sends it (1 genes, 2 motifs, 3 eRegulons). */
  kind: z
    .union([
      ZFeatureKind,
      z.coerce
        .number()
        .int()
        .min(1)
        .max(3)
        .transform((i) => FEATURE_KINDS[i - 1]!),
    ])
    .default('genes'),
  /** compute_qc: the selected tixels (indices, their bitset or their ranges); compute_cell_type: the name map;
   * seq_logo: the motif. */
  selection: ZTixelSelectionForm.optional(),
  name_map: z.record(z.string(), z.array(z.string())).optional(),
  motif: z.string().optional(),
  key: z.string().optional(),
  /** compute_qc: the test (default t-test) and, for Wilcoxon, tie correction (default false, as scanpy). */
  method: ZDeMethod.optional(),
  tie_correct: z.boolean().optional(),
  /** compute_qc: every feature's row instead of the top SELECTION_TABLE_ROWS (Save as CSV). */
  full_table: z.boolean().optional(),
});
