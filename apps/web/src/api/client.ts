import type { Call, CallParams, CallQuery, CallResponse, CallSentBody, ErrorBody } from '@atlas/contracts';

/** A failed call: the server's `{ msg, status_code }`, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

declare global {
  interface Window {
    /** Responses the page's inline script requested before the app ran (features/explorer/boot/build/explorer-preload.ts), by address. */
    __atlasEarly?: Record<string, Promise<Response>>;
  }
}

/** Takes (once) a response the inline script already asked for, so the first explorer load does not wait for the app. */
export function takeEarlyResponse(url: string, method: string): Promise<Response> | undefined {
  if (method !== 'GET' || typeof window === 'undefined' || !window.__atlasEarly) return undefined;
  const early = window.__atlasEarly[url];
  delete window.__atlasEarly[url];
  return early;
}

let tokenSource: () => string | null = () => null;

/** The session module tells the client where the current token comes from. */
export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

/** The session's token, for requests outside the JSON contracts (binary answers). */
export function sessionToken(): string | null {
  return tokenSource();
}

export interface CallInput<C extends Call> {
  params?: CallParams<C>;
  query?: CallQuery<C>;
  body?: CallSentBody<C>;
  /** Overrides the session token (used while signing in and for public links). */
  token?: string | null;
  signal?: AbortSignal;
}

export function buildPath(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** Calls one contract. The response is typed by the contract; errors become ApiError with the server's message. */
export async function callApi<C extends Call>(call: C, input: CallInput<C> = {}): Promise<CallResponse<C>> {
  const url = buildPath(call.path, input.params as Record<string, unknown>, input.query as Record<string, unknown>);
  const token = input.token !== undefined ? input.token : tokenSource();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `JWT ${token}`;
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (takeEarlyResponse(url, call.method) ??
      fetch(url, {
        method: call.method,
        headers,
        body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
        signal: input.signal,
      }));
  } catch (error) {
    throw noAnswer(error, call.path);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The body was cut off (the page left mid-call, the connection dropped): no answer either.
    throw noAnswer(error, call.path);
  }
  const data = parseJson(text);
  if (!response.ok) {
    const msg = (data as ErrorBody | undefined)?.msg ?? `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, msg, call.path);
  }
  return data as CallResponse<C>;
}

/** A call that got no (whole) answer: the caller's own abort stays an AbortError, anything else is status 0. */
function noAnswer(error: unknown, path: string): Error {
  if ((error as Error).name === 'AbortError') return error as Error;
  return new ApiError(0, 'The server cannot be reached. Check your connection and try again.', path);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
