import { isValidPassword } from '@atlas/contracts';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../domains/auth/passwords.js';
import type { Infra } from '../infra/index.js';
import { createTestInfra, type TestInfra } from '../../test/harness.js';
import { firstAdminBox, seedFirstStart } from './first-start.js';

function withLog(infra: Infra) {
  const info = vi.fn();
  return { infra: { ...infra, log: { info } as unknown as Logger }, info };
}

async function snapshot(infra: Infra) {
  const users = await infra.db
    .selectFrom('users')
    .select(['username', 'email', 'status', 'email_verified', 'password_hash'])
    .execute();
  const groups = await infra.db.selectFrom('groups').select(['name', 'description']).orderBy('name').execute();
  const memberships = await infra.db.selectFrom('user_groups').selectAll().execute();
  const audit = await infra.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'target', 'before', 'after'])
    .orderBy('id')
    .execute();
  return { users, groups, memberships, audit };
}

describe('seedFirstStart with ATLAS_ADMIN_PASSWORD', () => {
  let infra: TestInfra;
  beforeAll(async () => {
    infra = await createTestInfra();
  });
  afterAll(() => infra.cleanup());

  it('creates the built-in groups and a confirmed admin in both, once', async () => {
    const first = withLog(infra);
    expect(await seedFirstStart(first.infra)).toEqual({ generated: null });
    expect(first.info).toHaveBeenCalledWith({ username: 'admin' }, 'first admin account created');

    const state = await snapshot(infra);
    expect(state.groups.map((g) => g.name)).toEqual(['admin', 'user']);
    expect(state.groups.every((g) => g.description.length > 0)).toBe(true);
    expect(state.users).toHaveLength(1);
    expect(state.users[0]).toMatchObject({
      username: 'admin',
      email: 'admin@atlas.local',
      status: 'CONFIRMED',
      email_verified: true,
    });
    expect(await verifyPassword(state.users[0]!.password_hash, 'Admin#Pass1')).toBe(true);
    expect(state.memberships).toHaveLength(2);
    expect(state.audit.map((a) => `${a.action} ${a.target}`)).toEqual([
      'group.create group:admin',
      'group.create group:user',
      'user.create user:admin',
    ]);
    expect(JSON.stringify(state.audit)).not.toMatch(/argon2|Admin#Pass1|password/);

    const again = withLog(infra);
    await seedFirstStart(again.infra);
    expect(again.info).toHaveBeenCalledWith('admin account exists');
    expect(await snapshot(infra)).toEqual(state);
  });
});

describe('seedFirstStart without ATLAS_ADMIN_PASSWORD', () => {
  let infra: TestInfra;
  beforeAll(async () => {
    infra = await createTestInfra({
      ATLAS_ADMIN_PASSWORD: '',
      ATLAS_ADMIN_USERNAME: 'root',
      ATLAS_PUBLIC_URL: 'https://atlas.example.org',
    });
  });
  afterAll(() => infra.cleanup());

  it('refuses a chosen password that breaks the rules, creating no user', async () => {
    const weak = { ...infra, config: { ...infra.config, admin: { ...infra.config.admin, password: 'weakpass' } } };
    await expect(seedFirstStart(weak)).rejects.toThrow(
      /ATLAS_ADMIN_PASSWORD does not satisfy the password rules: it needs .*uppercase/,
    );
    expect(await infra.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('generates a strong password and hands it back once, in a box that says how to reset it', async () => {
    // The caller (main.ts) prints the box after its start-up lines: the seed itself writes nothing.
    const print = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const { generated } = await seedFirstStart(withLog(infra).infra);
      expect(print).not.toHaveBeenCalled();
      const box = firstAdminBox(infra.config, 8080, generated!);
      expect(box).toContain('https://atlas.example.org');
      expect(box).toMatch(/Username {4}root/);
      expect(box).toContain('npm run admin -- reset-password');
      const password = /Password {4}(\S+)/.exec(box)![1]!;
      expect(generated).toEqual({ username: 'root', password });
      expect(isValidPassword(password)).toBe(true);
      const [user] = await infra.db.selectFrom('users').selectAll().execute();
      expect(await verifyPassword(user!.password_hash, password)).toBe(true);
      const audit = JSON.stringify(await infra.db.selectFrom('audit_log').selectAll().execute());
      expect(audit).not.toContain(password);

      expect(await seedFirstStart(withLog(infra).infra)).toEqual({ generated: null });
    } finally {
      print.mockRestore();
    }
  });
});
