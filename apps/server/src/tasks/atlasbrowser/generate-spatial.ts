import { ATLASBROWSER_MSG, ZGenerateSpatialArgs, type TGenerateSpatialResult } from '@atlas/contracts';
import { z } from 'zod';
import { createImageGuard } from '../../infra/images.js';
import { defineTask, parseInput, TaskInputError } from '../registry.js';
import { spatialFolderOf, stagingFolderOf, writeSpatialFolder, type GenerateSpatialInput } from './spatial-writer.js';

/** Checks between fields that zod's shape cannot say; messages fit for the user. */
function checkConsistent(input: GenerateSpatialInput): GenerateSpatialInput {
  const n = input.metadata.numChannels;
  if (input.barcode_list.length !== n * n)
    throw new TaskInputError(ATLASBROWSER_MSG.barcodeChannelsMismatch(input.barcode_list.length, n));
  if (!input.updating_existing && !input.files.includes(input.bsa_filename))
    throw new TaskInputError(ATLASBROWSER_MSG.imageNotInFiles);
  for (const { position } of input.mask) {
    const [row, col] = position;
    if (row < 0 || col < 0 || row >= n || col >= n)
      throw new TaskInputError(ATLASBROWSER_MSG.maskOutsideGrid(row, col, n));
  }
  for (const dir of [input.root_dir_bsa, input.root_dir_spatial])
    if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(dir) || dir.split('/').some((p) => p === '.' || p === '..'))
      throw new TaskInputError(`root_dir: '${dir}' is not a folder path.`);
  return input;
}

/**
 * atlasbrowser.generate_spatial (spec 02 §7.4, DESIGN §7): the spatial folder of a run from its processed image,
 * args = [one object] as the original worker took it. Reads the run's raw images and writes its spatial folder,
 * both through the runs domain's object rules (`touches`).
 */
export const generateSpatial = defineTask({
  name: 'atlasbrowser.generate_spatial',
  queue: 'atxcloud_atlasbrowser',
  idempotent: true,
  description: 'Writes a run’s spatial folder (positions, scale factors, images, metadata) from AtlasXbrowser.',
  // Its one args object is built by the AtlasXbrowser screen, not typed into the Analytics task runner.
  target: 'atlasbrowser',
  argSpecs: [
    {
      name: 'args',
      value: {},
      type: 'object',
      caption: 'Arguments',
      description:
        'run_id, files, bsa_filename, crop_area, mask, metadata (points, numChannels, …), orientation, barcode_filename, barcode_list, bucket_name_bsa, bucket_name_spatial, root_dir_bsa, root_dir_spatial, updating_existing.',
    },
  ],
  parse: (args) => checkConsistent(parseInput(z.tuple([ZGenerateSpatialArgs]), args, 'args')[0]),
  touches: (input) => ({
    read: input.updating_existing ? [] : input.files.map((key) => ({ bucket: input.bucket_name_bsa, key })),
    write: [
      { bucket: input.bucket_name_spatial, key: spatialFolderOf(input) },
      { bucket: input.bucket_name_spatial, key: stagingFolderOf(input) },
    ],
  }),
  run: async (input, { deps, progress }): Promise<TGenerateSpatialResult> => {
    for (const bucket of [input.bucket_name_bsa, input.bucket_name_spatial])
      if (!deps.config.buckets.includes(bucket)) throw new Error(`Unknown bucket '${bucket}'`);
    await progress(1);
    // Every image is decoded through the guarded path, refused from its header past ATLAS_IMAGE_MAX_MEGAPIXELS.
    const images = createImageGuard({ maxPixels: deps.config.imageMaxPixels });
    return writeSpatialFolder(deps.storage, images, input, progress);
  },
});
