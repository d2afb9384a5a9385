/**
 * An import refused: the message says what is wrong with the input and what to give instead. 413: the input declares
 * or inflates to more than the import limits allow (ATLAS_IMPORT_MAX_*, ATLAS_IMAGE_MAX_MEGAPIXELS).
 */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 413 | 422 = 422,
  ) {
    super(message);
  }
}
