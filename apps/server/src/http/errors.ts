import type { ErrorBody } from '@atlas/contracts';

/** An error with an HTTP status and a message fit to show a user. Anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const unauthorized = (msg: string) => new HttpError(401, msg);
export const forbidden = (msg: string) => new HttpError(403, msg);
export const notFound = (msg: string) => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);
export const tooManyRequests = (msg: string) => new HttpError(429, msg);

export function errorBody(statusCode: number, msg: string): ErrorBody {
  return { msg, status_code: statusCode };
}
