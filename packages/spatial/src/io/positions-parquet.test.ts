import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPositionsParquet } from './positions-parquet.js';
import { readVisiumSpatial } from './visium.js';
import { hasSharedData, sharedData } from '../testing.js';

const HD2 = 'visium-hd/visiumio-mouse-brain-square_002um';
const HD8 = 'visium-hd/seurat-fake-hd/binned_outputs/square_008um';

describe.skipIf(!hasSharedData(HD2) || !hasSharedData(HD8))('tissue_positions.parquet (Visium HD)', () => {
  it('reads the real 2 µm mouse brain bins (Space Ranger 3 schema, written by arrow from R)', async () => {
    const file = sharedData(HD2, 'spatial/tissue_positions.parquet');
    const p = await readPositionsParquet(new Uint8Array(fs.readFileSync(file)), file);
    expect(p.barcodes).toHaveLength(10);
    const i = p.barcodes.indexOf('s_002um_00305_01021-1');
    expect([p.inTissue[i], p.arrayRow[i], p.arrayCol[i], p.pxlRow[i], p.pxlCol[i]]).toEqual([
      1, 305, 1021, 2385.629487758882, 13608.742910510004,
    ]);
  });

  it('readVisiumSpatial falls back to the parquet when a folder has no CSV (8 µm bins: 4,992 rows)', async () => {
    const spatial = await readVisiumSpatial(sharedData(HD8, 'spatial'));
    expect(spatial.positionsFile).toBe('tissue_positions.parquet');
    expect(spatial.positions.barcodes).toHaveLength(4992);
    expect(spatial.positions.inTissue.reduce((a, b) => a + b, 0)).toBe(2516);
    // Negative full-resolution pixels exist in this synthetic layout and are kept.
    expect(Math.min(...spatial.positions.pxlRow, ...spatial.positions.pxlCol)).toBeCloseTo(-837.6, 1);
    expect(spatial.scalefactors?.tissue_hires_scalef).toBeCloseTo(0.25404352, 8);
  });

  it('refuses bytes that are not parquet, naming the file and the expected columns', async () => {
    await expect(readPositionsParquet(new TextEncoder().encode('barcode,in_tissue\n'), 'p.parquet')).rejects.toThrow(
      /^p\.parquet: not a readable parquet file with columns barcode, in_tissue, array_row/,
    );
  });
});
