/**
 * CRC-32 (ISO-HDLC: the one zip, gzip, BGZF and PNG use), the one implementation of the repository, for the BGZF
 * writer (../tracks/bgzf.ts) and the PNG resolution chunk of exported figures (packages/viz figure/png.ts). Written
 * here because both run in the browser, where Node's `zlib.crc32` does not exist, and fflate keeps its CRC private.
 */

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 of `bytes`; pass the CRC of the bytes before them as `previous` to continue it. */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = ~previous >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
