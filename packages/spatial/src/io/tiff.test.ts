import { describe, expect, it } from 'vitest';
import { describeTiff, readTiffInfo } from './tiff.js';
import { SpatialFormatError } from './errors.js';

/** A TIFF in memory: one or more directories of [tag, type, count, value] entries (values inline). */
function tiff(options: {
  big?: boolean;
  bigEndian?: boolean;
  pages: [number, number, number, number][][];
  loop?: boolean;
}) {
  const { big = false, bigEndian = false } = options;
  const little = !bigEndian;
  const entry = big ? 20 : 12;
  const countSize = big ? 8 : 2;
  const offsetSize = big ? 8 : 4;
  const headerSize = big ? 16 : 8;
  const sizes = options.pages.map((tags) => countSize + tags.length * entry + offsetSize);
  const total = headerSize + sizes.reduce((a, b) => a + b, 0);
  const view = new DataView(new ArrayBuffer(total));
  const bytes = new Uint8Array(view.buffer);
  bytes.set(bigEndian ? [0x4d, 0x4d] : [0x49, 0x49], 0);
  view.setUint16(2, big ? 43 : 42, little);
  const putOffset = (at: number, value: number) =>
    big ? view.setBigUint64(at, BigInt(value), little) : view.setUint32(at, value, little);
  if (big) {
    view.setUint16(4, 8, little);
    view.setUint16(6, 0, little);
  }
  putOffset(big ? 8 : 4, headerSize);
  let at = headerSize;
  options.pages.forEach((tags, page) => {
    if (big) view.setBigUint64(at, BigInt(tags.length), little);
    else view.setUint16(at, tags.length, little);
    tags.forEach(([tag, type, count, value], i) => {
      const e = at + countSize + i * entry;
      view.setUint16(e, tag, little);
      view.setUint16(e + 2, type, little);
      if (big) view.setBigUint64(e + 4, BigInt(count), little);
      else view.setUint32(e + 4, count, little);
      const v = e + 4 + offsetSize;
      if (type === 3) view.setUint16(v, value, little);
      else view.setUint32(v, value, little);
    });
    const next = at + sizes[page]!;
    const last = page === options.pages.length - 1;
    putOffset(at + countSize + tags.length * entry, last ? (options.loop ? headerSize : 0) : next);
    at = next;
  });
  const read = async (offset: number, length: number) => bytes.slice(offset, offset + length);
  return { read, size: total };
}

const page = (width: number, height: number, bits = 16, format = 1): [number, number, number, number][] => [
  [256, 4, 1, width],
  [257, 4, 1, height],
  [258, 3, 1, bits],
  [277, 3, 1, 1],
  [339, 3, 1, format],
];

describe('readTiffInfo', () => {
  it('reads dimensions, sample type and pages of little-endian, big-endian and BigTIFF files', async () => {
    const little = tiff({ pages: [page(2000, 1500), page(1000, 750)] });
    expect(await readTiffInfo(little.read, little.size, 'a.tif')).toEqual({
      width: 2000,
      height: 1500,
      samplesPerPixel: 1,
      bitsPerSample: 16,
      sampleFormat: 'uint',
      pages: 2,
      bigTiff: false,
    });
    const bigEndian = tiff({ bigEndian: true, pages: [page(64, 32, 32, 3)] });
    const info = await readTiffInfo(bigEndian.read, bigEndian.size, 'b.tif');
    expect(describeTiff(info)).toBe('64 × 32, 32-bit float, 1 sample');
    const big = tiff({ big: true, pages: [page(70000, 50000, 8)] });
    expect(await readTiffInfo(big.read, big.size, 'c.tif')).toMatchObject({
      width: 70000,
      height: 50000,
      bigTiff: true,
    });
  });

  it.each([
    ['an empty file', async () => ({ read: async () => new Uint8Array(0), size: 0 }), 'empty file, not a TIFF'],
    [
      'a PNG',
      async () => ({ read: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), size: 8 }),
      'no II/MM',
    ],
    ['a loop of directories', async () => tiff({ pages: [page(4, 4), page(4, 4)], loop: true }), 'form a loop'],
    ['no width', async () => tiff({ pages: [page(4, 4).slice(1)] }), 'no width'],
    ['an unknown sample format', async () => tiff({ pages: [page(4, 4, 8, 9)] }), 'unknown sample format (9)'],
  ])('refuses %s, naming the problem', async (_name, make, problem) => {
    const { read, size } = await make();
    const error = await readTiffInfo(read, size, 'x.tif').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpatialFormatError);
    expect((error as SpatialFormatError).message).toContain(`x.tif: `);
    expect((error as SpatialFormatError).problem).toContain(problem);
  });
});
