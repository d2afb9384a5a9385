import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../test-support.js';
import { parseScalefactors, readVisiumSpatial } from './visium.js';
import { SHARED_DATA } from '../testing.js';

const data = SHARED_DATA;
/** Shared test data is optional: a missing file skips its test, and says so. */
function available(file: string): boolean {
  const ok = fs.existsSync(file);
  if (!ok) console.warn(`skipping a test: ${file} is not here`);
  return ok;
}
const spatialDir = path.join(data, 'visium-squidpy-tests/spatial');

const encode = (text: string) => new TextEncoder().encode(text);
const scalefactors = {
  spot_diameter_fullres: 89.44476048022638,
  tissue_hires_scalef: 0.17011142,
  fiducial_diameter_fullres: 144.48769000651953,
  tissue_lowres_scalef: 0.051033426,
};

describe('readVisiumSpatial', () => {
  it.runIf(available(spatialDir))('reads the real squidpy spatial/ folder from its path', async () => {
    const spatial = await readVisiumSpatial(spatialDir);
    expect([spatial.positionsFile, spatial.order, spatial.hasHeader]).toEqual([
      'tissue_positions_list.csv',
      'visium',
      false,
    ]);
    const lines = fs.readFileSync(path.join(spatialDir, 'tissue_positions_list.csv'), 'utf8').trim().split(/\r?\n/);
    const { positions } = spatial;
    expect(positions.barcodes).toHaveLength(lines.length);
    const [barcode, inTissue, arrayRow, arrayCol, pxlRow, pxlCol] = lines[0]!.split(',');
    expect([positions.barcodes[0], positions.inTissue[0], positions.arrayRow[0], positions.arrayCol[0]]).toEqual([
      barcode,
      Number(inTissue),
      Number(arrayRow),
      Number(arrayCol),
    ]);
    expect([positions.pxlRow[0], positions.pxlCol[0]]).toEqual([Number(pxlRow), Number(pxlCol)]);
    expect(spatial.scalefactors).toEqual(
      JSON.parse(fs.readFileSync(path.join(spatialDir, 'scalefactors_json.json'), 'utf8')),
    );
    expect(spatial.images).toEqual(['tissue_hires_image.png', 'tissue_lowres_image.png']);
  });

  it.runIf(available(spatialDir))('reads the same folder given as a map of file name → bytes', async () => {
    const files = new Map(
      fs.readdirSync(spatialDir).map((name) => [name, new Uint8Array(fs.readFileSync(path.join(spatialDir, name)))]),
    );
    expect(await readVisiumSpatial(files)).toEqual(await readVisiumSpatial(spatialDir));
  });

  it('prefers tissue_positions.csv (Space Ranger ≥ 2, with a header) and lists images in subfolders', async () => {
    const spatial = await readVisiumSpatial({
      'tissue_positions.csv': encode(
        'barcode,in_tissue,array_row,array_col,pxl_row_in_fullres,pxl_col_in_fullres\nAAAC-1,1,0,1,100,200\nAAAG-1,0,1,0,110,190\n',
      ),
      'tissue_positions_list.csv': encode('ignored'),
      'scalefactors_json.json': encode(JSON.stringify({ ...scalefactors, regist_target_img_scalef: 0.2 })),
      'figure/cropped.jpg': new Uint8Array(1),
      'metadata.json': encode('{}'),
    });
    expect([spatial.positionsFile, spatial.hasHeader, spatial.order]).toEqual(['tissue_positions.csv', true, 'visium']);
    expect(Array.from(spatial.positions.arrayCol)).toEqual([1, 0]);
    expect(spatial.scalefactors?.regist_target_img_scalef).toBe(0.2);
    expect(spatial.images).toEqual(['figure/cropped.jpg']);
  });

  it('reads an AtlasXbrowser folder from before 2022-10 (col, row, y, x) in its own order', async () => {
    // Three tixels of a 2 × 2 chip: col runs along x, row down y.
    const legacy = 'A,1,0,0,10.5,10.5\nB,0,0,1,30.5,10.5\nC,1,1,0,10.5,30.5\nD,0,1,1,30.5,30.5\n';
    const folder = { 'tissue_positions_list.csv': encode(legacy), 'metadata.json': encode('{"numChannels":2}') };
    const spatial = await readVisiumSpatial(folder);
    expect(spatial.order).toBe('atlasx');
    expect([Array.from(spatial.positions.arrayRow), Array.from(spatial.positions.arrayCol)]).toEqual([
      [0, 1, 0, 1],
      [0, 0, 1, 1],
    ]);
    // Without AtlasXbrowser's metadata.json a headerless file is Space Ranger's, in the Visium order.
    expect((await readVisiumSpatial({ 'tissue_positions_list.csv': encode(legacy) })).order).toBe('visium');
  });

  it('names a missing positions file', async () => {
    await expect(readVisiumSpatial({ 'scalefactors_json.json': encode('{}') })).rejects.toThrow(
      'tissue_positions_list.csv: missing: the folder has no tissue_positions.csv or tissue_positions_list.csv',
    );
    await expect(readVisiumSpatial(path.join(spatialDir, 'nope'))).rejects.toThrow(/spatial folder not found/);
  });
});

describe('parseScalefactors', () => {
  it('checks the four keys of DESIGN §7', () => {
    expect(parseScalefactors(JSON.stringify(scalefactors), 's.json')).toEqual(scalefactors);
    const { tissue_lowres_scalef: _dropped, ...missing } = scalefactors;
    expect(formatProblem(() => parseScalefactors(JSON.stringify(missing), 's.json'))).toBe(
      's.json: missing key tissue_lowres_scalef',
    );
    expect(
      formatProblem(() =>
        parseScalefactors(JSON.stringify({ ...scalefactors, spot_diameter_fullres: '89' }), 's.json'),
      ),
    ).toBe('s.json: spot_diameter_fullres must be a positive number, found "89"');
    expect(formatProblem(() => parseScalefactors('{"spot_diameter_fullres": 1,', 's.json'))).toMatch(
      /^s\.json: not valid JSON/,
    );
  });
});
