import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider on loopback for the OIDC sign-in tests (server and browser): panva's `oidc-provider` with
 * one confidential test client that must use PKCE, accounts whose claims a test changes between sign-ins, and
 * sign-in and consent pages of its own (the package's development pages load web fonts from the internet; these
 * load nothing). The ID token holds only `sub` and the scopes' claims come from userinfo, as at many providers.
 */
export const OIDC_TEST_CLIENT = { id: 'atlas-portal', secret: 'atlas-portal-test-secret' } as const;

export interface TestAccount {
  password: string;
  claims: Record<string, unknown>;
}

export interface TestOidcProvider {
  issuer: string;
  /** Adds or replaces an account; its claims apply from the next sign-in on. */
  setAccount(id: string, account: TestAccount): void;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  /** The portal's callback and post-sign-out addresses, as registered for the client. */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** 0 (default): any free port. */
  port?: number;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  // The issuer names the port: the port is taken first and the provider mounted on it after.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration(options, accounts));
  provider.use(interactionPages(provider, accounts));
  server.on('request', provider.callback());
  return {
    issuer,
    setAccount: (id, account) => accounts.set(id, account),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function configuration(
  options: { redirectUris: string[]; postLogoutRedirectUris: string[] },
  accounts: Map<string, TestAccount>,
): Configuration {
  return {
    clients: [
      {
        client_id: OIDC_TEST_CLIENT.id,
        client_secret: OIDC_TEST_CLIENT.secret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups'], email: ['email'] },
    cookies: { keys: ['atlas oidc test provider'] },
    // Set, so the provider does not note each default it falls back to.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: () => ({ sub: id, ...account.claims }) };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const yes =
            '<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>';
          page(ctx, 'Sign out of the test provider?', `${form}${yes}`);
        },
        postLogoutSuccessSource: (ctx) => page(ctx, 'Signed out', ''),
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: (ctx, out) => page(ctx, 'Provider error', `<pre>${escapeHtml(JSON.stringify(out))}</pre>`),
  };
}

/** GET /interaction/:uid shows the sign-in or consent form; POST finishes it and sends the browser on. */
function interactionPages(provider: Provider, accounts: Map<string, TestAccount>) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (!/^\/interaction\/[\w-]+$/.test(ctx.path)) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const prompt = details.prompt.name;
    if (ctx.method === 'GET') {
      const fields =
        prompt === 'login'
          ? '<label>Username <input name="login" autofocus></label><label>Password <input name="password" type="password"></label><button type="submit">Sign in</button>'
          : `<p>Let the portal read your profile and groups?</p><button type="submit">Continue</button>`;
      return page(
        ctx,
        prompt === 'login' ? 'Test provider sign-in' : 'Consent',
        `<form method="post">${fields}</form>`,
      );
    }
    const form = new URLSearchParams(await readBody(ctx.req));
    let result;
    if (prompt === 'login') {
      const login = form.get('login') ?? '';
      if (accounts.get(login)?.password !== form.get('password')) return page(ctx, 'Wrong username or password', '');
      result = { login: { accountId: login } };
    } else {
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      result = { consent: { grantId: await grant.save() } };
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: true });
    ctx.status = 303;
    ctx.redirect(returnTo);
  };
}

function page(ctx: KoaContextWithOIDC, title: string, body: string): void {
  ctx.type = 'html';
  ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * Signs in at the provider as a browser would, over HTTP (the server tests; the browser spec uses the pages): from
 * the authorization URL through the sign-in and consent forms to the redirect back to the portal, whose URL it
 * answers. Cookies are kept by name only, enough for one provider on one host.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, password: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) return next;
      [url, body] = [next, undefined];
      continue;
    }
    const html = await response.text();
    if (!html.includes('<form method="post">')) throw new Error(`the provider answered ${response.status}: ${html}`);
    body = html.includes('name="login"') ? new URLSearchParams({ login, password }).toString() : '';
  }
  throw new Error('the provider never sent the browser back');
}
