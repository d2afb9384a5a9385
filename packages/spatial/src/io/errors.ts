/**
 * A file that cannot be read as the format it claims to be. The message always starts with the file
 * (path or caller-given label) so an importer can show it to the user unchanged.
 */
export class SpatialFormatError extends Error {
  override readonly name = 'SpatialFormatError';

  constructor(
    readonly file: string,
    readonly problem: string,
    options?: ErrorOptions,
  ) {
    super(`${file}: ${problem}`, options);
  }
}

/**
 * A file that declares or inflates to more than the import limits allow (a decompression bomb, or just too large
 * for this installation): refused before the work, so an importer answers 413 rather than 422.
 */
export class SpatialLimitError extends SpatialFormatError {}
