import { ATLASBROWSER_MSG, type TAtlasBrowserConfig } from '@atlas/contracts';
import type { Roi } from '@atlas/spatial/atlasbrowser';
import { fetchStored, fetchStoredText } from './api';
import { roiOfPoints, snapToParallelogram } from './geometry';
import { canvasFromBlob } from './imageOps';
import { orientationOf, type Orientation } from './orientation';
import type { CropArea, Sources } from './useImageTransform';

export const spatialFolder = (config: TAtlasBrowserConfig, run: string) => `${config.root_dir_spatial}/${run}/spatial/`;

export interface ExistingFolder {
  sources: Sources;
  orientation: Orientation;
  cropArea: CropArea;
  roi: Roi;
  mask: Uint8Array;
}

/** The on/off column of a tissue_positions_list.csv as a row-major mask of n × n tixels. */
export function maskOfPositions(csv: string, n: number): Uint8Array {
  const mask = new Uint8Array(n * n);
  for (const line of csv.split(/\r?\n/)) {
    const cells = line.split(',');
    if (cells.length < 4 || !/^\d+$/.test(cells[2]!) || !/^\d+$/.test(cells[3]!)) continue;
    const row = Number(cells[2]);
    const col = Number(cells[3]);
    if (row < n && col < n) mask[row * n + col] = cells[1] === '1' ? 1 : 0;
  }
  return mask;
}

/**
 * Update mode (spec 02 §2.8): the folder's cropped BSA figure is the image, with its ROI points, tixels and
 * recorded orientation and crop; rotation, crop and threshold are not offered again.
 */
export async function loadExistingFolder(
  token: string | null,
  config: TAtlasBrowserConfig,
  runId: string,
  json: Record<string, unknown> | undefined,
): Promise<ExistingFolder> {
  if (!json || !Array.isArray(json.points)) throw new Error(ATLASBROWSER_MSG.imageLoadFailed);
  const folder = spatialFolder(config, runId);
  const bucket = config.bucket_name_spatial;
  const bsaKey = `${folder}figure/postB_BSA.png`;
  const bsa = await canvasFromBlob(await fetchStored(token, bucket, bsaKey));
  const postB = await fetchStored(token, bucket, `${folder}figure/postB.png`)
    .then(canvasFromBlob)
    .catch(() => null);
  const positions = await fetchStoredText(token, bucket, `${folder}tissue_positions_list.csv`);
  const points = roiOfPoints(json.points as number[]);
  return {
    sources: { bsaKey, bsa, postB },
    orientation: orientationOf(json.orientation),
    cropArea: (json.crop_area as CropArea | undefined) ?? [0, 0, bsa.width, bsa.height],
    roi: json.grid ? points : snapToParallelogram(points),
    mask: maskOfPositions(positions, Number(json.numChannels)),
  };
}
