import type { FastifyInstance } from 'fastify';
import { InvalidTokenError, type TokenService } from './tokens.js';

/** Reads the current groups of an active account, or null when it does not exist, is disabled or unconfirmed. */
export type ActiveUserLookup = (username: string) => Promise<{ groups: string[] } | null>;

const SCHEMES = /^(?:JWT|Bearer)\s+(\S+)$/i;

/**
 * Resolves `Authorization: JWT|Bearer <token>` into request.identity on every request. A user's groups are read
 * from the database, not trusted from the token, so removing a group or disabling an account takes effect at once.
 */
export function installIdentity(app: FastifyInstance, tokens: TokenService, lookupUser: ActiveUserLookup): void {
  // Fastify 5 refuses object placeholders (shared by reference); the hook below sets the value on every request.
  app.decorateRequest('identity', null as never);
  app.decorateRequest('tokenRejected', false);
  app.addHook('onRequest', async (request) => {
    request.identity = { kind: 'anonymous' };
    const header = request.headers.authorization;
    if (!header) return;
    const token = SCHEMES.exec(header)?.[1];
    if (!token) {
      request.tokenRejected = true;
      return;
    }
    try {
      const claims = await tokens.verify(token);
      if (claims.role === 'public') {
        request.identity = { kind: 'public' };
        return;
      }
      const user = await lookupUser(claims.sub);
      if (!user) {
        request.tokenRejected = true;
        return;
      }
      request.identity = { kind: 'user', username: claims.sub, groups: user.groups };
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      request.tokenRejected = true;
    }
  });
}
