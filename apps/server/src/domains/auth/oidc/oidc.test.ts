import { EXTERNAL_SIGN_IN_MSG, OIDC_MSG, OIDC_PATHS } from '@atlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.js';
import {
  OIDC_TEST_CLIENT,
  signInAtProvider,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../../test/oidc-provider.js';
import { createSealer, OIDC_COOKIES } from './sealed-cookies.js';

/**
 * OIDC sign-in against a real OpenID provider on loopback (test/oidc-provider.ts): start → the provider's sign-in
 * and consent pages → callback → the sign-in page's hand-off, as a browser would go, with the portal in-process.
 */
const PORTAL = 'http://portal.test';
let provider: TestOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`${PORTAL}${OIDC_PATHS.callback}`],
    postLogoutRedirectUris: [`${PORTAL}/login`],
  });
});
afterAll(() => provider?.close());

const t = useTestApp({
  // A loaded machine takes more than the default minute to open the app.
  timeoutMs: 180_000,
  env: () => ({
    ATLAS_PUBLIC_URL: PORTAL,
    ATLAS_OIDC_ISSUER: provider.issuer,
    ATLAS_OIDC_CLIENT_ID: OIDC_TEST_CLIENT.id,
    ATLAS_OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.secret,
    ATLAS_OIDC_NAME: 'Loopback ID',
    ATLAS_OIDC_GROUP_MAP: 'lab-members=user|lab-b;portal-admins=admin',
    ATLAS_OIDC_NEW_ACCOUNTS: 'create',
  }),
});

/** A Cookie header made of the named cookies a response set. */
function cookiesOf(headers: Record<string, unknown>, ...names: string[]): string {
  const set = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  return set
    .map((c) => c.split(';')[0]!)
    .filter((pair) => names.includes(pair.split('=')[0]!) && !pair.endsWith('='))
    .join('; ');
}

async function start() {
  const reply = await t.app.inject({ method: 'GET', url: OIDC_PATHS.start });
  expect(reply.statusCode).toBe(302);
  return { authorizationUrl: String(reply.headers.location), cookie: cookiesOf(reply.headers, 'atlas_oidc_txn') };
}

/** The provider's redirect, brought to the callback with the browser's cookie: the hand-off and the hint. */
async function callback(returned: URL, cookie: string) {
  const reply = await t.app.inject({
    method: 'GET',
    url: `${returned.pathname}${returned.search}`,
    headers: { cookie },
  });
  expect(reply.statusCode).toBe(302);
  expect(reply.headers.location).toBe(`${PORTAL}/login?oidc=1`);
  return {
    handoff: cookiesOf(reply.headers, 'atlas_oidc_handoff'),
    hint: cookiesOf(reply.headers, 'atlas_oidc_hint'),
  };
}

async function handOff(cookie: string) {
  const reply = await t.app.inject({ method: 'POST', url: OIDC_PATHS.session, headers: { cookie } });
  return { status: reply.statusCode, body: reply.json() as { access_token?: string; msg?: string } };
}

async function signIn(login: string) {
  const started = await start();
  const returned = await signInAtProvider(started.authorizationUrl, login, 'pw');
  const { handoff, hint } = await callback(returned, started.cookie);
  return { ...(await handOff(handoff)), hint, handoff, returned, txn: started.cookie };
}

describe('OIDC sign-in against a loopback OpenID provider', () => {
  it('makes the account in the mapped groups; a changed claim changes them at the next sign-in', async () => {
    const app = await t.api<{ oidc: { name: string } | null }>('GET', '/api/v1/app');
    expect(app.body.oidc).toEqual({ name: 'Loopback ID' });
    const claims = { preferred_username: 'ada.l', name: 'Ada L', email: 'ada@uni.example', groups: ['lab-members'] };
    provider.setAccount('sub-ada', { password: 'pw', claims });

    const first = await signIn('sub-ada');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const me = await t.api('GET', '/api/v1/auth/whoami', { token: first.body.access_token! });
    expect(me.body).toMatchObject({ username: 'ada.l', groups: ['lab-b', 'user'] });
    // The start sent PKCE (S256) and a nonce; the hint for the provider's end-session is the ID token.
    expect(new URL((await start()).authorizationUrl).searchParams.get('code_challenge_method')).toBe('S256');
    expect(first.hint).toMatch(/^atlas_oidc_hint=ey/);

    provider.setAccount('sub-ada', { password: 'pw', claims: { ...claims, groups: ['portal-admins', 'other'] } });
    const second = await signIn('sub-ada');
    const again = await t.api('GET', '/api/v1/auth/whoami', { token: second.body.access_token! });
    expect(again.body).toMatchObject({ username: 'ada.l', groups: ['admin'] });
    const accounts = await t.api<{ username: string; sign_in_method: string }[]>('GET', '/api/v1/auth/list_accounts', {
      token: t.admin,
    });
    expect(accounts.body.find((a) => a.username === 'ada.l')?.sign_in_method).toBe('oidc');

    // A hand-off is good once; a replayed callback (same code, state and cookie) is refused.
    expect(await handOff(second.handoff)).toEqual({
      status: 400,
      body: expect.objectContaining({ msg: OIDC_MSG.handoffMissing }),
    });
    const replay = await callback(second.returned, second.txn);
    expect((await handOff(replay.handoff)).body.msg).toBe(OIDC_MSG.badState);

    // Its password lives at the provider: the portal's password calls refuse it, clearly.
    const change = await t.api('PUT', '/api/v1/auth/changepassword', {
      token: second.body.access_token!,
      body: { old_password: 'whatever', new_password: 'New#Pass12345' },
    });
    expect(change).toMatchObject({ status: 400, body: { msg: EXTERNAL_SIGN_IN_MSG.localPasswordRefused } });
    const forgot = await t.api('GET', '/api/v1/auth/forgot_password_request', { query: { username: 'ada.l' } });
    expect(forgot.body).toMatchObject({ state: 'Failure', msg: EXTERNAL_SIGN_IN_MSG.localPasswordRefused });

    // Sign-out sends the browser to the provider's end-session with the ID token as hint.
    const out = await t.app.inject({ method: 'GET', url: OIDC_PATHS.signOut, headers: { cookie: second.hint } });
    const endSession = new URL(String(out.headers.location));
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/login`);
    expect(endSession.searchParams.get('id_token_hint')).toBe(second.hint.split('=')[1]);
  });

  it('refuses an unknown state, a missing transaction and a nonce of another sign-in', async () => {
    provider.setAccount('sub-bob', { password: 'pw', claims: { preferred_username: 'bob', groups: [] } });
    const started = await start();
    const returned = await signInAtProvider(started.authorizationUrl, 'sub-bob', 'pw');

    const forged = new URL(returned);
    forged.searchParams.set('state', 'made-up');
    expect((await handOff((await callback(forged, started.cookie)).handoff)).body.msg).toBe(OIDC_MSG.badState);
    expect((await handOff((await callback(returned, '')).handoff)).body.msg).toBe(OIDC_MSG.badState);

    // The same state and PKCE verifier, with another nonce: the provider's ID token carries the one it was sent.
    const sealer = createSealer(t.infra.config.jwtSecret);
    const transaction = await sealer.open('transaction', OIDC_COOKIES.TRANSACTION, started.cookie);
    const other = await sealer.seal(
      'transaction',
      OIDC_COOKIES.TRANSACTION,
      { ...transaction, nonce: 'not-this' },
      false,
    );
    const badNonce = await callback(returned, other.split(';')[0]!);
    expect(await handOff(badNonce.handoff)).toMatchObject({ status: 400, body: { msg: OIDC_MSG.badNonce } });
    expect((await t.api('GET', '/api/v1/auth/list_accounts', { token: t.admin })).body).not.toContainEqual(
      expect.objectContaining({ username: 'bob' }),
    );
  });
});
