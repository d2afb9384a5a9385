import { crc32 as nodeCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('crc32', () => {
  it('gives the check value of the CRC catalogue and PNG IEND chunk', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(ascii('IEND'))).toBe(0xae426082);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('continues from a previous CRC as if the bytes were one run', () => {
    expect(crc32(ascii('56789'), crc32(ascii('1234')))).toBe(0xcbf43926);
  });

  it("agrees with Node's zlib on arbitrary bytes", () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + (i >> 3)) & 0xff);
    expect(crc32(bytes)).toBe(nodeCrc32(bytes));
  });
});
