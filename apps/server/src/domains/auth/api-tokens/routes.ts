import type { FastifyInstance } from 'fastify';
import { API_TOKEN_DEFAULT_NAME, apiTokenCalls as c, type Identity } from '@atlas/contracts';
import { route } from '../../../http/route.js';
import type { ApiTokenService } from './service.js';

/** The calls of contracts/tokens/calls.ts. Access (and `sessionOnly`) is enforced by `route` before a handler runs. */
export function registerApiTokenRoutes(app: FastifyInstance, tokens: ApiTokenService): void {
  route(app, c.listApiTokens, ({ identity }) => tokens.listOwn(userOf(identity).username));
  route(app, c.createApiToken, ({ body, identity }) =>
    tokens.create(userOf(identity).username, body.name, body.expiry_days),
  );
  route(app, c.revokeApiToken, ({ params, identity }) => tokens.revoke(userOf(identity), params.id));
  route(app, c.listAllApiTokens, () => tokens.listAll());
  // The original client's call: a token with the default name, answered as `{token, expires}`.
  const original = async (identity: Identity, days: number) => {
    const created = await tokens.create(userOf(identity).username, API_TOKEN_DEFAULT_NAME, days);
    return { token: created.token, expires: created.expires_at };
  };
  route(app, c.originalApiTokenGet, ({ query, identity }) => original(identity, query.expiry_days));
  route(app, c.originalApiTokenPost, ({ query, identity }) => original(identity, query.expiry_days));
}

function userOf(identity: Identity): { username: string; groups: string[] } {
  if (identity.kind !== 'user') throw new Error('a signed-in user was expected: check the access rule of this call');
  return identity;
}
