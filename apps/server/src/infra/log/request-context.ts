import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id of the work in progress: set for each HTTP request (app.ts) and for each task run with the id
 * of the request that posted it (tasks/registry.ts), so every log line and every task row can name it.
 */
const context = new AsyncLocalStorage<{ reqId: string }>();

export const currentRequestId = (): string | undefined => context.getStore()?.reqId;

/** Runs `fn` (and everything it starts) as part of this request. */
export const withRequestId = <T>(reqId: string, fn: () => T): T => context.run({ reqId }, fn);

/** Marks the rest of the current asynchronous flow (a Fastify onRequest hook and the handler after it). */
export const enterRequest = (reqId: string): void => context.enterWith({ reqId });

/** A request id from a proxy (`X-Request-Id`) is kept when it is short and plain; anything else gets a new one. */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
