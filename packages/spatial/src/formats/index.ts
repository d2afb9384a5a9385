/**
 * File formats shared by the server and the browser (`@atlas/spatial/formats`): nothing here needs Node, which
 * `npm run boundaries` checks. A page that needs one of them alone imports its module
 * (`@atlas/spatial/formats/csv-write`) so that it does not load the others' libraries.
 * - CSV: one reader on papaparse (./csv-read.ts), one writer (./csv-write.ts);
 * - positions: Visium's and the legacy AtlasXbrowser column order, by header or by the numbers (./positions-csv.ts);
 * - CRC-32 (./crc32.ts).
 * Zip is fflate's, called where it is used; the `.zarr.zip` reader stays in ../io/zip-entries.ts for the bound it
 * keeps (see there).
 */
export * from './crc32.js';
export * from './csv-read.js';
export * from './csv-write.js';
export * from './positions-csv.js';
