import { GENES_MSG } from '@atlas/contracts/genes/messages';
import {
  readSpatialData,
  spatialDataAnnData,
  spotsExtent,
  type Scalefactors,
  type ZarrAnnData,
} from '@atlas/spatial/io';
import { ImportError } from './errors.js';
import type { PrepareOptions, SourceFolder } from './prepare.js';
import { zarrFilesOf } from './sources.js';
import { keepTissueImages, pngOf } from './tissue-images.js';

/**
 * A SpatialData store as a run (issue 32 §2): the table's observations placed by the labels or shapes they annotate
 * become genes.h5ad with obsm['spatial'], and the store's image, when its transformation aligns it with them, the
 * spatial folder's hires image with the scale factor that places it (the positions are the image's full-resolution
 * pixels, see @atlas/spatial's readSpatialData). The table chosen, the elements left out and the points are named
 * in the warnings.
 */
export async function prepareSpatialData(
  folder: SourceFolder,
  minObs: number,
  options: PrepareOptions,
): Promise<{ data: ZarrAnnData; files: Map<string, Uint8Array>; warnings: string[] }> {
  const run = await readSpatialData(zarrFilesOf(folder), folder.label, options.limits);
  const warnings = [...run.warnings];
  const files = new Map<string, Uint8Array>();
  const data = spatialDataAnnData(run);
  if (run.annotates.length === 0) return { data, files, warnings };
  const hasUmap = data.obsm.X_umap !== undefined || data.obsm.umap !== undefined;
  if (run.rows.length === 0 || (run.rows.length < minObs && !hasUmap))
    throw new ImportError(
      GENES_MSG.importSpatialDataTooFew(
        folder.label,
        run.tableName,
        run.rows.length,
        run.table.nObs,
        run.annotates,
        minObs,
      ),
    );
  // One image, so both scale factors are its own: the explorer shows it whichever it looks for.
  const scale = run.image?.scale ?? 1;
  const scalefactors: Scalefactors = {
    tissue_hires_scalef: scale,
    tissue_lowres_scalef: scale,
    spot_diameter_fullres: run.spotDiameter,
    fiducial_diameter_fullres: run.spotDiameter,
  };
  if (run.image) {
    const { pixels, element, level } = run.image;
    const candidate = {
      resolution: 'hires' as const,
      label: `images/${element}/${level}`,
      pixels,
      png: () => pngOf(pixels, options.imageMaxPixels),
    };
    for (const [name, png] of await keepTissueImages([candidate], scalefactors, spotsExtent(run.xy), warnings))
      files.set(`spatial/${name}`, png);
  }
  files.set('spatial/scalefactors_json.json', new TextEncoder().encode(JSON.stringify(scalefactors)));
  return { data, files, warnings };
}
