/**
 * Zarr's compressors, bounded (issue 33): a chunk never inflates past the bytes its declared shape can hold. zarrita
 * decodes zlib and gzip through a DecompressionStream that runs to the end, and numcodecs' blosc, lz4 and zstd
 * allocate what the data's own header asks for, so a 1 kB chunk declaring a gigabyte costs a gigabyte. Installed
 * in zarrita's codec registry (its documented extension point) before any store is read:
 * - zlib and gzip inflate with Node's zlib and `maxOutputLength`, which stops at the bound;
 * - blosc, lz4 and zstd are refused from their headers' stated sizes before numcodecs runs, and their output is
 *   checked again (a zstd frame need not state its size).
 * A valid chunk is never larger than its bound, so reading valid stores is unchanged.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import type * as Zarr from 'zarrita';
import { chunkOutputBound } from './zarr-bounds.js';

type Decode = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;
interface CodecLike {
  kind?: string;
  decode: Decode;
  encode?: unknown;
  computeEncodedSize?: unknown;
}
interface CodecClass {
  fromConfig(config: unknown, meta: { dataType?: unknown; shape?: unknown }): CodecLike;
}
type Loader = () => Promise<CodecClass> | CodecClass;

/** Thrown by a bounded codec; the store turns it into a SpatialLimitError naming the array. */
export class ChunkBoundError extends Error {
  constructor(
    readonly bound: number,
    /** What the chunk's header states, when it states a size. */
    readonly declared?: number,
  ) {
    super(`a chunk inflates to more than ${bound} bytes, the most its shape holds`);
  }
}

const u32 = (bytes: Uint8Array, at: number) =>
  bytes.length >= at + 4 ? new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, true) : undefined;

/** blosc 1: version, versionlz, flags, typesize, then nbytes (the decompressed size). */
const bloscSize = (bytes: Uint8Array) => u32(bytes, 4);
/** numcodecs' LZ4 prefixes the decompressed size. */
const lz4Size = (bytes: Uint8Array) => u32(bytes, 0);

/** A zstd frame's content size (RFC 8878 §3.1.1.1), when its header states one. */
function zstdSize(bytes: Uint8Array): number | undefined {
  if (u32(bytes, 0) !== 0xfd2fb528 || bytes.length < 6) return undefined;
  const descriptor = bytes[4]!;
  const fcsFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3]!;
  const at = 5 + (singleSegment ? 0 : 1) + dictionaryBytes;
  const fieldBytes = [singleSegment ? 1 : 0, 2, 4, 8][fcsFlag]!;
  if (fieldBytes === 0 || bytes.length < at + fieldBytes) return undefined;
  let value = 0;
  for (let i = fieldBytes - 1; i >= 0; i--) value = value * 256 + bytes[at + i]!;
  return fieldBytes === 2 ? value + 256 : value;
}

/** A codec whose decode refuses a stated size past the bound, and checks what it produced. */
function bounded(load: Loader, stated: (bytes: Uint8Array) => number | undefined): Loader {
  return async () => {
    const Inner = await load();
    return {
      fromConfig(config, meta) {
        const inner = Inner.fromConfig(config, meta);
        const bound = chunkOutputBound(meta);
        if (bound === undefined) return inner;
        const wrapped: CodecLike = Object.create(inner) as CodecLike;
        wrapped.decode = async (bytes) => {
          const declared = stated(bytes);
          if (declared !== undefined && declared > bound) throw new ChunkBoundError(bound, declared);
          const out = await inner.decode(bytes);
          if (out.length > bound) throw new ChunkBoundError(bound);
          return out;
        };
        return wrapped;
      },
    };
  };
}

/** zlib or gzip with Node's zlib, stopping at the bound. */
function nodeInflate(inflate: typeof inflateSync): Loader {
  return () => ({
    fromConfig(_config, meta) {
      const bound = chunkOutputBound(meta);
      return {
        kind: 'bytes_to_bytes',
        decode: (bytes) => {
          try {
            const out = inflate(bytes, bound === undefined ? {} : { maxOutputLength: Math.max(1, bound) });
            return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ChunkBoundError(bound!);
            throw error;
          }
        },
      };
    },
  });
}

let installed = false;

/** Puts the bounded codecs into zarrita's registry, once per process. */
export function installBoundedCodecs(registry: typeof Zarr.registry): void {
  if (installed) return;
  installed = true;
  const original = (name: string) => registry.get(name) as Loader;
  const replace = (names: string[], make: (load: Loader) => Loader) => {
    for (const name of names) {
      const load = original(name);
      if (load) registry.set(name, make(load) as never);
    }
  };
  replace(['zlib', 'numcodecs.zlib'], () => nodeInflate(inflateSync));
  replace(['gzip', 'numcodecs.gzip'], () => nodeInflate(gunzipSync));
  replace(['blosc', 'numcodecs.blosc'], (load) => bounded(load, bloscSize));
  replace(['lz4', 'numcodecs.lz4'], (load) => bounded(load, lz4Size));
  replace(['zstd', 'numcodecs.zstd'], (load) => bounded(load, zstdSize));
}
