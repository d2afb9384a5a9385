import {
  apiTokenCalls,
  authCalls,
  OIDC_PATHS,
  oidcCalls,
  secondFactorCalls,
  sharingCalls,
  type Access,
  type TReviewerSecrets,
} from '@atlas/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../http/tokens.js';
import type { RegisteredRoute } from '../../http/route.js';
import { useTestApp } from '../../../test/harness.js';
import { buildExternalUser, buildUser } from '../../../test/factories.js';
import { createRuns } from '../runs/index.js';

/**
 * The authorisation matrix (DESIGN §3): every route registered through route()/rawRoute(), of every domain,
 * called as each kind of identity, must answer as its access rule says. Handlers may answer anything else
 * (400 for the empty body, 404 for dummy ids): only 401 and 403 are judged here.
 */
type SessionIdentity =
  'anonymous' | 'public' | 'user' | 'admin' | 'expired' | 'tampered' | 'reviewer' | 'endedReviewer';
type ApiTokenIdentity = 'apiToken' | 'adminApiToken' | 'revokedApiToken' | 'expiredApiToken';
/** Accounts of an institution's OpenID provider or directory (issue 35), in the user group by their mapping. */
type ExternalIdentity = 'oidcUser' | 'ldapUser';
type IdentityName = SessionIdentity | ApiTokenIdentity | ExternalIdentity;
const IDENTITIES: readonly IdentityName[] = [
  'anonymous',
  'public',
  'user',
  'admin',
  'expired',
  'tampered',
  'reviewer',
  'endedReviewer',
  'oidcUser',
  'ldapUser',
  'apiToken',
  'adminApiToken',
  'revokedApiToken',
  'expiredApiToken',
];
/**
 * A personal API token acts as its owner (issue 20); a refused one is a rejected token. An institution's account is a
 * user like a local one: how it signed in changes nothing it may call.
 */
const ACTS_AS: Record<ApiTokenIdentity | ExternalIdentity, SessionIdentity> = {
  oidcUser: 'user',
  ldapUser: 'user',
  apiToken: 'user',
  adminApiToken: 'admin',
  revokedApiToken: 'expired',
  expiredApiToken: 'expired',
};
const sessionOf = (identity: IdentityName): SessionIdentity =>
  identity in ACTS_AS ? ACTS_AS[identity as keyof typeof ACTS_AS] : (identity as SessionIdentity);
type Expectation = 'allowed' | 401 | 403;

/**
 * A reviewer session (issue 35) may call what a public session may; one whose link was rotated is over (401).
 */
const EXPECTED: Record<Access, Record<SessionIdentity, Expectation>> = {
  anonymous: {
    anonymous: 'allowed',
    public: 'allowed',
    user: 'allowed',
    admin: 'allowed',
    expired: 'allowed',
    tampered: 'allowed',
    reviewer: 'allowed',
    endedReviewer: 'allowed',
  },
  public: {
    ...{ anonymous: 401, public: 'allowed', user: 'allowed', admin: 'allowed', expired: 401, tampered: 401 },
    ...{ reviewer: 'allowed', endedReviewer: 401 },
  },
  any: {
    ...{ anonymous: 401, public: 403, user: 'allowed', admin: 'allowed', expired: 401, tampered: 401 },
    ...{ reviewer: 403, endedReviewer: 401 },
  },
  user: {
    ...{ anonymous: 401, public: 403, user: 'allowed', admin: 'allowed', expired: 401, tampered: 401 },
    ...{ reviewer: 403, endedReviewer: 401 },
  },
  admin: {
    ...{ anonymous: 401, public: 403, user: 403, admin: 'allowed', expired: 401, tampered: 401 },
    ...{ reviewer: 403, endedReviewer: 401 },
  },
};

const DUMMY_PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  username: 'matrix-nobody',
  bucket: 'atx-data',
};

// Opening the app takes over a minute while other suites share a 2-core machine.
const t = useTestApp({ timeoutMs: 180_000 });
const tokens = {} as Record<IdentityName, string | undefined>;

beforeAll(async () => {
  const publicReply = await t.app.inject({ method: 'GET', url: '/api/v1/auth/log_into_public' });
  const [head, payload, signature] = t.admin.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'matrix-user' })).toString('base64url');
  Object.assign(tokens, {
    anonymous: undefined,
    public: (publicReply.json() as { access_token: string }).access_token,
    user: await buildUser(t, 'matrix-user', ['user']),
    admin: t.admin,
    expired: await createTokenService(t.infra.config.jwtSecret).issue(
      { sub: 'admin', role: 'user', groups: ['admin'] },
      -10,
    ),
    tampered: `${head}.${forged}.${signature}`,
    ...(await reviewerSessions()),
    oidcUser: await buildExternalUser(
      t,
      { provider: 'oidc', username: 'matrix-oidc', values: ['staff'] },
      { staff: ['user'] },
    ),
    ldapUser: await buildExternalUser(
      t,
      { provider: 'ldap', username: 'matrix-ldap', values: ['cn=staff,ou=groups,dc=uni'] },
      { 'cn=staff,ou=groups,dc=uni': ['user'] },
    ),
  });
  const userToken = await makeApiToken(tokens.user!);
  const revoked = await makeApiToken(tokens.user!);
  await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/auth/api_tokens/${revoked.id}`,
    headers: { authorization: `JWT ${tokens.user}` },
  });
  const expired = await makeApiToken(t.admin);
  await t.infra.db
    .updateTable('api_tokens')
    .set({ expires_at: new Date(0) })
    .where('id', '=', expired.id)
    .execute();
  Object.assign(tokens, {
    apiToken: userToken.token,
    adminApiToken: (await makeApiToken(t.admin)).token,
    revokedApiToken: revoked.token,
    expiredApiToken: expired.token,
  });
  // Ten identities to set up on a machine shared by several test runs: more than the default minute.
}, 180_000);

/** A live reviewer session, and one whose link was rotated since (a run to open is made for them). */
async function reviewerSessions(): Promise<{ reviewer: string; endedReviewer: string }> {
  await createRuns(t.infra).records.ensureRun({
    runId: 'D00901',
    title: 'Matrix',
    assay: 'Transcriptome',
    group: null,
  });
  const sessionOf = async () => {
    const made = await t.api<TReviewerSecrets>('POST', '/api/v1/auth/reviewer_links', {
      token: t.admin,
      // Downloads allowed, so the reviewer download calls answer it (their refusal of other links is a 403).
      body: { run_ids: ['D00901'], allow_downloads: true },
    });
    const session = await t.api<{ access_token: string }>('POST', '/api/v1/auth/reviewer/sign_in', {
      body: { code: made.body.code, pin: made.body.pin },
    });
    return { id: made.body.id, token: session.body.access_token };
  };
  const [live, ended] = [await sessionOf(), await sessionOf()];
  await t.api('POST', `/api/v1/auth/reviewer_links/${ended.id}/rotate`, { token: t.admin });
  return { reviewer: live.token, endedReviewer: ended.token };
}

async function makeApiToken(session: string): Promise<{ id: string; token: string }> {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/api_tokens',
    headers: { authorization: `JWT ${session}` },
    payload: { name: 'matrix' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { id: string; token: string };
}

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => DUMMY_PARAMS[name] ?? 'dummy').replace(/\*$/, 'dummy/key.txt');
}

async function statusOf(route: RegisteredRoute, identity: IdentityName): Promise<number> {
  const token = tokens[identity];
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const response = await t.app.inject({
    method: route.method,
    url: concreteUrl(route.url),
    headers: {
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    payload: hasBody ? '{}' : undefined,
  });
  return response.statusCode;
}

/** What is wrong with one answer, or null. */
function judge(route: RegisteredRoute, identity: IdentityName, status: number): string | null {
  const sessionOnly = route.call?.sessionOnly === true && (identity === 'apiToken' || identity === 'adminApiToken');
  const base = EXPECTED[route.access][sessionOf(identity)];
  // Calls that mint credentials refuse a token that the access rule lets in (403), never a session.
  const expected = sessionOnly && base === 'allowed' ? 403 : base;
  const where = `${route.method} ${route.url} [${route.access}] as ${identity}: got ${status}`;
  if (expected !== 'allowed') return status === expected ? null : `${where}, expected ${expected}`;
  // Raw anonymous routes may refuse on their own terms: the signed storage URLs answer 403 for a bad
  // signature by design. They must still never ask for a sign-in.
  const refused = route.call === undefined && route.access === 'anonymous' ? [401] : [401, 403];
  return refused.includes(status) ? `${where}, expected neither ${refused.join(' nor ')}` : null;
}

describe('authorisation matrix', () => {
  it('covers every auth call and the task and app routes', () => {
    const registered = new Set(t.app.atlasRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    const urls = t.app.atlasRoutes.map((r) => r.url);
    const calls = [
      ...Object.values(authCalls),
      ...Object.values(apiTokenCalls),
      ...Object.values(secondFactorCalls),
      ...Object.values(sharingCalls),
      ...Object.values(oidcCalls),
    ];
    for (const call of calls) expect(registered).toContain(`${call.method} ${call.path} ${call.access}`);
    // OIDC's redirects (issue 35) are registered whether or not a provider is configured, so each row is judged.
    for (const path of Object.values(OIDC_PATHS)) expect(urls).toContain(path);
    expect(urls).toContain('/api/v1/app');
    expect(urls.some((u) => u.startsWith('/api/v1/task'))).toBe(true);
    expect(urls.filter((u) => u.startsWith('/api/v1/auth/')).length).toBeGreaterThanOrEqual(
      Object.keys(authCalls).length,
    );
  });

  for (const identity of IDENTITIES) {
    it(`every route answers as its access rule says for: ${identity}`, async () => {
      const problems: string[] = [];
      for (const route of t.app.atlasRoutes) {
        const problem = judge(route, identity, await statusOf(route, identity));
        if (problem) problems.push(problem);
      }
      expect(problems).toEqual([]);
    });
  }
});
