import { createHash } from 'node:crypto';
import { GENES_MSG, LAB_MSG, TISSUE_IMAGE_FILES, type TTissueImage } from '@atlas/contracts';
import { parseScalefactors, SpatialFormatError, type Scalefactors } from '@atlas/spatial';
import { HttpError, notFound } from '../../http/errors.js';
import { createImageGuard, ImageRefusedError } from '../../infra/images.js';
import type { ObjectInfo, ObjectStore } from '../../infra/storage/index.js';
import { Lru } from './lru.js';
import { readObject } from '../../infra/storage/index.js';
import type { RunAccess } from '../runs/index.js';

type TissueImageFile = (typeof TISSUE_IMAGE_FILES)[number];

/** The guarded path's refusals as HTTP answers: over the pixel limit 413, busy 429, no image 422. */
function refusal(error: unknown, maxPixels: number): unknown {
  if (!(error instanceof ImageRefusedError)) return error;
  if (error.reason === 'too-large') return new HttpError(413, LAB_MSG.imageTooLarge(maxPixels / 1_000_000));
  if (error.reason === 'busy') return new HttpError(429, LAB_MSG.imagesBusy);
  return new HttpError(422, LAB_MSG.imageLoadFailed);
}

/** Each image's scale factor: its pixels per full-resolution pixel (DESIGN §7). */
const SCALE_OF: Record<TissueImageFile, keyof Scalefactors> = {
  'tissue_hires_image.png': 'tissue_hires_scalef',
  'tissue_lowres_image.png': 'tissue_lowres_scalef',
};
const SCALEFACTORS = 'scalefactors_json.json';
/** A PNG states its size in the IHDR chunk right after the signature, so its first bytes are enough. */
const HEADER_BYTES = 1024;
/** Stained tissue images are 4–7× smaller as JPEG than as PNG, with no visible loss at this quality. */
const JPEG_QUALITY = 85;

/** The run's spatial folder (DESIGN §5): beside its web files, in the same bucket. */
const spatialFolderOf = (run: RunAccess): string => `data/${run.runId}/spatial/`;

/**
 * The tissue image under the explorer's spatial plot (spec 03 §2.1). The spatial x, y of data.csv.gz are the
 * full-resolution pixels of the spatial folder (a Visium import writes pxl_col, pxl_row; AtlasXbrowser and the
 * demo runs write their tixel centres), so an image at scale factor s spans [0, width / s] × [0, height / s].
 * Encoded images are cached per object version, so a rewritten folder is never served stale.
 */
export function createTissueImages(storage: ObjectStore, maxPixels: number) {
  const encoded = new Lru<{ stamp: string; jpeg: Buffer; etag: string }>(8);
  // Every decode through the guarded image path (infra/images.ts): header first, one per core, busy past a few.
  const images = createImageGuard({ maxPixels, refuseWhenBusy: true });

  /** The preferred image of the run's spatial folder, or why there is none. */
  async function locate(run: RunAccess): Promise<{ file: TissueImageFile; object: ObjectInfo } | { reason: string }> {
    const folder = spatialFolderOf(run);
    for (const file of TISSUE_IMAGE_FILES) {
      const object = await storage.head(run.bucket, `${folder}${file}`);
      if (object && object.size > 0) return { file, object };
    }
    const { objects, prefixes } = await storage.list(run.bucket, { prefix: folder, delimiter: '/', maxKeys: 1 });
    return {
      reason:
        objects.length || prefixes.length ? GENES_MSG.noTissueImage(run.runId) : GENES_MSG.noSpatialFolder(run.runId),
    };
  }

  async function scalefactors(run: RunAccess): Promise<{ factors: Scalefactors } | { reason: string }> {
    const key = `${spatialFolderOf(run)}${SCALEFACTORS}`;
    if (!(await storage.exists(run.bucket, key)))
      return { reason: GENES_MSG.tissueImageUnplaced(run.runId, `${SCALEFACTORS} is missing`) };
    try {
      return {
        factors: parseScalefactors(
          Buffer.from(await readObject(storage, run.bucket, key)).toString('utf8'),
          SCALEFACTORS,
        ),
      };
    } catch (error) {
      if (error instanceof SpatialFormatError)
        return { reason: GENES_MSG.tissueImageUnplaced(run.runId, error.message) };
      throw error;
    }
  }

  return {
    /** Where the image goes; `url` is the image route for the same run reference. */
    async describe(run: RunAccess, url: string): Promise<TTissueImage> {
      const located = await locate(run);
      if ('reason' in located) return { available: false, reason: located.reason };
      const placing = await scalefactors(run);
      if ('reason' in placing) return { available: false, reason: placing.reason };
      const key = `${spatialFolderOf(run)}${located.file}`;
      const head = await readObject(storage, run.bucket, key, { start: 0, end: HEADER_BYTES - 1 });
      // The header alone says the size; nothing is decoded here.
      const header = await images.probe(head);
      const size = header?.format === 'png' ? { width: header.width, height: header.height } : null;
      if (!size)
        return {
          available: false,
          reason: GENES_MSG.tissueImageUnplaced(run.runId, `${located.file} is not a PNG image`),
        };
      const scale = placing.factors[SCALE_OF[located.file]]!;
      return {
        available: true,
        url,
        file: located.file,
        ...size,
        bounds: [0, 0, size.width / scale, size.height / scale],
        spot_diameter: placing.factors.spot_diameter_fullres,
      };
    },

    /** The image as JPEG with an ETag of its source object's version; 404 when the run has none. */
    async jpeg(run: RunAccess): Promise<{ jpeg: Buffer; etag: string }> {
      const located = await locate(run);
      if ('reason' in located) throw notFound(located.reason);
      const key = `${spatialFolderOf(run)}${located.file}`;
      const stamp = `${located.object.size}:${located.object.lastModified.getTime()}`;
      const hit = encoded.get(`${run.bucket}/${key}`);
      if (hit?.stamp === stamp) return hit;
      const png = await readObject(storage, run.bucket, key);
      const jpeg = await images
        .decode(png, (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }).toBuffer())
        .catch((error: unknown) => Promise.reject(refusal(error, maxPixels)));
      const etag = `"${createHash('sha256').update(`${run.bucket}/${key}:${stamp}`).digest('base64url').slice(0, 32)}"`;
      const entry = { stamp, jpeg, etag };
      encoded.set(`${run.bucket}/${key}`, entry);
      return entry;
    },
  };
}
