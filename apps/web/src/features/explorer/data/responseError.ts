import { ApiError } from '../../../api/client';

/** A failed binary request (feature values, the tissue image, the FrontPage upload) as ApiError, with the server's `msg` when the body has one. */
export async function responseError(response: Response, path: string): Promise<ApiError> {
  let msg = `${response.status} ${response.statusText}`;
  try {
    msg = ((await response.json()) as { msg?: string }).msg ?? msg;
  } catch {
    // not JSON
  }
  return new ApiError(response.status, msg, path);
}
