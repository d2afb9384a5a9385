/**
 * Scanpy/squidpy keep a Visium library's images and scale factors in the AnnData itself:
 * `uns/spatial/<library>/images/{hires,lowres}` (H × W × 3 or 4, uint8 0–255 or float 0–1) and
 * `uns/spatial/<library>/scalefactors/{tissue_hires_scalef, …}`. Read here so the importer can write them as the
 * run's spatial folder (tissue_*_image.png + scalefactors_json.json). Empty images (shape [0], as stLearn writes
 * when there is no picture) are left out; the first library is used when there are several.
 */
import type { RawPixels } from './blank-image.js';
import type { TImportLimits } from '@atlas/contracts/genes/import-limits';
import { asFloat64, child, isDataset, isGroup, readValue, withHdf5, type Group } from './hdf5.js';

export interface UnsSpatial {
  library: string;
  /** The other libraries, not read (an AnnData with several is a concatenation of sections). */
  otherLibraries: string[];
  images: Partial<Record<'hires' | 'lowres', RawPixels>>;
  scalefactors: Record<string, number>;
}

/** `uns/spatial` of an h5ad, or null when the file has none; `limits`: an import's (its images are charged). */
export function readUnsSpatial(
  source: string | Uint8Array,
  name?: string,
  limits?: TImportLimits,
): Promise<UnsSpatial | null> {
  return withHdf5(
    source,
    name,
    (file) => {
      const uns = child(file, 'uns');
      const spatial = isGroup(uns) ? child(uns, 'spatial') : undefined;
      if (!isGroup(spatial)) return null;
      const libraries = spatial.keys().filter((k) => isGroup(child(spatial, k)));
      if (libraries.length === 0) return null;
      const library = child(spatial, libraries[0]!) as Group;
      const result: UnsSpatial = {
        library: libraries[0]!,
        otherLibraries: libraries.slice(1),
        images: {},
        scalefactors: {},
      };
      const images = child(library, 'images');
      for (const res of ['hires', 'lowres'] as const) {
        const ds = isGroup(images) ? child(images, res) : undefined;
        if (!isDataset(ds)) continue;
        const shape = ds.shape ?? [];
        if (shape.length !== 3 || shape[0]! === 0 || shape[1]! === 0 || shape[2]! < 1 || shape[2]! > 4) continue;
        const values = asFloat64(readValue(ds, `uns/spatial/${libraries[0]}/images/${res}`));
        if (!values) continue;
        result.images[res] = toPixels(values, shape[0]!, shape[1]!, shape[2]!);
      }
      const factors = child(library, 'scalefactors');
      if (isGroup(factors)) {
        for (const key of factors.keys()) {
          const ds = child(factors, key);
          const value = isDataset(ds)
            ? asFloat64(readValue(ds, `uns/spatial/${libraries[0]}/scalefactors/${key}`))
            : undefined;
          const v = value?.[0];
          if (v !== undefined && Number.isFinite(v)) result.scalefactors[key] = v;
        }
      }
      return result;
    },
    limits,
  );
}

/** uint8 images are kept; float images in 0–1 (matplotlib's convention) are scaled to 0–255. */
function toPixels(values: Float64Array, height: number, width: number, channels: number): RawPixels {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  const scale = max <= 1 ? 255 : 1;
  const pixels = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) pixels[i] = Math.max(0, Math.min(255, Math.round(values[i]! * scale)));
  return { width, height, channels, pixels };
}
