import { z } from 'zod';
import { ZRunId } from '../catalogue/schemas.js';

/**
 * The Uploader (spec 03 §2.7): resumable uploads over the tus protocol (tus.io, v1.0.0) at UPLOAD_PATH. The client
 * names the run and the slot in `Upload-Metadata`; the server alone derives the destination key, so an upload can
 * never write anywhere but the slot's fixed destination under its run.
 */
export const UPLOAD_PATH = '/api/v1/uploads';

/** What the server checks on arrival: a TIFF's header and directories, or an AnnData file's layout. */
export type UploadKind = 'tiff' | 'h5ad';

export interface UploadSlotSpec {
  label: string;
  /** Destination under `data/{RUNID}/` (spec 03 §2.7: fixed names). */
  path: string;
  kind: UploadKind;
}

export const UPLOAD_SLOTS = {
  postB: { label: 'PostB', path: 'images/postB.tif', kind: 'tiff' },
  postB_BSA: { label: 'PostB BSA', path: 'images/postB_BSA.tif', kind: 'tiff' },
  flowA: { label: 'Flow A', path: 'images/flowA.tif', kind: 'tiff' },
  flowB: { label: 'Flow B', path: 'images/flowB.tif', kind: 'tiff' },
  fix: { label: 'Fix', path: 'images/fix.tif', kind: 'tiff' },
  genes: { label: 'Gene Matrix', path: 'h5/obj/genes.h5ad', kind: 'h5ad' },
  motifs: { label: 'Motif Matrix', path: 'h5/obj/motifs.h5ad', kind: 'h5ad' },
} as const satisfies Record<string, UploadSlotSpec>;

export type UploadSlot = keyof typeof UPLOAD_SLOTS;
export const IMAGE_SLOTS = ['postB', 'postB_BSA', 'flowA', 'flowB', 'fix'] as const satisfies readonly UploadSlot[];
export const MATRIX_SLOTS = ['genes', 'motifs'] as const satisfies readonly UploadSlot[];

/** The storage key a slot's upload lands at, in the data bucket. */
export const uploadKey = (runId: string, slot: UploadSlot): string => `data/${runId}/${UPLOAD_SLOTS[slot].path}`;

/** The tus `Upload-Metadata` pairs the client sends when it creates an upload. */
export const ZUploadMetadata = z.object({
  run_id: ZRunId,
  slot: z.enum(Object.keys(UPLOAD_SLOTS) as [UploadSlot, ...UploadSlot[]]),
  filename: z.string().min(1).max(255),
});
export type UploadMetadata = z.infer<typeof ZUploadMetadata>;

/** The body of the answer that completes an upload: where it landed and what the arrival check found. */
export const ZTusUploadResult = z.object({
  key: z.string(),
  size: z.number().int().nonnegative(),
  description: z.string(),
});
export type TusUploadResult = z.infer<typeof ZTusUploadResult>;

export const UPLOAD_MSG = {
  uploaded: '(Uploaded)',
  enterRunId: 'Enter a Run ID (DXXX) to choose files.',
  badMetadata: (problem: string) => `This upload does not name its run and slot: ${problem}`,
  refused: (file: string, problem: string) => `${file} was refused: ${problem}`,
  notFound: 'No such upload: it finished, was cancelled or expired. Choose the file again.',
  tooLarge: (gib: number) => `Files larger than ${gib} GiB cannot be uploaded.`,
} as const;
