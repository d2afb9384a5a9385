/**
 * Barcode files (spec 02 §3, §5, §9): one barcode per line (the first column when a line has several); the
 * number of lines is the square of the number of channels, and line k belongs to col k div N, row k mod N
 * (DESIGN §7, `barcodePosition`).
 */
export class InvalidBarcodeFileError extends Error {}

export interface BarcodeList {
  barcodes: string[];
  channels: number;
}

export function parseBarcodeFile(text: string, invalidMessage: string): BarcodeList {
  const barcodes = text
    .split(/\r?\n/)
    .map((line) => line.split(/[,\t ]/)[0]!.trim())
    .filter((barcode) => barcode.length > 0);
  const channels = Math.round(Math.sqrt(barcodes.length));
  if (barcodes.length === 0 || channels * channels !== barcodes.length)
    throw new InvalidBarcodeFileError(invalidMessage);
  return { barcodes, channels };
}
