import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import h5wasm from 'h5wasm/node';
import { afterAll, describe, expect, it } from 'vitest';
import { child, openFile, readFloat32, readFloat64, readInt32, withHdf5 } from './hdf5.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-hdf5-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('large numeric datasets', () => {
  // Just past one 4 Mi-element slice, so the read takes two hyperslabs and the second is short.
  const n = (1 << 22) + 5;
  const ints = BigInt64Array.from({ length: n }, (_, i) => BigInt(i % 3 === 0 ? -i : i));
  const floats = Float32Array.from({ length: n }, (_, i) => i / 7);

  it('reads them a slice at a time into the wanted kind, int64 included, value for value', async () => {
    await h5wasm.ready;
    const file = path.join(folder, 'large.h5');
    const h5 = openFile(file, 'w')!;
    h5.create_dataset({ name: 'ints', data: ints, shape: [n], dtype: '<q', chunks: [1 << 16], compression: 1 });
    h5.create_dataset({ name: 'floats', data: floats, shape: [n], dtype: '<f', chunks: [1 << 16], compression: 1 });
    h5.close();
    const read = await withHdf5(file, 'large.h5', (h5file) => {
      const ds = (key: string) => child(h5file, key) as Parameters<typeof readInt32>[0];
      return {
        ints: readInt32(ds('ints'), 'ints', 'large.h5'),
        asFloat64: readFloat64(ds('ints'), 'ints', 'large.h5'),
        floats: readFloat32(ds('floats'), 'floats', 'large.h5'),
      };
    });
    // Compared in a loop: a deep equality of 4M-element arrays takes the test runner minutes.
    const differing = (got: ArrayLike<number>, want: (i: number) => number) => {
      let count = got.length === n ? 0 : 1;
      for (let i = 0; i < got.length; i++) if (got[i] !== want(i)) count++;
      return count;
    };
    expect(differing(read.ints, (i) => Number(ints[i]))).toBe(0);
    expect(differing(read.asFloat64, (i) => Number(ints[i]))).toBe(0);
    expect(differing(read.floats, (i) => floats[i]!)).toBe(0);
    expect(read.ints).toBeInstanceOf(Int32Array);
  });
});
