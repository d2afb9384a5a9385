import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_MARGIN_MS } from '@atlas/contracts';
import type { LoginRecord } from './loginRecord';
import { SessionController, type SessionDeps } from './sessionController';

const START = Date.UTC(2024, 0, 1, 12, 0, 0);
const HOUR = 3_600_000;

function jwt(sub: string, expMs: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub, exp: expMs / 1000 })}.sig`;
}

function setup(saved: LoginRecord | null = null) {
  let cookie = saved;
  const deps = {
    login: vi.fn(async (username: string) => ({ access_token: jwt(username, Date.now() + HOUR) })),
    whoami: vi.fn(async (token: string) => {
      if (token.startsWith('bad')) throw new Error('401');
      if (token.startsWith('unreachable')) throw new Error('network');
      if (token.startsWith('cut')) throw new TypeError("Cannot read properties of undefined (reading 'username')");
      if (token.startsWith('public')) return { username: null, groups: [], profile: null };
      return { username: 'ada', groups: ['user'], profile: null };
    }),
    refreshToken: vi.fn(async () => ({ access_token: jwt('ada', Date.now() + HOUR) })),
    logIntoPublic: vi.fn(async () => ({ access_token: 'public-token' })),
    cookie: {
      read: () => cookie,
      write: (record: LoginRecord) => {
        cookie = record;
      },
      clear: () => {
        cookie = null;
      },
    },
    url: 'http://portal',
    now: () => Date.now(),
    log: vi.fn(),
    refused: (error: unknown) => (error as Error).message === '401',
  } satisfies SessionDeps;
  return { controller: new SessionController(deps), deps, cookie: () => cookie };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('SessionController', () => {
  it('a second-factor step starts no session; the token it answers does', async () => {
    const { controller, deps, cookie } = setup();
    await controller.restore();
    const step = { second_factor: 'code' as const, challenge: 'challenge', expires_in: 600 };
    deps.login.mockResolvedValueOnce(step as never);
    expect(await controller.signIn('ada', 'pw')).toEqual(step);
    expect(controller.getState()).toMatchObject({ user: null, token: null });
    expect(cookie()).toBeNull();
    const token = jwt('ada', START + HOUR);
    expect(await controller.startSession(token)).toMatchObject({ username: 'ada' });
    expect(controller.getState()).toMatchObject({ token, user: { username: 'ada' } });
    expect(cookie()).toEqual({ url: 'http://portal', token });
  });

  it('is ready and signed out when there is no login cookie', async () => {
    const { controller, deps } = setup();
    await controller.restore();
    expect(controller.getState()).toMatchObject({ ready: true, user: null, token: null });
    expect(deps.whoami).not.toHaveBeenCalled();
  });

  it('restores a saved session with whoami', async () => {
    const token = jwt('ada', START + HOUR);
    const { controller } = setup({ url: 'http://portal', token });
    await controller.restore();
    expect(controller.getState()).toMatchObject({ ready: true, token, user: { username: 'ada', groups: ['user'] } });
  });

  it('offers the saved token while whoami is still answering, not yet as a user', async () => {
    const token = jwt('ada', START + HOUR);
    const { controller } = setup({ url: 'http://portal', token });
    const restoring = controller.restore();
    expect(controller.getState()).toMatchObject({ ready: false, token, user: null });
    await restoring;
    expect(controller.getState()).toMatchObject({ ready: true, token });
  });

  it('removes a saved session that whoami refuses', async () => {
    const { controller, cookie, deps } = setup({ url: 'http://portal', token: 'bad-token' });
    await controller.restore();
    expect(controller.getState()).toMatchObject({ ready: true, user: null, token: null });
    expect(cookie()).toBeNull();
    expect(deps.log).toHaveBeenCalled();
  });

  it('removes a saved token that whoami answers as not a user (a public token)', async () => {
    const { controller, cookie } = setup({ url: 'http://portal', token: 'public-token' });
    await controller.restore();
    expect(controller.getState()).toMatchObject({ ready: true, user: null, token: null });
    expect(cookie()).toBeNull();
  });

  it.each([
    ['gets no answer (page left mid-call, server down)', 'unreachable-token'],
    ['fails in any other way (an answer cut off as the page is left)', 'cut-token'],
  ])('keeps the saved session when whoami %s', async (_, token) => {
    const saved = { url: 'http://portal', token };
    const { controller, cookie, deps } = setup(saved);
    await controller.restore();
    expect(controller.getState()).toMatchObject({ ready: true, user: null, token: null });
    expect(cookie()).toEqual(saved);
    expect(deps.log).toHaveBeenCalled();
  });

  it('signs in, saves the cookie and refreshes ten minutes before expiry', async () => {
    const { controller, deps, cookie } = setup();
    await controller.restore();
    await controller.signIn('ada', 'pw');
    const first = controller.getToken();
    expect(cookie()).toEqual({ url: 'http://portal', token: first });

    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS - 1);
    expect(deps.refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.refreshToken).toHaveBeenCalledWith(first);
    expect(controller.getToken()).not.toBe(first);
    expect(cookie()?.token).toBe(controller.getToken());

    // The refreshed token is itself refreshed again before its own expiry.
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS);
    expect(deps.refreshToken).toHaveBeenCalledTimes(2);
  });

  it('only logs a failed refresh and keeps the session', async () => {
    const { controller, deps } = setup();
    await controller.signIn('ada', 'pw');
    deps.refreshToken.mockRejectedValueOnce(new Error('down'));
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(deps.log).toHaveBeenCalledWith('Could not refresh the access token', expect.any(Error));
    expect(controller.getState().user?.username).toBe('ada');
  });

  it('signs out: cookie removed and the refresh timer cancelled', async () => {
    const { controller, deps, cookie } = setup();
    await controller.signIn('ada', 'pw');
    expect(controller.signOut()?.username).toBe('ada');
    expect(cookie()).toBeNull();
    expect(controller.getState()).toMatchObject({ user: null, token: null, ready: true });
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(deps.refreshToken).not.toHaveBeenCalled();
  });

  it('gives visitors one public token, without whoami, cookie or refresh', async () => {
    const { controller, deps, cookie } = setup();
    await controller.restore();
    await Promise.all([controller.startPublicSession(), controller.startPublicSession()]);
    expect(deps.logIntoPublic).toHaveBeenCalledTimes(1);
    expect(controller.getState()).toMatchObject({ token: 'public-token', isPublic: true, user: null });
    expect(deps.whoami).not.toHaveBeenCalled();
    expect(cookie()).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(deps.refreshToken).not.toHaveBeenCalled();
  });

  it('does not open a public session for a signed-in user', async () => {
    const { controller, deps } = setup();
    await controller.signIn('ada', 'pw');
    await controller.startPublicSession();
    expect(deps.logIntoPublic).not.toHaveBeenCalled();
    expect(controller.getState().isPublic).toBe(false);
  });

  it('lets a public visitor sign in', async () => {
    const { controller } = setup();
    await controller.startPublicSession();
    await controller.signIn('ada', 'pw');
    expect(controller.getState()).toMatchObject({ isPublic: false, user: { username: 'ada' } });
  });
});
