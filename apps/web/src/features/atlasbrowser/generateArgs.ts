import type { TAtlasBrowserConfig, TGenerateSpatialArgs } from '@atlas/contracts';
import { AUTOFILL_THRESHOLD, type Roi } from '@atlas/spatial/atlasbrowser';
import { pointsOf } from './geometry';
import type { Orientation } from './orientation';

export const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

export interface GenerateInput {
  config: TAtlasBrowserConfig;
  runId: string;
  /** The run's raw images (empty in update mode: the folder's own figure is the source). */
  files: string[];
  bsaKey: string;
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
    files: input.updateMode ? [] : input.files,
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
