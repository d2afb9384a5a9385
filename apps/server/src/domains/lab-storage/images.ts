import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_EXTENSIONS, LAB_MSG } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';

/**
 * Image conversion of the storage calls (spec 02 §7.2, §9 formats tif, tiff, png, jpg, jpeg) with sharp.
 * Rotation is in degrees clockwise (sharp's convention); multiples of 90 keep every pixel, other multiples of 45
 * enlarge the canvas and fill the corners with white. A crop applies to the rotated image, as the tool shows it.
 */
export const isImageKey = (key: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(path.posix.extname(key).slice(1).toLowerCase());

/** Source images may be large scans (10k × 10k and more); sharp's default cap is 268 MP. */
const PIXEL_LIMIT = 1_000_000_000;

export interface JpegOptions {
  rotation: number;
  crop?: { x1: number; y1: number; x2: number; y2: number };
  grayscale?: boolean;
  quality?: number;
}

function pipelineFor(input: Readable | Buffer, options: JpegOptions): Sharp {
  const image = Buffer.isBuffer(input)
    ? sharp(input, { limitInputPixels: PIXEL_LIMIT })
    : sharp({ limitInputPixels: PIXEL_LIMIT });
  if (!Buffer.isBuffer(input)) {
    input.on('error', (error) => image.destroy(error));
    input.pipe(image);
  }
  const rotation = ((options.rotation % 360) + 360) % 360;
  if (rotation !== 0) image.rotate(rotation, { background: { r: 255, g: 255, b: 255, alpha: 1 } });
  if (options.crop) {
    const { x1, y1, x2, y2 } = options.crop;
    image.extract({ left: x1, top: y1, width: x2 - x1, height: y2 - y1 });
  }
  image.flatten({ background: '#ffffff' });
  // One-channel output: grayscale() alone keeps three identical channels in the JPEG.
  if (options.grayscale) image.grayscale().toColourspace('b-w');
  return image;
}

/** Converts to JPEG; a crop outside the image is a 400, an unreadable image a 422. */
export async function toJpeg(input: Readable | Buffer, options: JpegOptions): Promise<Buffer> {
  if (options.crop && (options.crop.x2 <= options.crop.x1 || options.crop.y2 <= options.crop.y1))
    throw new HttpError(400, LAB_MSG.cropInvalid);
  try {
    return await pipelineFor(input, options)
      .jpeg({ quality: options.quality ?? 85 })
      .toBuffer();
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/extract_area|bad extract area/i.test(message)) throw new HttpError(400, LAB_MSG.keepCroppingOnImage);
    throw new HttpError(422, LAB_MSG.imageLoadFailed);
  }
}

export async function toPng(input: Readable | Buffer): Promise<Buffer> {
  try {
    return await pipelineFor(input, { rotation: 0 }).png().toBuffer();
  } catch {
    throw new HttpError(422, LAB_MSG.imageLoadFailed);
  }
}

/**
 * Converted images on disk, keyed by (bucket, key, size, last modified, parameters): a changed source has a new
 * key, so entries never go stale; files are written to a temporary name and renamed (readers see whole files).
 */
export function createImageCache(dir: string) {
  const fileOf = (parts: Array<string | number>) =>
    path.join(dir, `${createHash('sha256').update(parts.join('\n')).digest('hex')}.jpg`);
  return {
    fileOf,
    async read(parts: Array<string | number>): Promise<Buffer | null> {
      try {
        return await fsp.readFile(fileOf(parts));
      } catch {
        return null;
      }
    },
    async write(parts: Array<string | number>, data: Buffer): Promise<void> {
      await fsp.mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${randomUUID()}.tmp`);
      try {
        await fsp.writeFile(temp, data);
        await fsp.rename(temp, fileOf(parts));
      } catch {
        await fsp.rm(temp, { force: true });
      }
    },
  };
}
