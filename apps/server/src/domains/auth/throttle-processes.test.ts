import { LOGIN_ACCOUNT_LIMIT, LOGIN_RATE_LIMIT, MSG } from '@atlas/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createLimitStore } from '../../infra/limits/index.js';
import { useTestApp } from '../../../test/harness.js';
import { GOOD_PASSWORD } from '../../../test/accounts.js';
import { buildUser } from '../../../test/factories.js';

/**
 * Two API instances on one database and one Redis, each with its own limit store (its own connection and memory),
 * as two processes behind the proxy are: a client alternating between them gets one allowance, not two.
 */
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('sign-in throttles across two API processes (Redis)', () => {
  const t = useTestApp();
  let second: FastifyInstance;
  let closeLimits: () => Promise<void>;
  beforeAll(async () => {
    expect(t.infra.limits.driver).toBe('redis');
    const limits = await createLimitStore(t.infra.config, t.infra.log);
    second = await buildApp({ ...t.infra, limits });
    await second.ready();
    closeLimits = () => limits.close();
    await buildUser(t, 'shared');
  });
  afterAll(async () => {
    await second.close();
    await closeLimits();
  });

  const login = (app: FastifyInstance, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'shared', password },
      remoteAddress: ip,
    });

  it('one address alternating between the processes gets one allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LOGIN_RATE_LIMIT.max; i++)
      statuses.push((await login(i % 2 ? second : t.app, 'Wrong#1', '10.1.0.1')).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_RATE_LIMIT.max);
    expect((await login(second, GOOD_PASSWORD, '10.1.0.1')).statusCode).toBe(429);
    expect((await login(t.app, GOOD_PASSWORD, '10.1.0.1')).statusCode).toBe(429);
  });

  it('many addresses over both processes get the account’s allowance, not one per process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++)
      statuses.push((await login(i % 2 ? second : t.app, `Guess#${i}`, `198.51.100.${i % 5}`)).statusCode);
    // The first test's failures came from one address and count against the account too.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_ACCOUNT_LIMIT.max - LOGIN_RATE_LIMIT.max);
    const refused = await login(second, GOOD_PASSWORD, '203.0.113.9');
    expect([refused.statusCode, refused.json().msg]).toEqual([429, MSG.accountGuessedAt]);
  });
});
