import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { checkAccess, MSG, TOKEN_MSG, type Access, type Call, type Identity } from '@atlas/contracts';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity;
    /** A token was sent but is expired, tampered or belongs to a disabled account. */
    tokenRejected: boolean;
    /** Why a personal API token was refused (expired, revoked, …), sent instead of the generic message. */
    tokenRefusal: string | null;
    /** The personal API token the request is signed with, if it is signed with one (not a session). */
    apiTokenId: string | null;
  }
  interface FastifyInstance {
    /** Every route registered through `route`/`rawRoute`, with its access rule: the authorisation matrix reads it. */
    atlasRoutes: RegisteredRoute[];
    /** Outside production every JSON response is checked against its contract (a drift fails loudly in tests). */
    atlasValidateResponses: boolean;
  }
}

export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  access: Access;
  summary?: string;
  call?: Call;
}

/** The parsed type of an optional contract part (`body?` makes `C['body']` include undefined). */
type Part<S> = NonNullable<S> extends z.ZodType ? z.infer<NonNullable<S>> : undefined;

export interface HandlerInput<C extends Call> {
  params: Part<C['params']>;
  query: Part<C['query']>;
  body: Part<C['body']>;
  identity: Identity;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type HandlerOutput<C extends Call> =
  NonNullable<C['response']> extends z.ZodType ? z.infer<NonNullable<C['response']>> : unknown;

/** Throws the access failure for a rule, if any: 401 without (or with a rejected) token, 403 when the role is missing. */
export function enforceAccess(request: FastifyRequest, access: Access): void {
  if (access === 'anonymous') return;
  if (request.tokenRejected) throw new HttpError(401, request.tokenRefusal ?? MSG.invalidToken);
  const denial = checkAccess(request.identity, access);
  if (denial === 'unauthenticated') throw new HttpError(401, MSG.unauthenticated);
  if (denial === 'forbidden') throw new HttpError(403, MSG.forbidden);
}

/** One input part (params, query or body) checked against its schema: its parsed value, or a 400 with the message. */
export function parsePart<S extends z.ZodType>(schema: S, value: unknown): z.infer<S>;
export function parsePart(schema: z.ZodType | undefined, value: unknown): unknown;
export function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new HttpError(400, issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
}

/** Throws when a JSON answer breaks its contract (outside production): a drift fails loudly in tests. */
export function checkResponse(app: FastifyInstance, call: Call, output: unknown): void {
  if (!app.atlasValidateResponses || !call.response) return;
  const checked = call.response.safeParse(output);
  if (!checked.success)
    throw new Error(`Response of ${call.method} ${call.path} breaks its contract: ${checked.error.message}`);
}

/** The one way a route is registered: listed for the matrices, and its access rule enforced before its handler. */
function register(
  app: FastifyInstance,
  entry: RegisteredRoute,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.atlasRoutes.push(entry);
  app.route({
    method: entry.method,
    url: entry.url,
    handler: async (request, reply) => {
      enforceAccess(request, entry.access);
      if (entry.call?.sessionOnly && request.apiTokenId) throw new HttpError(403, TOKEN_MSG.sessionOnly);
      return handler(request, reply);
    },
  });
}

const entryOf = (call: Call): RegisteredRoute => ({
  method: call.method,
  url: call.path,
  access: call.access,
  summary: call.summary,
  call,
});

/**
 * A contract's route whose handler writes the reply itself (a cached, pre-serialised body): registered and
 * access-checked as `route()` does; the handler checks its output with `checkResponse`.
 */
export function callRoute(
  app: FastifyInstance,
  call: Call,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  register(app, entryOf(call), handler);
}

/**
 * Registers a contract's route: access is enforced before anything else, then params, query and body are
 * parsed with the contract's zod schemas (400 with a message on failure), then the handler runs.
 */
export function route<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (input: HandlerInput<C>) => Promise<HandlerOutput<C>>,
): void {
  register(app, entryOf(call), async (request, reply) => {
    const input = {
      params: parsePart(call.params, request.params),
      query: parsePart(call.query, request.query),
      body: parsePart(call.body, request.body),
      identity: request.identity,
      request,
      reply,
    } as HandlerInput<C>;
    const output = await handler(input);
    checkResponse(app, call, output);
    return output;
  });
}

/** A route outside the JSON contracts (streams, files, redirects); it still declares its access rule. */
export function rawRoute(
  app: FastifyInstance,
  spec: { method: HTTPMethods; url: string; access: Access; summary: string },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  register(app, spec, handler);
}
