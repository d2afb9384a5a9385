import type { FastifyInstance } from 'fastify';
import { JSON_MAX_DEPTH as MAX_DEPTH, MSG } from '@atlas/contracts';
import { HttpError } from './errors.js';
import { installJsonBodyParser } from './json-body.js';

/** Why this value may not go on to the handlers, or null. */
function problemOf(value: unknown, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\0') ? MSG.inputNulByte : null;
  if (value === null || typeof value !== 'object') return null;
  // Parsed JSON, query and params only: streamed and binary bodies are their routes' business.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return null;
  if (depth > MAX_DEPTH) return MSG.inputTooDeep(MAX_DEPTH);
  if (Array.isArray(value)) {
    // By index: Object.entries would make a key string and a pair per item (a lasso posts 50,000 indices).
    for (const item of value as unknown[]) {
      const problem = problemOf(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = (key.includes('\0') ? MSG.inputNulByte : null) ?? problemOf(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Text no database or file system takes (a NUL byte: PostgreSQL refuses it mid-query) and JSON nested beyond any
 * call's shape are refused for every route with a 400 and a message, before validation or a handler sees them.
 * JSON bodies are refused by depth before they are even parsed (./json-body.ts).
 */
export function installInputGuard(app: FastifyInstance): void {
  installJsonBodyParser(app);
  app.addHook('preValidation', async (request) => {
    if (/%00/.test(request.url) || request.url.includes('\0')) throw new HttpError(400, MSG.inputNulByte);
    const problem = problemOf(request.query, 0) ?? problemOf(request.params, 0) ?? problemOf(request.body, 0);
    if (problem) throw new HttpError(400, problem);
  });
}
