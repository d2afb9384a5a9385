import type { TAtlasBrowserConfig, TGenerateSpatialArgs } from '@atlas/contracts';
import { AUTOFILL_THRESHOLD, type Roi } from '@atlas/spatial/atlasbrowser';
import { pointsOf } from './geometry';
import type { Orientation } from './orientation';

export const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);
/** The PostB background the tool offers: a file named exactly `postB.<ext>` (or `…_postB.<ext>`). */
export const isPostB = (key: string) => /(^|[/_])postB\.[a-z]+$/i.test(key);

/**
 * The images the task crops into `figure/`: the chosen BSA image and the PostB background — the one the user chose
 * in the image dialog (null: none), else the image named postB. The rest of the images folder (other stains, a
 * text file named notes.png) is not the task's to decode.
 */
export const chosenImages = (images: readonly string[], bsaKey: string, postBKey?: string | null): string[] => {
  const postB = postBKey === undefined ? images.find((key) => key !== bsaKey && isPostB(key)) : postBKey;
  return postB && postB !== bsaKey ? [bsaKey, postB] : [bsaKey];
};

export interface GenerateInput {
  config: TAtlasBrowserConfig;
  runId: string;
  /** The run's raw images (none go in update mode: the folder's own figure is the source). */
  files: string[];
  bsaKey: string;
  /** The PostB background the user chose (null: none); by name when not given. */
  postBKey?: string | null;
  updateMode: boolean;
  orientation: Orientation;
  cropArea: [number, number, number, number];
  roi: Roi;
  mask: Uint8Array;
  barcodes: { list: string[]; channels: number; key: string };
  /** The folder's earlier metadata, then the dialog's fields over it. */
  existing: Record<string, unknown> | undefined;
  metadata: object;
  mapping: string;
  threshold: { neighborhood: number; cValue: number };
  /** The threshold the mask was autofilled with: the fixed 210 when not given. */
  autofill?: { method: 'fixed' | 'otsu'; threshold: number };
}

/** The one args object of `atlasbrowser.generate_spatial` (spec 02 §7.4) for what the tool shows. */
export function generateArgs(input: GenerateInput): TGenerateSpatialArgs {
  const n = input.barcodes.channels;
  const mask: TGenerateSpatialArgs['mask'] = [];
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) mask.push({ position: [row, col], value: input.mask[row * n + col] ? 1 : 0 });
  return {
    run_id: input.runId,
    files: input.updateMode ? [] : chosenImages(input.files, input.bsaKey, input.postBKey),
    bsa_filename: input.bsaKey,
    crop_area: input.cropArea,
    mask,
    metadata: {
      ...(input.existing ?? {}),
      ...input.metadata,
      points: pointsOf(input.roi),
      numChannels: n,
      blockSize: input.threshold.neighborhood,
      cValue: input.threshold.cValue,
      threshold: input.autofill?.threshold ?? AUTOFILL_THRESHOLD,
      threshold_method: input.autofill?.method ?? 'fixed',
      grid: 'bilinear',
      barcode_mapping: input.mapping,
    },
    orientation: input.orientation,
    barcode_filename: baseName(input.barcodes.key),
    barcode_list: input.barcodes.list,
    bucket_name_bsa: input.config.bucket_name_bsa,
    bucket_name_spatial: input.config.bucket_name_spatial,
    root_dir_bsa: input.config.root_dir_bsa,
    root_dir_spatial: input.config.root_dir_spatial,
    updating_existing: input.updateMode,
  };
}
