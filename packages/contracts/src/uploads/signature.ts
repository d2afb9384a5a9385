import { trackFormat } from '../genes/tracks.js';
import type { UploadKind } from './index.js';

/**
 * The first bytes of a file tell whether it can be what an Uploader slot takes, so a wrong file is refused before
 * it is sent (the Uploader reads them from the chosen file) and again in the first request that carries them (the
 * server), instead of after the whole file has arrived — a 300 MB text file named genes.h5ad ran to 100 % before.
 * The full checks on arrival (layout, shapes) stay where they are.
 */
export const SIGNATURE_BYTES = 2056;

const HDF5 = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
/** HDF5 puts its superblock at 0 or, after a user block, at 512, 1024, 2048, … */
const HDF5_OFFSETS = [0, 512, 1024, 2048];
const TIFF = [
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
  [0x49, 0x49, 0x2b, 0x00], // BigTIFF
  [0x4d, 0x4d, 0x00, 0x2b],
];
/** bigWig and bigBed headers start with their magic number, in the writer's byte order. */
const BIGWIG = [
  [0x26, 0xfc, 0x8f, 0x88],
  [0x88, 0x8f, 0xfc, 0x26],
];
const BIGBED = [
  [0xeb, 0xf2, 0x89, 0x87],
  [0x87, 0x89, 0xf2, 0xeb],
];
const GZIP = [0x1f, 0x8b];
/** Formats people pick by mistake, named in the refusal. */
const KNOWN: [string, number[]][] = [
  ['a zip archive (a .zarr.zip?)', [0x50, 0x4b, 0x03, 0x04]],
  ['a gzip file', [0x1f, 0x8b]],
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
];

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

/**
 * What is wrong with a file of `kind` whose first bytes are `head` (up to SIGNATURE_BYTES; fewer when the file is
 * shorter), or null when its signature fits.
 */
export function signatureProblem(kind: UploadKind, head: Uint8Array, filename = ''): string | null {
  if (head.length === 0) return 'the file is empty';
  const expected = expectedSignature(kind, filename);
  if (expected.fits(head)) return null;
  const found = KNOWN.find(([, magic]) => startsWith(head, magic))?.[0];
  return found
    ? `it is ${found}, not ${expected.wanted}`
    : `its first bytes are not those of ${expected.wanted} (no ${expected.signature} signature)`;
}

interface Expected {
  wanted: string;
  signature: string;
  fits(head: Uint8Array): boolean;
}

function expectedSignature(kind: UploadKind, filename: string): Expected {
  if (kind === 'h5ad')
    return {
      wanted: 'an HDF5 AnnData file (.h5ad)',
      signature: 'HDF5',
      fits: (head) => HDF5_OFFSETS.some((at) => startsWith(head, HDF5, at)),
    };
  if (kind === 'tiff')
    return { wanted: 'a TIFF image', signature: 'TIFF', fits: (head) => TIFF.some((magic) => startsWith(head, magic)) };
  return trackSignature(filename);
}

/** A track's first bytes by its name: bigWig/bigBed magic, gzip (BGZF) for .gz and indexes, else plain text. */
function trackSignature(filename: string): Expected {
  const format = trackFormat(filename);
  if (format === 'bigwig')
    return { wanted: 'a bigWig file', signature: 'bigWig', fits: (head) => BIGWIG.some((m) => startsWith(head, m)) };
  if (format === 'bigbed')
    return { wanted: 'a bigBed file', signature: 'bigBed', fits: (head) => BIGBED.some((m) => startsWith(head, m)) };
  if (format === null || filename.endsWith('.gz'))
    return { wanted: 'a gzip (bgzip) file', signature: 'gzip', fits: (head) => startsWith(head, GZIP) };
  return { wanted: `a ${format} text file`, signature: 'text', fits: isText };
}

/** Text a BED-like file can hold: no NUL and no other control bytes but tab, CR and LF. */
const isText = (head: Uint8Array): boolean =>
  head.every((byte) => byte >= 0x20 || byte === 9 || byte === 10 || byte === 13);
