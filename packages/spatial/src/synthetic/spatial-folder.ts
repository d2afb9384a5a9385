/**
 * The AtlasXbrowser `spatial/` folder of a synthetic run (DESIGN §7), consistent with the run's obsm 'spatial':
 * the synthetic chip is imaged unrotated and cropped to its ROI, so full-resolution pixels are the coordinates
 * of the tixel centres. tissue_positions_list.csv lists every grid position in the Visium column order; the
 * hires image has a long side of 2000 pixels; the caller encodes it and resizes it to `lowres` (long side 600).
 */
import type { Scalefactors } from '../io/visium.js';
import type { SyntheticRun } from './generate.js';
import { chipRoi, dbitBarcode, gridCentre } from './layout.js';
import { renderTissueImage, type RgbImage } from './tissue-image.js';

export interface SyntheticSpatialFolder {
  positionsCsv: string;
  scalefactors: Scalefactors;
  hires: RgbImage;
  lowres: { width: number; height: number };
}

const HIRES_SIDE = 2000;
const LOWRES_SIDE = 600;
/** Fiducial diameter per spot diameter (DESIGN §7). */
const FIDUCIAL_PER_SPOT = 1.6153846;

export function syntheticSpatialFolder(
  run: Pick<SyntheticRun, 'grid' | 'mask' | 'gridPosition' | 'clusters'>,
  seed: number,
): SyntheticSpatialFolder {
  const { grid, mask } = run;
  const roi = chipRoi(grid);
  const full = { width: roi[2].x, height: roi[2].y };
  const long = Math.max(full.width, full.height);
  const size = (side: number) => ({
    width: Math.round((full.width * side) / long),
    height: Math.round((full.height * side) / long),
  });

  const lines: string[] = [];
  for (let k = 0; k < grid.rows * grid.cols; k++) {
    const row = Math.floor(k / grid.cols);
    const col = k % grid.cols;
    const centre = gridCentre(grid, k, roi);
    lines.push(`${dbitBarcode(row, col)},${mask[k]},${row},${col},${centre.y},${centre.x}`);
  }
  // A tixel quad is one step on each side; DESIGN §7 takes the mean of its two (here equal) diagonals.
  const spot = Math.hypot(full.width / (2 * grid.cols - 1), full.height / (2 * grid.rows - 1));
  const hiresScale = HIRES_SIDE / long;
  return {
    positionsCsv: `${lines.join('\n')}\n`,
    scalefactors: {
      spot_diameter_fullres: spot,
      fiducial_diameter_fullres: spot * FIDUCIAL_PER_SPOT,
      tissue_hires_scalef: hiresScale,
      tissue_lowres_scalef: LOWRES_SIDE / long,
    },
    hires: renderTissueImage({ ...run, ...size(HIRES_SIDE), scale: hiresScale, seed }),
    lowres: size(LOWRES_SIDE),
  };
}
