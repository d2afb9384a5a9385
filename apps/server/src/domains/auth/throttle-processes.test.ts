import { LOGIN_ACCOUNT_LIMIT, LOGIN_RATE_LIMIT, MSG } from '@atlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, GOOD_PASSWORD } from '../../../test/accounts.js';
import { startApiProcesses, type ApiProcesses } from '../../../test/processes.js';

/**
 * Two real API processes (`main.ts --role api`) on one PostgreSQL database and one Redis, as a deployment behind a
 * proxy runs them: each has its own memory and its own Redis connection, and a client alternating between them
 * gets one allowance, not two. Requests come "through the proxy": loopback is the trusted proxy and
 * X-Forwarded-For names the client.
 */
const PROFILE = process.env.DATABASE_URL && process.env.REDIS_URL;

describe.skipIf(!PROFILE)('sign-in throttles across two API processes (PostgreSQL + Redis)', () => {
  let rig: ApiProcesses;
  beforeAll(async () => {
    rig = await startApiProcesses(2, { ATLAS_TRUST_PROXY: '127.0.0.1' });
  }, 120_000);
  afterAll(() => rig?.stop());

  const call = (process: number, method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${rig.urls[process]}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const login = (process: number, username: string, password: string, client: string) =>
    call(process, 'POST', '/api/v1/auth/login', { username, password }, { 'x-forwarded-for': client });

  it('both processes start at once on an empty database and answer under their own names', async () => {
    const names = await Promise.all(
      rig.urls.map(async (url) => (await fetch(`${url}/api/v1/app`)).headers.get('x-atlas-process')),
    );
    expect(names).toEqual(['api-0', 'api-1']);
  });

  it('an account created through one process signs in through the other, with a token both accept', async () => {
    const admin = (await (await login(0, ADMIN.username, rig.adminPassword, '10.9.0.1')).json()) as {
      access_token: string;
    };
    const asAdmin = { authorization: `JWT ${admin.access_token}` };
    const user = { username: 'shared', password: GOOD_PASSWORD, name: 'Shared', email: 'shared@example.org' };
    expect((await call(1, 'POST', '/api/v1/auth/user', { ...user, groups: ['user'] }, asAdmin)).status).toBe(200);
    expect((await call(0, 'PUT', '/api/v1/auth/confirm', { username: 'shared' }, asAdmin)).status).toBe(200);
    expect((await login(1, 'shared', GOOD_PASSWORD, '10.9.0.2')).status).toBe(200);
  });

  it('one address alternating between the processes gets one allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LOGIN_RATE_LIMIT.max; i++)
      statuses.push((await login(i % 2, 'shared', 'Wrong#1', '10.1.0.1')).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_RATE_LIMIT.max);
    expect((await login(1, 'shared', GOOD_PASSWORD, '10.1.0.1')).status).toBe(429);
    expect((await login(0, 'shared', GOOD_PASSWORD, '10.1.0.1')).status).toBe(429);
  });

  it('many addresses over both processes get the account’s allowance, not one per process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await login(i % 2, 'shared', `Guess#${i}`, `198.51.100.${i % 5}`)).status);
    // The previous test's failures came from one address and count against the account too.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_ACCOUNT_LIMIT.max - LOGIN_RATE_LIMIT.max);
    const refused = await login(1, 'shared', GOOD_PASSWORD, '203.0.113.9');
    expect([refused.status, ((await refused.json()) as { msg: string }).msg]).toEqual([429, MSG.accountGuessedAt]);
  });
});
