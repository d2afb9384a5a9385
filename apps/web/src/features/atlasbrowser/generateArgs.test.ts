import { describe, expect, it } from 'vitest';
import { ZGenerateSpatialArgs } from '@atlas/contracts';
import { generateArgs, type GenerateInput } from './generateArgs';

const input: GenerateInput = {
  config: {
    bucket_name_bsa: 'atx-data',
    bucket_name_spatial: 'atx-data',
    root_dir_bsa: 'data',
    root_dir_spatial: 'data',
    barcodes_bucket: 'atx-data',
    barcodes_path: 'barcodes',
    barcode_mapping: [],
    slims: false,
  },
  runId: 'D00001',
  files: ['data/D00001/images/postB_BSA.tif', 'data/D00001/images/postB.tif'],
  bsaKey: 'data/D00001/images/postB_BSA.tif',
  updateMode: false,
  orientation: { rotation: 90, horizontal_flip: true, vertical_flip: false },
  cropArea: [10, 20, 110, 120],
  roi: [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 100 },
    { x: 0, y: 100 },
  ],
  mask: Uint8Array.from([1, 0, 0, 1]),
  barcodes: { list: ['AAAA', 'CCCC', 'GGGG', 'TTTT'], channels: 2, key: 'barcodes/bc2.txt' },
  existing: { species: 'old', comments_flowB: 'kept' },
  metadata: { species: 'mus_musculus', assay: 'Transcriptome' },
  mapping: '1 (normal)',
  threshold: { neighborhood: 7, cValue: 5 },
};

describe('the generate_spatial args of the tool', () => {
  it('carries the orientation with its flips, the crop, the ROI points and the mask row by row', () => {
    const args = generateArgs(input);
    expect(ZGenerateSpatialArgs.parse(args)).toBeTruthy();
    expect(args.orientation).toEqual({ rotation: 90, horizontal_flip: true, vertical_flip: false });
    expect(args.crop_area).toEqual([10, 20, 110, 120]);
    expect(args.metadata).toMatchObject({
      points: [0, 0, 100, 0, 100, 100, 0, 100],
      numChannels: 2,
      blockSize: 7,
      cValue: 5,
      species: 'mus_musculus',
      comments_flowB: 'kept',
      barcode_mapping: '1 (normal)',
    });
    expect(args.mask.map((m) => [...m.position, m.value])).toEqual([
      [0, 0, 1],
      [0, 1, 0],
      [1, 0, 0],
      [1, 1, 1],
    ]);
    expect(args.barcode_filename).toBe('bc2.txt');
  });

  it('records which autofill threshold made the mask: the fixed 210, or the automatic value', () => {
    expect(generateArgs(input).metadata).toMatchObject({ threshold: 210, threshold_method: 'fixed' });
    const automatic = generateArgs({ ...input, autofill: { method: 'otsu', threshold: 157.25 } });
    expect(automatic.metadata).toMatchObject({ threshold: 157.25, threshold_method: 'otsu' });
  });

  it('sends no raw files in update mode', () => {
    expect(generateArgs({ ...input, updateMode: true }).files).toEqual([]);
  });

  it('sends only the chosen image and its PostB background, not the rest of the images folder', () => {
    const folder = 'data/D77002/images/';
    const files = ['BSA_HE.png', 'HE_section2.tif', 'notes.png', 'postB.tif'].map((name) => `${folder}${name}`);
    expect(generateArgs({ ...input, files, bsaKey: `${folder}BSA_HE.png` }).files).toEqual([
      `${folder}BSA_HE.png`,
      `${folder}postB.tif`,
    ]);
    const withoutPostB = files.filter((key) => !key.endsWith('postB.tif'));
    expect(generateArgs({ ...input, files: withoutPostB, bsaKey: `${folder}HE_section2.tif` }).files).toEqual([
      `${folder}HE_section2.tif`,
    ]);
    // The PostB background the user picked in the image dialog is the one cropped, or none when they chose none.
    const picked = { ...input, files, bsaKey: `${folder}BSA_HE.png` };
    expect(generateArgs({ ...picked, postBKey: `${folder}HE_section2.tif` }).files).toEqual([
      `${folder}BSA_HE.png`,
      `${folder}HE_section2.tif`,
    ]);
    expect(generateArgs({ ...picked, postBKey: null }).files).toEqual([`${folder}BSA_HE.png`]);
  });
});
