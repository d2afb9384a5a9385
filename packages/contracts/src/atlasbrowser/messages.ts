/**
 * User-visible texts of AtlasXbrowser (spec 02 §2.8, §4.3, §5, §8). Spec strings are exact, misspelling included
 * ('genereating'); the wording the spec leaves open is ours.
 */
export const ATLASBROWSER_MSG = {
  // spec 02 §2.8 dialogs
  multipleImages: 'Multiple Images Found. Please select the BSA image to be used for processing.',
  /** Ours: the metadata dialog's Barcode File field while the folder is listed, and when it holds none. */
  barcodeFilesLoading: 'Listing the barcode files…',
  noBarcodeFiles: 'No barcode files in the configured folder.',
  spatialFolderFound: (run: string) =>
    `${run} Spatial Folder Found. Would you like to update the existing spatial folder or reprocess the image?`,
  selectCountsFile: 'Select tissue positions file with counts if available.',
  creatingSpatialFolder: 'Creating and Saving Spatial Folder',
  // spec 02 §5, §8
  invalidBarcodeFile: 'Invalid barcode file.',
  slimsPullFailed: 'Failed to pull metadata from SLIMS.',
  imageLoadFailed: 'Failed to load the image file',
  incompatibleFile: 'Error! Incompatible File!',
  keepCroppingOnImage: 'Keeping Cropping on Image',
  selectBarcodeFirst: 'Must Select Barcode File Before Generating Spatial Folder',
  processingNotDone: 'Must complete image processing before genereating spatial folder',
  workerFailed: 'Worker failed',
  generateFailed: 'Error generating spatial folder',
  noImagesInFolder: 'No images found in folder',
  // spec 02 §8 success and info
  metadataLoaded: 'Metadata loaded from existing spatial directory',
  pullingFromSlims: 'Metadata not found locally. Pulling from Slims.',
  countsLoaded: 'Successfully Loaded Tissue Position Counts',
  spatialFolderUploaded: 'Spatial Folder Successfully Uploaded',
  // ours
  slimsNotConfigured: 'The lab information system (SLIMS) is not configured on this server.',
  slimsOffMetadata:
    'SLIMS (the lab information system) is not configured on this server: nothing is pulled from it, so fill in the metadata here.',
  noPostBImage:
    "No PostB image for this run: put one named postB.<ext> (e.g. postB.tif) in the run's images folder, or choose it beside the BSA image when the run has several images.",
  autoThresholdNoContrast: 'The ROI has a single intensity: there is nothing for the automatic threshold to split.',
  slimsRunNotFound: (run: string) => `SLIMS has no tissue slide for run ${run}.`,
  slimsUnreachable: (status: string) => `SLIMS did not answer as expected (${status}).`,
  spatialFolderExists: (run: string) => `Run ${run} has a spatial folder.`,
  noSpatialFolderYet: (run: string) => `Run ${run} has no spatial folder yet.`,
  noRunFolders: 'No run folders with images were found.',
  imageNotInFiles: 'bsa_filename must be one of files.',
  maskOutsideGrid: (row: number, col: number, n: number) =>
    `mask position [${row}, ${col}] is outside the ${n}×${n} grid.`,
  barcodeListNotSquare: 'barcode_list: the number of barcodes is not a square.',
  barcodeChannelsMismatch: (barcodes: number, channels: number) =>
    `barcode_list has ${barcodes} barcodes, but metadata.numChannels is ${channels} (needs ${channels * channels}).`,
  cropOutsideImage: (w: number, h: number) => `crop_area must lie within the rotated image (${w} × ${h} pixels).`,
  updateNeedsFolder: (run: string) => `Run ${run} has no spatial folder to update.`,
  imageMissing: (key: string) => `The image ${key} was not found.`,
  imageUnreadable: (key: string, reason: string) => `The image ${key} could not be read (${reason}).`,
  imageTooLarge: (key: string, width: number, height: number, megapixels: number) =>
    `The image ${key} is ${width} × ${height} pixels, more than the ${megapixels} megapixels this server decodes (ATLAS_IMAGE_MAX_MEGAPIXELS).`,
  noFolderFigure: (run: string) =>
    `Run ${run}'s spatial folder has no image under figure/ to update on: choose Reprocess to make it again.`,
} as const;
