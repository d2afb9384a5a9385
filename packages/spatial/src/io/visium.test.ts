import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpatialFormatError } from './errors.js';
import { parsePositions, parseScalefactors, readVisiumSpatial } from './visium.js';
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

function problem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SpatialFormatError);
    return (error as Error).message;
  }
  throw new Error('expected a SpatialFormatError');
}

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

describe('parsePositions', () => {
  const visium = 'AAAC-1,1,3,7,1000,2000\nAAAG-1,0,4,8,1010,2020\n';
  // The same spots in the older AtlasXbrowser order: barcode, in_tissue, col, row, y, x, with float pixels.
  const atlasx = 'AAAC-1,1,7,3,1000.25,2000.5\r\nAAAG-1,0,8,4,1010,2020\r\n';

  it('reads the headerless AtlasXbrowser order only when asked, since the numbers cannot tell', () => {
    const { positions, order } = parsePositions(atlasx, 'p.csv', 'atlasx');
    expect(order).toBe('atlasx');
    expect([Array.from(positions.arrayRow), Array.from(positions.arrayCol)]).toEqual([
      [3, 4],
      [7, 8],
    ]);
    expect([positions.pxlRow[0], positions.pxlCol[0]]).toEqual([1000.25, 2000.5]);
    const asVisium = parsePositions(visium, 'p.csv').positions;
    expect(Array.from(asVisium.arrayRow)).toEqual([3, 4]);
    expect(Array.from(asVisium.inTissue)).toEqual([1, 0]);
  });

  it('recognises the AtlasXbrowser header and refuses a contradicting order', () => {
    const withHeader = `barcode,in_tissue,col,row,y,x\n${atlasx}`;
    const parsed = parsePositions(withHeader, 'p.csv');
    expect([parsed.order, parsed.hasHeader, Array.from(parsed.positions.arrayRow)]).toEqual(['atlasx', true, [3, 4]]);
    expect(problem(() => parsePositions(withHeader, 'p.csv', 'visium'))).toBe(
      'p.csv: line 1: the header gives the atlasx column order, but visium was requested',
    );
    expect(problem(() => parsePositions('barcode,in_tissue,a,b,c,d\n', 'p.csv'))).toBe(
      "p.csv: line 1: unrecognised header 'barcode,in_tissue,a,b,c,d'",
    );
  });

  it('names file, line and problem for bad rows', () => {
    expect(problem(() => parsePositions('AAAC-1,1,3,7,1000\n', 'spatial/tissue_positions_list.csv'))).toBe(
      'spatial/tissue_positions_list.csv: line 1: expected 6 columns, found 5',
    );
    expect(problem(() => parsePositions(`${visium}AAAT-1,1,x3,7,1,2\n`, 'p.csv'))).toBe(
      "p.csv: line 3: column 3 (arrayRow): 'x3' is not a number",
    );
    expect(problem(() => parsePositions('AAAC-1,1,3.5,7,1,2\n', 'p.csv'))).toBe(
      "p.csv: line 1: column 3 (arrayRow): '3.5' is not an integer",
    );
    expect(problem(() => parsePositions('AAAC-1,2,3,7,1,2\n', 'p.csv'))).toBe(
      "p.csv: line 1: column 2 (in_tissue): '2' is not 0 or 1",
    );
    expect(problem(() => parsePositions('AAAC-1,1,3,7,,2\n', 'p.csv'))).toBe(
      "p.csv: line 1: column 5 (pxlRow): '' is not a number",
    );
    expect(problem(() => parsePositions(`${visium}AAAC-1,1,0,0,1,2\n`, 'p.csv'))).toBe(
      'p.csv: line 3: barcode AAAC-1 already appeared on line 1',
    );
    expect(problem(() => parsePositions('\n', 'p.csv'))).toBe('p.csv: no spots');
  });
});

describe('parseScalefactors', () => {
  it('checks the four keys of DESIGN §7', () => {
    expect(parseScalefactors(JSON.stringify(scalefactors), 's.json')).toEqual(scalefactors);
    const { tissue_lowres_scalef: _dropped, ...missing } = scalefactors;
    expect(problem(() => parseScalefactors(JSON.stringify(missing), 's.json'))).toBe(
      's.json: missing key tissue_lowres_scalef',
    );
    expect(
      problem(() => parseScalefactors(JSON.stringify({ ...scalefactors, spot_diameter_fullres: '89' }), 's.json')),
    ).toBe('s.json: spot_diameter_fullres must be a positive number, found "89"');
    expect(problem(() => parseScalefactors('{"spot_diameter_fullres": 1,', 's.json'))).toMatch(
      /^s\.json: not valid JSON/,
    );
  });
});
