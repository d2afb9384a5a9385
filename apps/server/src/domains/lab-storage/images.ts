import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import { IMAGE_EXTENSIONS, LAB_MSG } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';
import { createDecodeSlots, createImageGuard, ImageRefusedError, isPixelLimitError } from '../../infra/images.js';

/**
 * Image conversion of the storage calls (spec 02 §7.2, §9 formats tif, tiff, png, jpg, jpeg) with sharp.
 * Rotation is in degrees clockwise (sharp's convention); multiples of 90 keep every pixel, other multiples of 45
 * enlarge the canvas and fill the corners with white. A crop applies to the rotated image, as the tool shows it.
 */
export const isImageKey = (key: string) =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(path.posix.extname(key).slice(1).toLowerCase());

export interface JpegOptions {
  rotation: number;
  crop?: { x1: number; y1: number; x2: number; y2: number };
  grayscale?: boolean;
  quality?: number;
}

/**
 * Image conversion through the one guarded image path (infra/images.ts): an image over the pixel limit is refused
 * from its header, before decoding a pixel (413 naming the limit); at most one decode per core runs at once in the
 * process, a few more wait, and beyond that the caller is told to come back (429) rather than the host running out
 * of memory. `concurrency` and `waiting` give this converter slots of its own (tests).
 */
export function createImageConverter(limits: { maxPixels: number; concurrency?: number; waiting?: number }) {
  const slots =
    limits.concurrency === undefined
      ? undefined
      : createDecodeSlots({ concurrency: limits.concurrency, waiting: limits.waiting ?? 4 * limits.concurrency });
  const guard = createImageGuard({ maxPixels: limits.maxPixels, slots, refuseWhenBusy: true });

  /** The conversion of one input: checked from its header (a buffer) or by sharp as it streams in, in a slot. */
  function convert(input: Readable | Buffer, options: JpegOptions, encode: (image: Sharp) => Promise<Buffer>) {
    const steps = (image: Sharp) => encode(pipelineFor(image, options));
    const work = Buffer.isBuffer(input)
      ? guard.decode(input, steps)
      : guard.stream((image) => {
          input.on('error', (error) => image.destroy(error));
          input.pipe(image);
          return steps(image);
        });
    return work.catch((error: unknown) => Promise.reject(failure(error)));
  }

  function pipelineFor(image: Sharp, options: JpegOptions): Sharp {
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

  /** Failures as the caller's errors: over the limit 413, busy 429, a crop off the image 400, anything else 422. */
  function failure(error: unknown): HttpError {
    if (error instanceof HttpError) return error;
    const tooLarge = new HttpError(413, LAB_MSG.imageTooLarge(limits.maxPixels / 1_000_000));
    if (error instanceof ImageRefusedError)
      return error.reason === 'too-large'
        ? tooLarge
        : error.reason === 'busy'
          ? new HttpError(429, LAB_MSG.imagesBusy)
          : new HttpError(422, LAB_MSG.imageLoadFailed);
    if (isPixelLimitError(error)) return tooLarge;
    if (/extract_area|bad extract area/i.test((error as Error).message ?? ''))
      return new HttpError(400, LAB_MSG.keepCroppingOnImage);
    return new HttpError(422, LAB_MSG.imageLoadFailed);
  }

  /**
   * Ends the input stream once its conversion ends or is refused: a stream sharp stopped reading (an image over the
   * limit, a bad crop, a busy converter) keeps its file open until the garbage collector finds it.
   */
  const releasing = <T>(input: Readable | Buffer, work: () => Promise<T>): Promise<T> =>
    Promise.resolve()
      .then(work)
      .finally(() => {
        if (!Buffer.isBuffer(input)) input.destroy();
      });

  return {
    /** Converts to JPEG; a crop outside the image is a 400, an unreadable image a 422. */
    toJpeg(input: Readable | Buffer, options: JpegOptions): Promise<Buffer> {
      return releasing(input, () => {
        if (options.crop && (options.crop.x2 <= options.crop.x1 || options.crop.y2 <= options.crop.y1))
          throw new HttpError(400, LAB_MSG.cropInvalid);
        return convert(input, options, (image) => image.jpeg({ quality: options.quality ?? 85 }).toBuffer());
      });
    },

    toPng(input: Readable | Buffer): Promise<Buffer> {
      return releasing(input, () => convert(input, { rotation: 0 }, (image) => image.png().toBuffer()));
    },
  };
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
