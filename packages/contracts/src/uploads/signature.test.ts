import { describe, expect, it } from 'vitest';
import { isTrackFileName } from './index.js';
import { signatureProblem } from './signature.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const HDF5 = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

describe('upload signatures', () => {
  it('an HDF5 file fits the AnnData slots, also after a 512-byte user block', () => {
    expect(signatureProblem('h5ad', bytes(...HDF5, 0, 0))).toBeNull();
    const userBlock = new Uint8Array(600);
    userBlock.set(HDF5, 512);
    expect(signatureProblem('h5ad', userBlock)).toBeNull();
  });

  it('TIFF and BigTIFF in either byte order fit the image slots', () => {
    for (const magic of [
      [0x49, 0x49, 0x2a, 0],
      [0x4d, 0x4d, 0, 0x2a],
      [0x49, 0x49, 0x2b, 0],
    ])
      expect(signatureProblem('tiff', bytes(...magic, 8, 0))).toBeNull();
  });

  it('names what a wrong file is when it can tell', () => {
    expect(signatureProblem('h5ad', new TextEncoder().encode('barcode,x,y\n'))).toBe(
      'its first bytes are not those of an HDF5 AnnData file (.h5ad) (no HDF5 signature)',
    );
    expect(signatureProblem('h5ad', bytes(0x50, 0x4b, 3, 4, 20))).toBe(
      'it is a zip archive (a .zarr.zip?), not an HDF5 AnnData file (.h5ad)',
    );
    expect(signatureProblem('tiff', bytes(0x89, 0x50, 0x4e, 0x47, 13))).toBe('it is a PNG image, not a TIFF image');
    expect(signatureProblem('tiff', bytes(...HDF5))).toMatch(/no TIFF signature/);
    expect(signatureProblem('h5ad', bytes())).toBe('the file is empty');
  });

  it('a track by its name: bigWig/bigBed magic, gzip for .gz and indexes, text for plain BED-like files', () => {
    expect(signatureProblem('track', bytes(0x26, 0xfc, 0x8f, 0x88, 4), 'C1.bw')).toBeNull();
    expect(signatureProblem('track', bytes(0xeb, 0xf2, 0x89, 0x87, 4), 'peaks.bb')).toBeNull();
    expect(signatureProblem('track', bytes(0x1f, 0x8b, 8, 4), 'atac_fragments.tsv.gz')).toBeNull();
    expect(signatureProblem('track', bytes(0x1f, 0x8b, 8, 4), 'atac_fragments.tsv.gz.tbi')).toBeNull();
    expect(signatureProblem('track', new TextEncoder().encode('chr1\t10\t20\t0.5\n'), 'C1.bedgraph')).toBeNull();
    expect(signatureProblem('track', bytes(0x1f, 0x8b, 8), 'C1.bw')).toBe('it is a gzip file, not a bigWig file');
    expect(signatureProblem('track', bytes(...HDF5), 'peaks.bed')).toBe(
      'its first bytes are not those of a bed text file (no text signature)',
    );
  });
});

describe('track upload names', () => {
  it('takes track formats and their indexes with plain names only', () => {
    for (const good of ['C1.bw', 'peaks.bigBed', 'x.bed.gz', 'C1.bedgraph', 'atac_fragments.tsv.gz', 'a.bed.gz.tbi'])
      expect(isTrackFileName(good), good).toBe(true);
    for (const bad of ['../x.bw', 'notes.txt', 'a b.bw', 'x.tbi', '.hidden.bw', 'C1.bw.csi.tbi'])
      expect(isTrackFileName(bad), bad).toBe(false);
  });
});
