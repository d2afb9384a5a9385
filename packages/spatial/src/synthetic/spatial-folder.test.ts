import { describe, expect, it } from 'vitest';
import { parsePositions, parseScalefactors } from '../io/visium.js';
import { generateRun } from './generate.js';
import { syntheticSpatialFolder } from './spatial-folder.js';

describe('syntheticSpatialFolder', () => {
  const run = generateRun({ seed: 11, grid: { rows: 16, cols: 24 }, features: 20, clusters: 5, assay: 'rna' });
  const folder = syntheticSpatialFolder(run, 11);

  it('lists every grid position in the Visium order, the on-tissue ones at the run’s obs names and spatial pixels', () => {
    const { positions, order, hasHeader } = parsePositions(folder.positionsCsv, 'tissue_positions_list.csv');
    expect([order, hasHeader, positions.barcodes.length]).toEqual(['visium', false, 16 * 24]);
    const onTissue = positions.barcodes.flatMap((_, i) => (positions.inTissue[i] ? [i] : []));
    expect(onTissue.map((i) => positions.barcodes[i])).toEqual(run.obsNames);
    expect(onTissue.flatMap((i) => [positions.pxlCol[i], positions.pxlRow[i]])).toEqual(Array.from(run.spatial));
    expect(onTissue.map((i) => positions.arrayRow[i]! * 24 + positions.arrayCol[i]!)).toEqual(
      Array.from(run.gridPosition),
    );
  });

  it('scales the long side of the full-resolution chip image to 2000 (hires) and 600 (lowres) pixels', () => {
    const factors = parseScalefactors(JSON.stringify(folder.scalefactors), 'scalefactors_json.json');
    const fullWidth = (2 * 24 - 1) * 10;
    expect(factors.tissue_hires_scalef * fullWidth).toBeCloseTo(2000, 9);
    expect(factors.tissue_lowres_scalef * fullWidth).toBeCloseTo(600, 9);
    expect(factors.spot_diameter_fullres).toBeCloseTo(10 * Math.SQRT2, 9);
    expect(factors.fiducial_diameter_fullres / factors.spot_diameter_fullres).toBeCloseTo(1.6153846, 6);
    expect([folder.hires.width, folder.hires.height, folder.hires.rgb.length]).toEqual([2000, 1319, 2000 * 1319 * 3]);
    expect(folder.lowres).toEqual({ width: 600, height: 396 });
  });

  it('draws stained tissue under every on-tissue tixel centre and bare glass under every other one', () => {
    const { hires, scalefactors } = folder;
    const { positions } = parsePositions(folder.positionsCsv, 'tissue_positions_list.csv');
    const pixel = (i: number) => {
      const x = Math.floor(positions.pxlCol[i]! * scalefactors.tissue_hires_scalef);
      const y = Math.floor(positions.pxlRow[i]! * scalefactors.tissue_hires_scalef);
      return Array.from(hires.rgb.subarray(3 * (y * hires.width + x), 3 * (y * hires.width + x) + 3));
    };
    const stained: number[] = [];
    const glass: number[] = [];
    positions.barcodes.forEach((_, i) => {
      const [r, g, b] = pixel(i);
      // Eosin and hematoxylin both absorb green; glass is near white in every channel.
      if (g! < 215) stained.push(i);
      else if (Math.min(r!, g!, b!) > 238) glass.push(i);
    });
    const inTissue = positions.barcodes.flatMap((_, i) => (positions.inTissue[i] ? [i] : []));
    expect(stained).toEqual(inTissue);
    expect(glass.length + stained.length).toBe(16 * 24);
    expect(inTissue.length).toBeGreaterThan(100);
    expect(inTissue.length).toBeLessThan(16 * 24);
  });

  it('is the same image for the same seed', () => {
    const again = syntheticSpatialFolder(run, 11);
    expect(Buffer.from(again.hires.rgb).equals(Buffer.from(folder.hires.rgb))).toBe(true);
  });
});
