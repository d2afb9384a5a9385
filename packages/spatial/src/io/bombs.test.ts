import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@atlas/contracts/genes/import-limits';
import { gzipOfZeros, h5adBomb, hasSharedData, sharedData, tenxH5Bomb, zarrZipBomb, zipArchive } from '../testing.js';
import { readAnndataZarr } from './anndata-zarr.js';
import { SpatialFormatError, SpatialLimitError } from './errors.js';
import { readH5ad } from './h5ad-reader.js';
import { readTenxH5 } from './tenx-h5.js';
import { readTenxMtx } from './tenx-mtx.js';
import { listZipEntries } from './zip-entries.js';

/**
 * Decompression bombs against the readers (issue 33): each is refused from what the file declares, before anything
 * is inflated, with a message naming the part and the setting; how fast is measured by the bench
 * (bench/guards.ts, `npm run bench -- guards`). The bombs are made at test time (../bomb-fixtures.ts). On the old readers the archive bomb took 88 s and 2.9 GB, the 10x one 183 s and
 * 5.3 GB, the h5ad one 259 s and 3.1 GB (and was accepted).
 */
async function refusal(read: () => Promise<unknown>): Promise<{ error: unknown }> {
  const error = await read().then(
    () => null,
    (e: unknown) => e,
  );
  return { error };
}

const zip = (options?: Parameters<typeof zarrZipBomb>[0]) => new Uint8Array(zarrZipBomb(options));

describe('AnnData-Zarr (.zarr.zip) bombs, with an import’s limits', () => {
  it('the issue’s archive (1 MB holding a 1 GiB chunk, X 1e8 × 1e8): refused from the zip directory', async () => {
    const bomb = zip();
    expect(bomb.length).toBeLessThan(1.1e6);
    const { error } = await refusal(() => readAnndataZarr(bomb, 'bomb.zarr.zip', IMPORT_LIMITS));
    expect(error).toBeInstanceOf(SpatialLimitError);
    expect((error as Error).message).toMatch(
      /^bomb\.zarr\.zip: the archive declares 1,025 MB uncompressed, more than the 102 MB left .*ATLAS_IMPORT_MAX_MB/,
    );
  });

  it('X declared 1e8 × 1e8 in a small archive: refused from X’s shape, naming ATLAS_IMPORT_MAX_OBS', async () => {
    const { error } = await refusal(() =>
      readAnndataZarr(zip({ chunkBytes: 1 << 20 }), 'bomb.zarr.zip', IMPORT_LIMITS),
    );
    expect(error).toBeInstanceOf(SpatialLimitError);
    expect((error as Error).message).toContain(
      'X declares 100,000,000 observations; at most 10,000,000 are imported (ATLAS_IMPORT_MAX_OBS)',
    );
  });

  it('a plausible X cut into 1e10 one-cell chunks: refused by its chunk count', async () => {
    const bomb = zip({ shape: [100_000, 100_000], chunks: [1, 1], chunkBytes: 4 });
    const { error } = await refusal(() => readAnndataZarr(bomb, 'bomb.zarr.zip', { ...IMPORT_LIMITS, maxBytes: 1e12 }));
    expect((error as Error).message).toContain('X declares 10,000,000,000 chunks or entries');
  });

  it('a 100 × 100 X whose stored chunk is 4 MiB: refused before the chunk is inflated', async () => {
    const bomb = zip({ shape: [100, 100], chunks: [100, 100], chunkBytes: 4 << 20 });
    const { error } = await refusal(() => readAnndataZarr(bomb, 'bomb.zarr.zip', IMPORT_LIMITS));
    expect(error).toBeInstanceOf(SpatialLimitError);
    expect((error as Error).message).toContain(
      'X/0.0 declares 4,194,304 bytes, more than a chunk of its array can hold',
    );
  });

  it('a chunk zlib-compressed by zarr that inflates to 64 MiB: the codec stops at the chunk’s size, limits or not', async () => {
    const bomb = zip({ shape: [100, 100], chunks: [100, 100], chunkBytes: 64 << 20, compressedBy: 'zarr' });
    for (const limits of [IMPORT_LIMITS, undefined]) {
      const { error } = await refusal(() => readAnndataZarr(bomb, 'bomb.zarr.zip', limits));
      expect(error).toBeInstanceOf(SpatialLimitError);
      expect((error as Error).message).toMatch(/a chunk of X inflates to more than the 110,536 bytes it can hold/);
    }
  });

  it('a zip entry that inflates past the size its directory states is cut there', () => {
    const archive = zipArchive([{ name: 'X/0.0', zeros: 10 << 20, declaredSize: 1000 }]);
    const entry = listZipEntries(new Uint8Array(archive), 'lying.zip').get('X/0.0')!;
    expect(entry.size).toBe(1000);
    expect(() => entry.read()).toThrow(/X\/0\.0 inflates to more than the 1,000 bytes it can hold/);
  });

  it.skipIf(!hasSharedData('anndata-zarr'))('real stores read the same with the limits as without', async () => {
    const file = new Uint8Array(fs.readFileSync(sharedData('anndata-zarr', 'scanpy/10x_pbmc68k_reduced.zarr.zip')));
    const limited = await readAnndataZarr(file, 'pbmc', IMPORT_LIMITS);
    const plain = await readAnndataZarr(file, 'pbmc');
    expect([limited.nObs, limited.nVars]).toEqual([700, 765]);
    // Byte for byte (toEqual walks half a million floats one by one: seconds on a busy machine).
    const bytes = (m: typeof limited.X | undefined) =>
      m && Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength).toString('base64');
    expect([limited.X.kind, bytes(limited.X)]).toEqual([plain.X.kind, bytes(plain.X)]);
    expect(bytes(limited.counts)).toBe(bytes(plain.counts));
  });
});

describe('HDF5 bombs (declared shapes, unwritten chunks cost nothing on disk)', () => {
  it('a 10x matrix of 3 × 3 declaring 500 million values: refused from the datasets’ shapes', async () => {
    const bomb = await tenxH5Bomb();
    for (const limits of [IMPORT_LIMITS, undefined]) {
      const { error } = await refusal(() => readTenxH5(bomb, { name: 'bomb.h5', limits }));
      expect(error).toBeInstanceOf(SpatialFormatError);
      expect((error as Error).message).toBe(
        'bomb.h5: /matrix declares 500000000 values and 500000000 indices for 9 cells',
      );
    }
  });

  it('an h5ad declaring X of 1e8 rows and as many obs names: refused from X’s shape', async () => {
    const { error } = await refusal(async () =>
      readH5ad(await h5adBomb(), { name: 'bomb.h5ad', limits: IMPORT_LIMITS }),
    );
    expect(error).toBeInstanceOf(SpatialLimitError);
    expect((error as Error).message).toContain('X declares 100,000,000 observations');
  });

  it('within the shape limits, the datasets’ declared bytes are charged before each is read', async () => {
    const bomb = await h5adBomb(1_000_000);
    const { error } = await refusal(() =>
      readH5ad(bomb, { name: 'bomb.h5ad', limits: { ...IMPORT_LIMITS, maxBytes: 8 << 20 } }),
    );
    expect(error).toBeInstanceOf(SpatialLimitError);
    // obs names (4 MB of int32) were charged first; X's 12 MB are then refused unread.
    expect((error as Error).message).toMatch(/^bomb\.h5ad: X declares 12 MB uncompressed, more than the \d MB left/);
  });
});

describe('Matrix Market bombs', () => {
  const folder = (mtx: string | Buffer, name = 'matrix.mtx') =>
    new Map<string, Uint8Array>([
      [name, typeof mtx === 'string' ? new TextEncoder().encode(mtx) : new Uint8Array(mtx)],
      ['barcodes.tsv', new TextEncoder().encode('A-1\nC-1\n')],
      ['features.tsv', new TextEncoder().encode('g0\tG0\tGene Expression\n')],
    ]);
  const header = '%%MatrixMarket matrix coordinate integer general\n';

  it('a size line declaring a billion entries in a three-line file: refused before the arrays are made', () => {
    expect(() => readTenxMtx(folder(`${header}1 2 1000000000\n1 1 5\n`))).toThrow(
      /the size line says 1000000000 entries but the file has 1 lines/,
    );
  });

  it('a size line declaring 1e8 barcodes: refused by the observation limit', () => {
    expect(() => readTenxMtx(folder(`${header}1 100000000 1\n1 1 5\n`), 'outs', IMPORT_LIMITS)).toThrow(
      SpatialLimitError,
    );
  });

  it('a 1 MB matrix.mtx.gz that inflates to 1 GiB: cut at the budget', () => {
    const bomb = folder(gzipOfZeros(1 << 30), 'matrix.mtx.gz');
    expect(() => readTenxMtx(bomb, 'outs', IMPORT_LIMITS)).toThrow(
      /^outs: matrix\.mtx\.gz declares 1,024 MB uncompressed, more than the 102 MB left to this import/,
    );
  });

  it('one whose gzip trailer understates its size is still cut at the budget', () => {
    const liar = gzipOfZeros(256 << 20);
    liar.writeUInt32LE(1000, liar.length - 4);
    expect(() => readTenxMtx(folder(liar, 'matrix.mtx.gz'), 'outs', IMPORT_LIMITS)).toThrow(
      /^outs: matrix\.mtx\.gz inflates to more than the 64 MB left to this import/,
    );
  });
});
