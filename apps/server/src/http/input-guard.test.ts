import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@atlas/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { adminToken, api } from '../../test/accounts.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const nul = { status: 400, body: { msg: MSG.inputNulByte, status_code: 400 } };

describe('input guard', () => {
  it('answers a NUL byte anywhere with 400 and a message, not a database error', async () => {
    expect(
      await api(t.app, 'GET', '/api/v1/run_db/search_by_publication', { token: admin, query: { query: 'a\0b' } }),
    ).toEqual(nul);
    expect(await api(t.app, 'GET', '/api/v1/run_db/search_authors', { token: admin, query: { query: '\0' } })).toEqual(
      nul,
    );
    const body = { username: 'x\0', password: 'y' };
    expect(await api(t.app, 'POST', '/api/v1/auth/login', { body })).toEqual(nul);
    expect(
      await api(t.app, 'POST', '/api/v1/task', {
        token: admin,
        body: { task: 'core.task_list', queue: 'atxcloud_core', kwargs: { 'k\0': 1 } },
      }),
    ).toEqual(nul);
  });

  it('refuses JSON nested deeper than any call takes', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = [deep];
    const reply = await api(t.app, 'POST', '/api/v1/task', {
      token: admin,
      body: { task: 'core.task_list', queue: 'atxcloud_core', args: deep },
    });
    expect(reply).toEqual({ status: 400, body: { msg: MSG.inputTooDeep(64), status_code: 400 } });
    // Ordinary calls pass.
    expect(
      (await api(t.app, 'GET', '/api/v1/run_db/search_authors', { token: admin, query: { query: 'Lind' } })).status,
    ).toBe(200);
  });
});
