/**
 * What an import may declare and decompress (issue 33, "Hardening, second pass"). The readers check a file's own
 * declarations (a zip's central directory, Zarr array metadata, HDF5 dataset shapes, a Matrix Market size line)
 * against these limits BEFORE inflating or reading a value, and inflate with the stated size as a hard stop, so a
 * bomb (a 1 MB archive that declares a 1e8 × 1e8 matrix or inflates to a gigabyte) is refused in milliseconds.
 * The server reads each from its environment (ATLAS_IMPORT_MAX_*; README, Configuration). A small module of its
 * own: the import CLI loads it before anything else.
 */
export interface TImportLimits {
  /** Observations (spots, cells, bins): rows of X. */
  maxObs: number;
  /** Features (genes, probes): columns of X. */
  maxVars: number;
  /** Bytes one import may decompress or read into arrays, in all. */
  maxBytes: number;
  /** Chunks of one Zarr array, and entries of one archive. */
  maxChunks: number;
  /**
   * Decompressed bytes per stored byte: an input may expand to at most this many times its size (and to at least
   * IMPORT_MIN_BUDGET_BYTES whatever its size). Counts compress 3–10×; a zip bomb, a thousandfold.
   */
  maxRatio: number;
}

export const IMPORT_LIMITS: TImportLimits = {
  maxObs: 10_000_000,
  maxVars: 1_000_000,
  maxBytes: 4096 * 1024 * 1024,
  maxChunks: 1_000_000,
  maxRatio: 100,
};

/** Largest image any decode accepts by default, in megapixels (ATLAS_IMAGE_MAX_MEGAPIXELS). */
export const IMAGE_MAX_MEGAPIXELS = 200;

/** A small input may always expand this far, whatever the ratio (a 10 kB h5ad of a few hundred spots). */
export const IMPORT_MIN_BUDGET_BYTES = 64 * 1024 * 1024;
/** Zarr metadata documents (.zarray, .zattrs, zarr.json, …) are JSON of a few kilobytes. */
export const IMPORT_MAX_METADATA_BYTES = 16 * 1024 * 1024;

const count = (n: number) => n.toLocaleString('en-US');
const mb = (bytes: number) => `${count(Math.ceil(bytes / 1024 / 1024))} MB`;

/** The readers' refusals; each starts with what was declared and ends with the setting that allows more. */
export const IMPORT_LIMIT_MSG = {
  tooManyObs: (where: string, n: number, max: number) =>
    `${where} declares ${count(n)} observations; at most ${count(max)} are imported (ATLAS_IMPORT_MAX_OBS)`,
  tooManyVars: (where: string, n: number, max: number) =>
    `${where} declares ${count(n)} features; at most ${count(max)} are imported (ATLAS_IMPORT_MAX_VARS)`,
  tooManyChunks: (where: string, n: number, max: number) =>
    `${where} declares ${count(n)} chunks or entries; at most ${count(max)} are read (ATLAS_IMPORT_MAX_CHUNKS)`,
  tooLarge: (where: string, bytes: number, budget: number) =>
    `${where} declares ${mb(bytes)} uncompressed, more than the ${mb(budget)} left to this import ` +
    `(ATLAS_IMPORT_MAX_MB, and ATLAS_IMPORT_MAX_RATIO times the input's size)`,
  inflatesPastBudget: (where: string, budget: number) =>
    `${where} inflates to more than the ${mb(budget)} left to this import ` +
    `(ATLAS_IMPORT_MAX_MB, and ATLAS_IMPORT_MAX_RATIO times the input's size)`,
  inflatesPast: (where: string, bytes: number) =>
    `${where} inflates to more than the ${count(bytes)} bytes it can hold (a damaged or hostile file)`,
  chunkTooLarge: (where: string, bytes: number, max: number) =>
    `${where} declares ${count(bytes)} bytes, more than a chunk of its array can hold (${count(max)})`,
} as const;
