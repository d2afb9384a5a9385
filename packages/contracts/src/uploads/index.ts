import { z } from 'zod';
import { ZRunId } from '../catalogue/schemas.js';
import { TRACK_INDEX_ENDINGS, trackFormat } from '../genes/tracks.js';

/**
 * The Uploader (spec 03 §2.7): resumable uploads over the tus protocol (tus.io, v1.0.0) at UPLOAD_PATH. The client
 * names the run and the slot in `Upload-Metadata`; the server alone derives the destination key, so an upload can
 * never write anywhere but the slot's fixed destination under its run.
 */
export const UPLOAD_PATH = '/api/v1/uploads';

/**
 * What the server checks on arrival: a TIFF's header and directories, an AnnData file's layout, or a genome track
 * (bigWig, bigBed, BED, bedGraph, fragments, or a track's tabix/CSI index) by its name and first bytes.
 */
export type UploadKind = 'tiff' | 'h5ad' | 'track';

export interface UploadSlotSpec {
  label: string;
  /**
   * Destination under `data/{RUNID}/` (spec 03 §2.7: fixed names). A track slot's is a folder: its files keep
   * their own names there (in the tracks bucket), which the track browser lists.
   */
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
  track: { label: 'Track', path: 'tracks/', kind: 'track' },
} as const satisfies Record<string, UploadSlotSpec>;

export type UploadSlot = keyof typeof UPLOAD_SLOTS;
export const IMAGE_SLOTS = ['postB', 'postB_BSA', 'flowA', 'flowB', 'fix'] as const satisfies readonly UploadSlot[];
export const MATRIX_SLOTS = ['genes', 'motifs'] as const satisfies readonly UploadSlot[];
export const TRACK_SLOTS = ['track'] as const satisfies readonly UploadSlot[];

const UPLOAD_MSG_NOT_A_TRACK =
  'a track is a .bw/.bigwig, .bb/.bigbed, .bed, .bedgraph/.bg (optionally .gz) or fragments.tsv.gz file, or its ' +
  '.tbi/.csi index, named with letters, digits, ".", "-" and "_"';

/** A track slot's file name: letters, digits, '.', '-', '_' only, a track format's or an index's ending. */
const TRACK_FILE = /^[\w][\w.-]{0,199}$/;
export const isTrackFileName = (name: string): boolean =>
  TRACK_FILE.test(name) &&
  (trackFormat(name) !== null ||
    TRACK_INDEX_ENDINGS.some((ending) => name.endsWith(ending) && trackFormat(name.slice(0, -ending.length))));

/**
 * The storage key a slot's upload lands at: the data bucket's fixed name, or for a track slot the file's own
 * (checked) name in the run's tracks folder of the tracks bucket.
 */
export const uploadKey = (runId: string, slot: UploadSlot, filename = ''): string =>
  `data/${runId}/${UPLOAD_SLOTS[slot].path}${UPLOAD_SLOTS[slot].kind === 'track' ? filename : ''}`;

/** The tus `Upload-Metadata` pairs the client sends when it creates an upload. */
export const ZUploadMetadata = z
  .object({
    run_id: ZRunId,
    slot: z.enum(Object.keys(UPLOAD_SLOTS) as [UploadSlot, ...UploadSlot[]]),
    filename: z.string().min(1).max(255),
  })
  .refine((meta) => UPLOAD_SLOTS[meta.slot].kind !== 'track' || isTrackFileName(meta.filename), {
    path: ['filename'],
    message: UPLOAD_MSG_NOT_A_TRACK,
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
  notATrack: UPLOAD_MSG_NOT_A_TRACK,
} as const;
