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
