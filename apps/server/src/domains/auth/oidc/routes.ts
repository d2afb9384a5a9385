import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OIDC_MSG, OIDC_PATHS, OIDC_RETURN_PARAM, oidcCalls } from '@atlas/contracts';
import type { OidcSettings } from '../../../config.js';
import { HttpError } from '../../../http/errors.js';
import { rawRoute, route } from '../../../http/route.js';
import type { Infra } from '../../../infra/index.js';
import { cookieValue } from '../device-cookies.js';
import type { ExternalAccountPolicy, ExternalProfile } from '../external/provision.js';
import { createOidcClient, isNonceMismatch, type OidcClient, type OidcTransaction } from './client.js';
import { profileOf, wantedClaims } from './profile.js';
import { createSealer, OIDC_COOKIES, setCookie, type Sealer } from './sealed-cookies.js';

/** What the routes need of the account rules: the shared sign-in of external accounts (auth/service.ts). */
export interface ExternalSignIn {
  signInExternal(
    profile: ExternalProfile,
    policy: ExternalAccountPolicy,
    options: { askSecondFactor: boolean },
  ): Promise<{ access_token: string } | object>;
}

const { TRANSACTION, HANDOFF, LOGOUT_HINT } = OIDC_COOKIES;
/** A longer ID token is left out of the cookie (browsers keep 4 KB a cookie); the provider then asks itself. */
const HINT_MAX_CHARS = 3500;

type Outcome = { token: string; idToken?: string } | { status: number; error: string };

/**
 * OIDC sign-in (issue 35): start → provider → callback → the sign-in page trades its hand-off for a session;
 * sign-out ends the provider's session too when it offers end-session. Always registered, so the route matrix
 * covers them; without ATLAS_OIDC_ISSUER each says sign-in through an institution is not set up.
 */
export function registerOidcRoutes(app: FastifyInstance, infra: Infra, auth: ExternalSignIn): void {
  const settings = infra.config.oidc;
  const oidc = settings ? createOidcClient(settings) : null;
  const sealer = createSealer(infra.config.jwtSecret);
  // Each transaction and hand-off is good once, across every API process (Redis when configured).
  const used = infra.limits.limiter('oidc-used', { max: 1, windowMs: 15 * 60_000 });
  const base = (request: FastifyRequest) =>
    infra.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  const secure = (request: FastifyRequest) => request.protocol === 'https';

  rawRoute(
    app,
    { method: 'GET', url: OIDC_PATHS.start, access: 'anonymous', summary: 'Sends the browser to the OpenID provider.' },
    async (request, reply) => {
      if (!oidc) throw new HttpError(404, OIDC_MSG.notConfigured);
      let started;
      try {
        started = await oidc.start(`${base(request)}${OIDC_PATHS.callback}`);
      } catch (error) {
        infra.log.error({ err: error }, 'OIDC provider could not be reached');
        const handoff = await sealHandoff(
          sealer,
          { status: 502, error: OIDC_MSG.providerUnreachable },
          secure(request),
        );
        return reply.header('set-cookie', handoff).redirect(signInPage(base(request)));
      }
      const cookie = await sealer.seal('transaction', TRANSACTION, { ...started.transaction }, secure(request));
      return reply.header('set-cookie', cookie).redirect(started.url.href);
    },
  );

  rawRoute(
    app,
    {
      method: 'GET',
      url: OIDC_PATHS.callback,
      access: 'anonymous',
      summary: "The OpenID provider's return: checks state, nonce and PKCE, signs in, hands off to the sign-in page.",
    },
    async (request, reply) => {
      const returned = new URL(`${base(request)}${request.url}`);
      const outcome = await finishSignIn(request.headers.cookie, returned);
      const cookies = [
        setCookie(TRANSACTION, '', secure(request)),
        await sealHandoff(sealer, outcome, secure(request)),
      ];
      if ('token' in outcome && outcome.idToken && outcome.idToken.length <= HINT_MAX_CHARS)
        cookies.push(setCookie(LOGOUT_HINT, outcome.idToken, secure(request)));
      return reply.header('set-cookie', cookies).redirect(signInPage(base(request)));
    },
  );

  route(app, oidcCalls.session, async ({ request, reply }) => {
    const handoff = await sealer.open('handoff', HANDOFF, request.headers.cookie);
    reply.header('set-cookie', setCookie(HANDOFF, '', secure(request)));
    if (!handoff || typeof handoff.jti !== 'string' || !(await used.tryHit(`handoff:${handoff.jti}`)))
      throw new HttpError(400, OIDC_MSG.handoffMissing);
    if (typeof handoff.token === 'string') return { access_token: handoff.token };
    throw new HttpError(Number(handoff.status) || 400, String(handoff.error));
  });

  rawRoute(
    app,
    {
      method: 'GET',
      url: OIDC_PATHS.signOut,
      access: 'anonymous',
      summary: "After the portal's sign-out: ends the OpenID provider's session when it offers end-session.",
    },
    async (request, reply) => {
      const hint = request.headers.cookie
        ? cookieValue(request.headers.cookie, LOGOUT_HINT.name) || undefined
        : undefined;
      reply.header('set-cookie', setCookie(LOGOUT_HINT, '', secure(request)));
      const home = `${base(request)}/login`;
      if (!oidc) return reply.redirect(home);
      try {
        return reply.redirect((await oidc.endSession(home, hint))?.href ?? home);
      } catch (error) {
        infra.log.warn({ err: error }, 'OIDC provider could not be reached to end its session');
        return reply.redirect(home);
      }
    },
  );

  /** The callback's work; every refusal becomes a message for the sign-in page. */
  async function finishSignIn(cookies: string | undefined, returned: URL): Promise<Outcome> {
    try {
      if (!oidc || !settings) throw new HttpError(404, OIDC_MSG.notConfigured);
      const transaction = await openTransaction(cookies, returned);
      const error = returned.searchParams.get('error');
      if (error)
        throw new HttpError(401, OIDC_MSG.providerRefused(returned.searchParams.get('error_description') ?? error));
      const { claims, idToken } = await exchange(oidc, settings, returned, transaction);
      const answer = await auth.signInExternal(profileOf(claims, settings), settings.policy, {
        askSecondFactor: false,
      });
      if (!('access_token' in answer)) throw new Error('an OIDC sign-in asked for a second factor');
      return { token: answer.access_token, idToken };
    } catch (error) {
      if (error instanceof HttpError) return { status: error.statusCode, error: error.message };
      infra.log.error({ err: error }, 'OIDC sign-in failed');
      return { status: 500, error: OIDC_MSG.providerUnreachable };
    }
  }

  /** This browser's transaction, if the returned state is its own and has not been used before. */
  async function openTransaction(cookies: string | undefined, returned: URL): Promise<OidcTransaction> {
    const sealed = await sealer.open('transaction', TRANSACTION, cookies);
    const state = returned.searchParams.get('state');
    const transaction = sealed as Partial<OidcTransaction> | null;
    if (!transaction?.state || !transaction.nonce || !transaction.verifier || transaction.state !== state)
      throw new HttpError(400, OIDC_MSG.badState);
    if (!(await used.tryHit(`state:${transaction.state}`))) throw new HttpError(400, OIDC_MSG.badState);
    return { state: transaction.state, nonce: transaction.nonce, verifier: transaction.verifier };
  }

  async function exchange(client: OidcClient, s: OidcSettings, returned: URL, transaction: OidcTransaction) {
    try {
      return await client.finish(returned, transaction, wantedClaims(s));
    } catch (error) {
      if (isNonceMismatch(error)) throw new HttpError(400, OIDC_MSG.badNonce);
      infra.log.error({ err: error }, 'OIDC code exchange failed');
      throw new HttpError(502, OIDC_MSG.providerUnreachable);
    }
  }
}

/** The sign-in page, told to fetch the outcome that waits in the hand-off cookie. */
const signInPage = (base: string) => `${base}/login?${OIDC_RETURN_PARAM}=1`;

function sealHandoff(sealer: Sealer, outcome: Outcome, secure: boolean): Promise<string> {
  const jti = randomBytes(16).toString('base64url');
  return sealer.seal('handoff', HANDOFF, { jti, ...('token' in outcome ? { token: outcome.token } : outcome) }, secure);
}
