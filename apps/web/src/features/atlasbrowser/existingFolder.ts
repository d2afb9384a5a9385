import { ATLASBROWSER, ATLASBROWSER_MSG, type TAtlasBrowserConfig } from '@atlas/contracts';
import { parsePositions, type Roi } from '@atlas/spatial/atlasbrowser';
import { checkSpatialFolder, fetchStored, fetchStoredText } from './api';
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

const POSITIONS = 'tissue_positions_list.csv';

/**
 * The folder's tixels as a row-major mask of n × n, read by the positions reader the server uses: AtlasXbrowser's
 * folders before 2022-10 put col before row, and read in the Visium order they would come back transposed.
 */
export function maskOfPositions(csv: string, n: number): Uint8Array {
  const { arrayRow, arrayCol, inTissue } = parsePositions(csv, POSITIONS, 'auto').positions;
  const mask = new Uint8Array(n * n);
  arrayRow.forEach((row, i) => {
    const col = arrayCol[i]!;
    if (row < n && col < n) mask[row * n + col] = inTissue[i]!;
  });
  return mask;
}

const FIGURE_IMAGE = new RegExp(`^figure/[^/]+\\.(${ATLASBROWSER.imageExtensions.join('|')})$`, 'i');
const POSTB_FIGURE = /^figure\/postB\.[a-z]+$/i;

/**
 * The figure Update works on (a key of `files`, the folder's listing): the one metadata.json names (`bsa_figure`),
 * else the original tools' `figure/postB_BSA.png`, else a figure of the folder that is not the PostB background
 * (folders written before `bsa_figure` hold the chosen image under its own name, e.g. `figure/BSA_HE.png`; one
 * named like a BSA image first). Null when the folder holds none.
 */
export function bsaFigureOf(files: readonly string[], folder: string, json: Record<string, unknown>): string | null {
  const figures = files
    .filter((key) => key.startsWith(folder))
    .map((key) => key.slice(folder.length))
    .filter((name) => FIGURE_IMAGE.test(name));
  const recorded = typeof json.bsa_figure === 'string' && figures.includes(json.bsa_figure) ? json.bsa_figure : null;
  const legacy = figures.find((name) => name === 'figure/postB_BSA.png');
  const others = figures.filter((name) => !POSTB_FIGURE.test(name)).sort();
  const chosen = recorded ?? legacy ?? others.find((name) => /bsa/i.test(name)) ?? others[0];
  return chosen ? `${folder}${chosen}` : null;
}

/** A folder Update cannot work on, said so (the message is for the user). */
export class FolderNotUpdatableError extends Error {}

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
  const { files } = await checkSpatialFolder(bucket, runId);
  const bsaKey = bsaFigureOf(files, folder, json);
  if (!bsaKey) throw new FolderNotUpdatableError(ATLASBROWSER_MSG.noFolderFigure(runId));
  const positionsText = await fetchStoredText(token, bucket, `${folder}${POSITIONS}`);
  let mask: Uint8Array;
  try {
    mask = maskOfPositions(positionsText, Number(json.numChannels));
  } catch (error) {
    throw new FolderNotUpdatableError((error as Error).message);
  }
  const bsa = await canvasFromBlob(await fetchStored(token, bucket, bsaKey));
  const postBKey = files.find((key) => key.startsWith(folder) && POSTB_FIGURE.test(key.slice(folder.length)));
  const postB = postBKey
    ? await fetchStored(token, bucket, postBKey)
        .then(canvasFromBlob)
        .catch(() => null)
    : null;
  const points = roiOfPoints(json.points as number[]);
  return {
    sources: { bsaKey, bsa, postB },
    orientation: orientationOf(json.orientation),
    cropArea: (json.crop_area as CropArea | undefined) ?? [0, 0, bsa.width, bsa.height],
    roi: json.grid ? points : snapToParallelogram(points),
    mask,
  };
}
