import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Call } from '@atlas/contracts';
import { HttpError } from '../../http/errors.js';

type Part<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : undefined;
export interface NativeInput<C extends Call> {
  params?: Part<C['params']>;
  query?: Part<C['query']>;
  body?: Part<C['body']>;
}
type Output<C extends Call> =
  NonNullable<C['response']> extends z.ZodType ? z.infer<NonNullable<C['response']>> : unknown;

/** Header names the native call receives from the original request: who calls, and from where. */
const FORWARDED = ['authorization', 'user-agent', 'x-forwarded-for'] as const;

/**
 * Calls a native contract's route in-process for the caller of `request` (issue 20): the compatibility layer
 * implements nothing twice and decides no access itself. The native route runs its own access rule, its data-level
 * checks (runs, keys, links) and its own validation; its refusal is passed on with its status and message, and its
 * answer is parsed with its contract's response schema.
 */
export async function callNative<C extends Call>(
  app: FastifyInstance,
  request: FastifyRequest,
  call: C,
  input: NativeInput<C> = {},
): Promise<Output<C>> {
  const params = (input.params ?? {}) as Record<string, string>;
  const url = call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const hasBody = input.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  const reply = await app.inject({
    method: call.method,
    url,
    query: stringQuery(input.query),
    headers,
    remoteAddress: request.ip,
    payload: hasBody ? JSON.stringify(input.body) : undefined,
  });
  const body = reply.body ? (JSON.parse(reply.body) as unknown) : undefined;
  if (reply.statusCode >= 400) {
    const msg = (body as { msg?: unknown } | undefined)?.msg;
    throw new HttpError(reply.statusCode, typeof msg === 'string' ? msg : `${call.method} ${call.path} failed`);
  }
  return (call.response ? call.response.parse(body) : body) as Output<C>;
}

/** Query values as the native route reads them from an address: strings, objects as JSON. */
function stringQuery(query: unknown): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    out[name] = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}
