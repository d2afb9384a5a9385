import { describe, expect, it } from 'vitest';
import { MSG } from '@atlas/contracts';
import { useTestApp } from '../../test/harness.js';

const t = useTestApp();

const nul = { status: 400, body: { msg: MSG.inputNulByte, status_code: 400 } };

describe('input guard', () => {
  it('answers a NUL byte anywhere with 400 and a message, not a database error', async () => {
    expect(
      await t.api('GET', '/api/v1/run_db/search_by_publication', { token: t.admin, query: { query: 'a\0b' } }),
    ).toEqual(nul);
    expect(await t.api('GET', '/api/v1/run_db/search_authors', { token: t.admin, query: { query: '\0' } })).toEqual(
      nul,
    );
    const body = { username: 'x\0', password: 'y' };
    expect(await t.api('POST', '/api/v1/auth/login', { body })).toEqual(nul);
    expect(
      await t.api('POST', '/api/v1/task', {
        token: t.admin,
        body: { task: 'core.task_list', queue: 'atxcloud_core', kwargs: { 'k\0': 1 } },
      }),
    ).toEqual(nul);
  });

  it('refuses JSON nested deeper than any call takes', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i++) deep = [deep];
    const reply = await t.api('POST', '/api/v1/task', {
      token: t.admin,
      body: { task: 'core.task_list', queue: 'atxcloud_core', args: deep },
    });
    expect(reply).toEqual({ status: 400, body: { msg: MSG.inputTooDeep(64), status_code: 400 } });
    // Ordinary calls pass.
    expect(
      (await t.api('GET', '/api/v1/run_db/search_authors', { token: t.admin, query: { query: 'Lind' } })).status,
    ).toBe(200);
  });
});
