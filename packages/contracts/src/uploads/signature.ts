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
export function signatureProblem(kind: UploadKind, head: Uint8Array): string | null {
  if (head.length === 0) return 'the file is empty';
  const fits =
    kind === 'h5ad'
      ? HDF5_OFFSETS.some((at) => startsWith(head, HDF5, at))
      : TIFF.some((magic) => startsWith(head, magic));
  if (fits) return null;
  const wanted = kind === 'h5ad' ? 'an HDF5 AnnData file (.h5ad)' : 'a TIFF image';
  const found = KNOWN.find(([, magic]) => startsWith(head, magic))?.[0];
  return found
    ? `it is ${found}, not ${wanted}`
    : `its first bytes are not those of ${wanted} (no ${kind === 'h5ad' ? 'HDF5' : 'TIFF'} signature)`;
}
