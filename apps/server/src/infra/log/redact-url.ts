/**
 * Request URLs as they are logged: a download link's token (`/api/v1/downloads/{token}/…`) and query parameters that
 * carry credentials (a public run's link, storage signatures, tokens, and any value shaped like a signed JWT, such as
 * the public page's `run_id=<encoded link>`) are replaced by `[redacted]`, so a log shipped to a shared collector
 * never holds a URL that opens something.
 */
import { DOWNLOAD_PATH } from '@atlas/contracts';

const SECRET_PARAMS = new Set([
  'encoded',
  'token',
  'access_token',
  'sig',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);
const REDACTED = '[redacted]';
/** Three base64url segments: a JWT (session, public link, download token) whatever the parameter is called. */
const JWT_SHAPE = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}$/;

export function withoutSecrets(url: string): string {
  const at = url.indexOf('?');
  let path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at + 1);
  if (path.startsWith(`${DOWNLOAD_PATH}/`)) {
    const rest = path.slice(DOWNLOAD_PATH.length + 1);
    const slash = rest.indexOf('/');
    path = `${DOWNLOAD_PATH}/${REDACTED}${slash === -1 ? '' : rest.slice(slash)}`;
  }
  if (!query) return path;
  const params = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (eq === -1) return pair;
    const secret = SECRET_PARAMS.has(safeDecode(name).toLowerCase()) || JWT_SHAPE.test(safeDecode(pair.slice(eq + 1)));
    return secret ? `${name}=${REDACTED}` : pair;
  });
  return `${path}?${params.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
