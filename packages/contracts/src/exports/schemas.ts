import { z } from 'zod';
import { ZTixels } from '../annotations/schemas.js';
import { ZRunId } from '../catalogue/schemas.js';

/**
 * Most non-zero values an exported X may hold (issue 34). A value costs ~24 bytes in memory while the file is made
 * (the .csc bytes read, the decoded CSC, the CSR written), so 30 M is ~0.7 GB, the most one API process gives one
 * export; a 10k-spot × 30k-gene Visium run is well inside. A whole Visium HD run is beyond it: export a selection or
 * an annotation of it.
 */
export const EXPORT_MAX_VALUES = 30_000_000;

/** What an export holds: the run's AnnData (`h5ad`) or its observation names alone (`csv`, one barcode a line). */
export const ZExportFormat = z.enum(['h5ad', 'csv']);
export type TExportFormat = z.infer<typeof ZExportFormat>;

/**
 * `POST /api/v1/exports`: a whole run, a selection (observation indices, the explorer's tixel indices) or one shared
 * annotation of it, as an AnnData file or a barcodes CSV. At most one of `observations` and `annotation_id`.
 */
export const ZExportRequest = z
  .object({
    run_id: ZRunId,
    format: ZExportFormat.default('h5ad'),
    observations: ZTixels.optional(),
    annotation_id: z.string().uuid('Not an annotation id').optional(),
  })
  .refine((v) => !(v.observations && v.annotation_id), 'Give observations or annotation_id, not both');
export type TExportRequest = z.input<typeof ZExportRequest>;

/**
 * Sub-clustering of a selection (gene.subcluster, issue 34): fewer cells than this leave no neighbourhood graph
 * worth clustering (15 neighbours each, as scanpy's default); more than the maximum make the task's UMAP minutes
 * long on one worker, so a larger selection is refused before anything is read.
 */
export const SUBCLUSTER_MIN_CELLS = 30;
export const SUBCLUSTER_MAX_CELLS = 20_000;
