import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipArchive } from '../bomb-fixtures.js';
import { SpatialFormatError } from './errors.js';
import { isZip, listZipEntries } from './zip-entries.js';

describe('listZipEntries', () => {
  it('reads back what fflate writes, deflated or stored, only when asked', () => {
    const text = 'tixel,x,y\n'.repeat(2000);
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 31) & 0xff);
    const archive = zipSync({
      'spatial/positions.csv': strToU8(text),
      'spatial/image.bin': [bytes, { level: 0 }],
      'spatial/empty.json': new Uint8Array(0),
    });
    expect(isZip(archive)).toBe(true);
    const entries = listZipEntries(archive, 'run.zip');
    expect([...entries.keys()].sort()).toEqual(['spatial/empty.json', 'spatial/image.bin', 'spatial/positions.csv']);
    const csv = entries.get('spatial/positions.csv')!;
    expect([csv.size, csv.compressedSize < csv.size]).toEqual([text.length, true]);
    expect(new TextDecoder().decode(csv.read())).toBe(text);
    expect(entries.get('spatial/image.bin')!.read()).toEqual(bytes);
    expect(entries.get('spatial/empty.json')!.read()).toEqual(new Uint8Array(0));
  });

  it('takes the last copy of a repeated name, as zarr-python appends rewrites', () => {
    const archive = zipArchive([
      { name: '.zattrs', data: '{}' },
      { name: '.zattrs', data: '{"encoding-type":"anndata"}' },
    ]);
    const entries = listZipEntries(archive, 'x.zarr.zip');
    expect(entries.size).toBe(1);
    expect(new TextDecoder().decode(entries.get('.zattrs')!.read())).toBe('{"encoding-type":"anndata"}');
  });

  it('refuses what is not a zip', () => {
    expect(() => listZipEntries(new Uint8Array(100), 'x.zarr.zip')).toThrow(SpatialFormatError);
    expect(isZip(strToU8('PK'))).toBe(false);
  });
});
