import * as client from 'openid-client';
import type { OidcSettings } from '../../../config.js';

/**
 * The portal as an OpenID Connect relying party, through `openid-client` (authorization code + PKCE, ID token
 * checks: signature, issuer, audience, expiry, nonce). The provider's metadata is discovered at the first sign-in
 * and kept; a failed discovery is retried at the next, so a provider that is down when the portal starts costs
 * nothing but that sign-in.
 */
export interface OidcTransaction {
  state: string;
  nonce: string;
  verifier: string;
}

export type OidcClaims = Record<string, unknown>;

export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = null;
      throw error;
    });
    return discovered;
  };

  return {
    /** Where to send the browser, and the checks its return must pass. */
    async start(redirectUri: string): Promise<{ url: URL; transaction: OidcTransaction }> {
      const config = await configuration();
      const transaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(transaction.verifier),
        code_challenge_method: 'S256',
      });
      return { url, transaction };
    },

    /**
     * Trades the code of the provider's redirect (`returned`: the callback URL with its query) for tokens; the ID
     * token's claims, with the userinfo answer over them when the ID token lacks the claims the portal reads.
     */
    async finish(
      returned: URL,
      transaction: OidcTransaction,
      wanted: readonly string[],
    ): Promise<{ claims: OidcClaims; idToken: string | undefined }> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, returned, {
        pkceCodeVerifier: transaction.verifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()! as OidcClaims;
      let claims = idClaims;
      if (wanted.some((name) => claimAt(idClaims, name) === undefined) && config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, String(idClaims.sub));
        claims = { ...idClaims, ...info };
      }
      return { claims, idToken: tokens.id_token };
    },

    /** The provider's end-session address, or null when it offers none. */
    async endSession(postLogoutRedirectUri: string, idTokenHint: string | undefined): Promise<URL | null> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        client_id: settings.clientId,
        ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
      });
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const secret = settings.clientSecret;
  // Plain http is let through only for a loopback issuer (config.ts refuses it anywhere else): the tests' provider.
  const loopback = new URL(settings.issuer).protocol === 'http:';
  return client.discovery(
    new URL(settings.issuer),
    settings.clientId,
    secret,
    secret ? client.ClientSecretBasic(secret) : client.None(),
    loopback ? { execute: [client.allowInsecureRequests] } : undefined,
  );
}

/** A claim by name, or by a dotted path into nested objects (Keycloak's `realm_access.roles`). */
export function claimAt(claims: OidcClaims, name: string): unknown {
  if (name in claims) return claims[name];
  let at: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null || !(part in at)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** Whether an openid-client failure is the ID token's nonce not matching this sign-in's. */
export function isNonceMismatch(error: unknown): boolean {
  for (let at = error; at instanceof Error || (typeof at === 'object' && at !== null);) {
    if ((at as { claim?: unknown }).claim === 'nonce') return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}
