import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { latestCode } from '../src/infra/mail/outbox-reader.js';
import type { TestContext } from './harness.js';

/** Helpers for the auth tests (imported by *.test.ts only). */
export const ADMIN = { username: 'admin', password: 'Admin#Pass1' };
export const GOOD_PASSWORD = 'Good#Pass1';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface ApiOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  ip?: string;
}

/** One API call through app.inject; `token` goes into `Authorization: JWT …`. */
export async function api<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: ApiOptions = {},
): Promise<Reply<T>> {
  const response = await app.inject({
    method,
    url,
    query: options.query,
    payload: options.body as object | undefined,
    headers: options.token ? { authorization: `JWT ${options.token}` } : {},
    remoteAddress: options.ip,
  });
  return { status: response.statusCode, body: response.json() as T };
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const reply = await api<{ access_token: string }>(app, 'POST', '/api/v1/auth/login', {
    body: { username, password },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.access_token;
}

export const adminToken = (app: FastifyInstance) => login(app, ADMIN.username, ADMIN.password);

/** A user registered and confirmed by the admin, in the given groups; returns a signed-in token. */
export async function confirmedUser(
  app: FastifyInstance,
  admin: string,
  username: string,
  groups: string[] = ['user'],
  password = GOOD_PASSWORD,
): Promise<string> {
  const body = { username, password, name: `Name ${username}`, email: `${username}@example.org`, groups };
  expect((await api(app, 'POST', '/api/v1/auth/user', { token: admin, body })).status).toBe(200);
  expect((await api(app, 'PUT', '/api/v1/auth/confirm', { token: admin, body: { username } })).status).toBe(200);
  return login(app, username, password);
}

export const REQUEST = {
  name: 'Alice Liddell',
  username: 'alice',
  password: GOOD_PASSWORD,
  email: 'alice@example.org',
  pi_name: 'Dr. Dodo',
  organization: 'Wonderland Lab',
};

/** An account request for `username`; returns the emailed confirmation code. */
export async function requestAccount(
  t: TestContext,
  username = REQUEST.username,
  extra: Partial<typeof REQUEST> = {},
): Promise<string> {
  const body = { ...REQUEST, username, email: `${username}@example.org`, ...extra };
  const reply = await api(t.app, 'POST', '/api/v1/auth/user_account_request', { body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return codeOf(t, username);
}

export function codeOf(t: TestContext, username: string): string {
  const code = latestCode(t.infra.dataDir, username);
  expect(code, `a code mailed to ${username}`).toMatch(/^\d{6}$/);
  return code!;
}

/** Sets every stored code of a user into the past. */
export async function expireCodes(t: TestContext, username: string): Promise<void> {
  const user = await t.infra.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await t.infra.db
    .updateTable('auth_codes')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('user_id', '=', user.id)
    .execute();
}

/** A code that is surely not the right one. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
