import type { z } from 'zod';
import type { Access } from './access.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call: the spec's method and path, who may call it, and the zod schemas of its input.
 * The server registers routes from these; the web client derives its typed functions from them.
 */
export interface Call<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/v1/auth/user/:username`. */
  path: string;
  access: Access;
  /**
   * Refused (403) to a request signed with a personal API token: the calls that mint credentials (a token, a
   * refreshed session, a new password), so that a token's expiry and revocation cannot be outlived.
   */
  sessionOnly?: boolean;
  summary: string;
  /**
   * Set on the compatibility layer's calls (issue 20): the call as the incumbent portal's client makes it. The
   * OpenAPI document marks these, so a reader tells them from the native API our own client uses.
   */
  origin?: 'AtlasXomics';
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
}

export function defineCall<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodUnknown,
>(call: Call<P, Q, B, R>): Call<P, Q, B, R> {
  return call;
}

export type CallParams<C> = C extends Call<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type CallQuery<C> = C extends Call<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.infer<Q> : never;
export type CallBody<C> = C extends Call<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.infer<B> : never;
/**
 * The body as a client sends it: the schema's input, before its defaults and transforms (a set of tixels may go as
 * its list or its bitset; the server reads either as the list, CallBody).
 */
export type CallSentBody<C> = C extends Call<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallResponse<C> = C extends Call<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** Error body of every failed call: `{ msg, status_code }`. */
export interface ErrorBody {
  msg: string;
  status_code: number;
}
