import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isValidPassword, TOKEN_MSG, type TCreatedApiToken } from '@atlas/contracts';
import { createTestInfra, useTestApp } from '../../../test/harness.js';
import { ADMIN, login } from '../../../test/accounts.js';
import { buildUser } from '../../../test/factories.js';
import { loadConfig } from '../../config.js';
import { closeInfra } from '../../infra/create.js';
import { seedFirstStart } from '../../seed/first-start.js';
import { verifyPassword } from './passwords.js';
import { generatePassword, OperatorError, resetPasswordAsOperator, SHELL_SAFE_SYMBOLS } from './operator.js';

/**
 * The operator's way back into a lost admin account (`npm run admin -- reset-password`): the new password signs
 * in, the old one and every session and API token issued before are refused, and the audit log says it happened.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const NEW_PASSWORD = 'Back#Again7';

describe('resetPasswordAsOperator', () => {
  const t = useTestApp();
  // Made while the admin's session still works: the first test ends it.
  beforeAll(() => buildUser(t, 'member', ['user']));

  it('sets the password, ends every session and API token of the account, and is audited', async () => {
    const session = t.admin;
    const created = await t.api<TCreatedApiToken>('POST', '/api/v1/auth/api_tokens', {
      token: session,
      body: { name: 'script', expiry_days: 30 },
    });
    expect(created.status).toBe(200);
    const whoami = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/auth/whoami', headers }).then((r) => r.statusCode);
    expect(await whoami({ authorization: `JWT ${session}` })).toBe(200);

    const reset = await resetPasswordAsOperator(t.infra.db, {
      username: 'admin',
      password: NEW_PASSWORD,
      source: 'test',
    });
    expect(reset).toEqual({ username: 'admin', admin: true, blocked: null, second_factor_removed: false });

    // The command runs in another process: a running API process sees it once its account cache (1 s) turns over.
    await expect.poll(() => whoami({ authorization: `JWT ${session}` }), { timeout: 5000 }).toBe(401);
    const byToken = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/whoami',
        headers: { authorization: `Bearer ${created.body.token}` },
      });
    await expect.poll(async () => (await byToken()).json(), { timeout: 5000 }).toMatchObject({ msg: TOKEN_MSG.ended });
    expect((await byToken()).statusCode).toBe(401);
    const old = await t.api('POST', '/api/v1/auth/login', { body: ADMIN });
    expect(old.status).toBe(401);
    const fresh = await login(t.app, 'admin', NEW_PASSWORD);
    expect(await whoami({ authorization: `JWT ${fresh}` })).toBe(200);

    const audit = await t.infra.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target', 'after'])
      .where('action', '=', 'user.password.reset')
      .execute();
    expect(audit).toEqual([
      { actor: null, action: 'user.password.reset', target: 'user:admin', after: { via: 'command line' } },
    ]);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
  });

  it('refuses a password that breaks the rules, and an unknown account naming the admins; changes nothing', async () => {
    const before = await t.infra.db.selectFrom('users').select(['username', 'password_hash', 'session_key']).execute();
    const weak = resetPasswordAsOperator(t.infra.db, { username: 'admin', password: 'weakpass', source: 'X' });
    await expect(weak).rejects.toThrow(/^X does not satisfy the password rules: it needs .*uppercase/);
    const unknown = await resetPasswordAsOperator(t.infra.db, {
      username: 'root',
      password: NEW_PASSWORD,
      source: 'X',
    }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OperatorError);
    expect((unknown as Error).message).toBe(
      "There is no account 'root'. Admin accounts: admin (pass one with --username).",
    );
    expect(await t.infra.db.selectFrom('users').select(['username', 'password_hash', 'session_key']).execute()).toEqual(
      before,
    );
    // Any account may be reset; the command says when it is not an admin.
    expect(
      await resetPasswordAsOperator(t.infra.db, { username: 'member', password: NEW_PASSWORD, source: 'X' }),
    ).toEqual({ username: 'member', admin: false, blocked: null, second_factor_removed: false });
  });
});

describe('generatePassword', () => {
  it('always satisfies the password rules', () => {
    for (let i = 0; i < 500; i++) expect(isValidPassword(generatePassword())).toBe(true);
    expect(generatePassword()).toHaveLength(20);
  });
  it('contains no shell metacharacters, so it can be pasted into a command line', () => {
    expect(SHELL_SAFE_SYMBOLS).toBe('@%/');
    for (let i = 0; i < 500; i++) expect(generatePassword()).toMatch(/^[A-Za-z0-9@%/]+$/);
  });
});

/** `npm run admin` as the operator types it, in the server's environment. */
function adminCli(args: string[], env: Record<string, string>, input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ATLAS_JWT_SECRET: randomBytes(32).toString('hex'), ...env },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

// The command on the embedded database (PGlite); on PostgreSQL the test database is one the harness made, and the
// reset itself is the same function, tested above on both.
describe.skipIf(Boolean(loadConfig().databaseUrl))('npm run admin -- reset-password', () => {
  it('on a stopped server folder: prints a generated password that signs in; checks one from stdin', async () => {
    const infra = await createTestInfra({ ATLAS_ADMIN_PASSWORD: '' });
    const dataDir = infra.dataDir;
    try {
      await seedFirstStart(infra);
      // The server stopped: the folder's database is free for the command.
      await closeInfra(infra);
      const env = { ATLAS_DATA_DIR: dataDir, ATLAS_ADMIN_PASSWORD: '', DATABASE_URL: '', REDIS_URL: '' };

      const generated = adminCli(['reset-password'], env);
      expect(generated.status, generated.stderr).toBe(0);
      const password = /Password {4}(\S+)/.exec(generated.stdout)?.[1];
      expect(password && isValidPassword(password)).toBe(true);
      expect(generated.stdout).toContain('Every session and API token of admin has ended');

      // A password on standard input is checked before the database is opened (the reset itself is tested above).
      const weak = adminCli(['reset-password', '--username', 'admin', '--password-stdin'], env, 'weakpass\n');
      expect(weak.status).toBe(65);
      expect(weak.stderr).toContain('The password on standard input does not satisfy the password rules');

      const usage = adminCli(['reset'], env);
      expect(usage.status).toBe(64);
      expect(usage.stderr).toContain('Usage: npm run admin -- reset-password');

      const { openDatabase } = await import('../../infra/db/index.js');
      const reopened = await openDatabase({ dataDir });
      try {
        const user = await reopened.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
        expect(await verifyPassword(user.password_hash, password!)).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('refuses while a server runs on the embedded database, and on a folder that has none', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-admin-cli-'));
    try {
      const env = { ATLAS_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
      const empty = adminCli(['reset-password'], env);
      expect(empty.status).toBe(65);
      expect(empty.stderr).toContain(`There is no Atlas Portal database in ${dataDir}`);
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);

      // This test process stands for the running server.
      fs.writeFileSync(path.join(dataDir, 'server.pid'), String(process.pid));
      const running = adminCli(['reset-password'], env);
      expect(running.status).toBe(75);
      expect(running.stderr).toContain(`Atlas Portal is running on ${dataDir} (process ${process.pid})`);
      expect(running.stderr).toContain('stop the server first');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
