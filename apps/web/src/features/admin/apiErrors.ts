import { ApiError } from '../../api/client';

/** The text to put after a spec message such as 'User creation failed {error}': the server's msg when there is one. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/**
 * The client resolves on any 2xx, but the spec counts a delete as done only on HTTP 200; our server answers
 * 200 with `{ msg }` for those, so a body without msg (a 204, a proxy's empty page) is not a success.
 */
export function isDone(response: { msg?: string } | undefined | null): boolean {
  return typeof response?.msg === 'string';
}
