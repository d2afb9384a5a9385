import os from 'node:os';
import type { Sharp } from 'sharp';

/**
 * The one guarded path for decoding images (issues "Hardening" and 33): every caller that decodes an image it was
 * given — the storage conversions, the tissue image of the explorer, the front-page thumbnail, the importer and the
 * atlasbrowser.generate_spatial task — goes through here:
 * 1. header check: sharp reads the header alone (a few hundred bytes of a PNG) and the image is refused when it
 *    is none, or when width × height passes the pixel limit (ATLAS_IMAGE_MAX_MEGAPIXELS): a 608 KB PNG of
 *    25000 × 25000 costs milliseconds, not 15 s and 1.8 GB;
 * 2. the decode itself runs with sharp's own `limitInputPixels` set to the same limit (defence in depth);
 * 3. at most one decode per core in this process at a time: HTTP callers queue a few and are told to come back
 *    beyond that ('busy'); tasks wait their turn.
 * sharp is loaded on first use: the import CLI reaches this module and must start fast.
 */
export interface ImageHeader {
  format: string;
  width: number;
  height: number;
}

export type RefusalReason = 'too-large' | 'not-an-image' | 'busy';

/** Why an image was not decoded; callers turn it into their own message (an HTTP status, a task's error). */
export class ImageRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly header?: ImageHeader,
  ) {
    super(
      reason === 'too-large'
        ? `${header!.width} × ${header!.height} pixels is over the limit`
        : reason === 'busy'
          ? 'too many images are being decoded'
          : 'not an image this server reads',
    );
  }
}

/** A counting semaphore with a bounded waiting room. */
export interface DecodeSlots {
  run<T>(work: () => Promise<T>, options: { refuseWhenBusy: boolean }): Promise<T>;
}

export function createDecodeSlots(limits: { concurrency: number; waiting: number }): DecodeSlots {
  let running = 0;
  const queue: Array<() => void> = [];
  return {
    async run(work, { refuseWhenBusy }) {
      if (running >= limits.concurrency) {
        if (refuseWhenBusy && queue.length >= limits.waiting) throw new ImageRefusedError('busy');
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      running++;
      try {
        return await work();
      } finally {
        running--;
        queue.shift()?.();
      }
    },
  };
}

const loadSharp = async () => (await import('sharp')).default;

const cores = Math.max(1, os.availableParallelism());
/** This process's decode slots, shared by every guard: one decode per core, whoever asks. */
const processSlots = createDecodeSlots({ concurrency: cores, waiting: 4 * cores });

export interface ImageGuardOptions {
  maxPixels: number;
  /** Another set of slots (tests use one slot); default: this process's. */
  slots?: DecodeSlots;
  /** HTTP callers: refuse ('busy') rather than queue past the waiting room. Tasks wait (default). */
  refuseWhenBusy?: boolean;
}

export type ImageGuard = ReturnType<typeof createImageGuard>;

export function createImageGuard(options: ImageGuardOptions) {
  const { maxPixels } = options;
  const slots = options.slots ?? processSlots;
  const refuseWhenBusy = options.refuseWhenBusy ?? false;

  /** The header alone; null when the bytes are no image sharp reads. */
  async function probe(input: Buffer | Uint8Array): Promise<ImageHeader | null> {
    const sharp = await loadSharp();
    const meta = await sharp(input, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    return meta?.format && meta.width && meta.height
      ? { format: meta.format, width: meta.width, height: meta.height }
      : null;
  }

  /** Refuses what is no image, or more pixels than the limit, from the header. */
  async function check(input: Buffer | Uint8Array): Promise<ImageHeader> {
    const header = await probe(input);
    if (!header) throw new ImageRefusedError('not-an-image');
    if (header.width * header.height > maxPixels) throw new ImageRefusedError('too-large', header);
    return header;
  }

  return {
    maxPixels,
    probe,
    check,
    /** Raw pixels of known size (already decoded, or generated) in a slot: refused past the limit, unread. */
    async raw<T>(size: { width: number; height: number }, work: () => Promise<T>): Promise<T> {
      if (size.width * size.height > maxPixels) throw new ImageRefusedError('too-large', { format: 'raw', ...size });
      return slots.run(work, { refuseWhenBusy });
    },
    /**
     * Decodes `input` once its header passes, in a slot: `use` gets a sharp pipeline on it with the pixel limit set,
     * and the header. A file sharp cannot decode after all fails with sharp's own error.
     */
    decode<T>(input: Buffer | Uint8Array, use: (image: Sharp, header: ImageHeader) => Promise<T>): Promise<T> {
      // The header is read in the slot too: callers are served in the order they came.
      return slots.run(
        async () => {
          const header = await check(input);
          const sharp = await loadSharp();
          return use(sharp(input, { limitInputPixels: maxPixels }), header);
        },
        { refuseWhenBusy },
      );
    },
    /**
     * A streamed input (a stored object too large to hold): sharp refuses it from its header as it arrives (its
     * `limitInputPixels`), in a slot like any decode.
     */
    stream<T>(use: (image: Sharp) => Promise<T>): Promise<T> {
      return slots.run(async () => use((await loadSharp())({ limitInputPixels: maxPixels })), { refuseWhenBusy });
    },
  };
}

/** sharp's own refusal of an image over `limitInputPixels` (a streamed input's header). */
export const isPixelLimitError = (error: unknown) => /pixel limit/i.test((error as Error)?.message ?? '');
