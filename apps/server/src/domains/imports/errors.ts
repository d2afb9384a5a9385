/** An import refused: the message says what is wrong with the input and what to give instead. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 422 = 422,
  ) {
    super(message);
  }
}
