import { MSG, type TGroup, type TManagedUser } from '@atlas/contracts';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../infra/mail/outbox-reader.js';
import { useTestApp } from '../../../test/harness.js';
import { GOOD_PASSWORD, login } from '../../../test/accounts.js';
import { buildUser } from '../../../test/factories.js';

const t = useTestApp();

const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Record<string, string>) =>
  t.api(method, `/api/v1/auth/${path}`, { token: t.admin, body, query });
const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: GOOD_PASSWORD,
  name: `Name ${username}`,
  email: `${username}@example.org`,
  groups: ['user'],
  ...extra,
});
const error = (status: number, msg: string) => ({ status, body: { msg, status_code: status } });

async function account(username: string): Promise<TManagedUser | undefined> {
  const list = await t.api<TManagedUser[]>('GET', '/api/v1/auth/list_accounts', { token: t.admin });
  return list.body.find((u) => u.username === username);
}

async function auditOf(target: string) {
  const reply = await t.api<{ actor: string | null; action: string; before: unknown; after: unknown }[]>(
    'GET',
    '/api/v1/auth/audit',
    { token: t.admin, query: { target } },
  );
  return reply.body;
}

describe('the last admin', () => {
  // Runs first, while the seeded admin is the only confirmed one.
  it('cannot lose the admin group; with a second admin it can (and gets it back)', async () => {
    const body = { username: 'admin', groups_removing: ['admin'] };
    expect(await as('PUT', 'modify_group_list', body)).toEqual(error(400, MSG.lastAdmin));
    // An unconfirmed admin does not count.
    await as('POST', 'user', newUser('waiting', { groups: ['admin'] }));
    expect(await as('PUT', 'modify_group_list', body)).toEqual(error(400, MSG.lastAdmin));
    const deputy = await buildUser(t, 'deputy', ['admin']);
    expect((await as('PUT', 'modify_group_list', body)).status).toBe(200);
    const back = { username: 'admin', groups_adding: ['admin'] };
    expect((await t.api('PUT', '/api/v1/auth/modify_group_list', { token: deputy, body: back })).status).toBe(200);
    expect((await account('admin'))?.groups).toEqual(['admin', 'user']);
  });
});

describe('POST user (register)', () => {
  it('registers an UNCONFIRMED user in the given groups', async () => {
    expect(await as('POST', 'user', newUser('kim', { groups: ['user', 'admin'] }))).toEqual({
      status: 200,
      body: { msg: MSG.userRegistered },
    });
    expect(await account('kim')).toEqual({
      username: 'kim',
      name: 'Name kim',
      email: 'kim@example.org',
      organization: '',
      piname: '',
      status: 'UNCONFIRMED',
      email_verified: false,
      disabled: false,
      groups: ['admin', 'user'],
      group_names: 'admin, user',
      second_factor: { enabled: false, recovery_codes_left: 0, required: false },
      sign_in_method: 'local',
    });
    const [row] = await auditOf('user:kim');
    expect(row).toMatchObject({
      actor: 'admin',
      action: 'user.create',
      after: { status: 'UNCONFIRMED', groups: ['admin', 'user'] },
    });
  });

  it('409 when the user exists; 400 for an unknown group, creating nothing', async () => {
    expect(await as('POST', 'user', newUser('kim'))).toEqual(error(409, MSG.userAlreadyExists));
    expect(await as('POST', 'user', newUser('lee', { groups: ['user', 'no-such-group'] }))).toEqual(
      error(400, MSG.groupMissing),
    );
    expect(await account('lee')).toBeUndefined();
  });

  it('validates the fields with 400 and a message', async () => {
    expect(await as('POST', 'user', newUser('v1', { password: 'short' }))).toEqual(
      error(400, 'password: Password must be at least 8 characters'),
    );
    expect(await as('POST', 'user', newUser('v1', { email: 'nope' }))).toEqual(
      error(400, `email: ${MSG.emailInvalid}`),
    );
    expect(await as('POST', 'user', newUser('v1', { name: '' }))).toEqual(error(400, 'name: Name is required'));
    expect((await as('POST', 'user', { username: 'v1' })).status).toBe(400);
  });
});

describe('user status calls', () => {
  it('PUT confirm confirms; 404 for an unknown user', async () => {
    await as('POST', 'user', newUser('mia'));
    expect(await as('PUT', 'confirm', { username: 'mia' })).toEqual({ status: 200, body: { msg: MSG.userConfirmed } });
    expect((await account('mia'))?.status).toBe('CONFIRMED');
    expect(await as('PUT', 'confirm', { username: 'ghost' })).toEqual(error(404, MSG.userMissing));
    expect((await auditOf('user:mia'))[0]).toMatchObject({
      action: 'user.confirm',
      before: { status: 'UNCONFIRMED' },
      after: { status: 'CONFIRMED' },
    });
  });

  it('disable_user disables; refuses the own account and unknown users', async () => {
    await buildUser(t, 'ned');
    expect(await as('PUT', 'disable_user', { username: 'ned' })).toEqual({
      status: 200,
      body: { msg: MSG.userDisabled },
    });
    expect((await account('ned'))?.disabled).toBe(true);
    expect(await as('PUT', 'disable_user', { username: 'admin' })).toEqual(error(400, MSG.cannotDisableSelf));
    expect(await as('PUT', 'disable_user', { username: 'ghost' })).toEqual(error(404, MSG.userMissing));
    expect((await auditOf('user:ned'))[0]).toMatchObject({ action: 'user.disable', after: { disabled: true } });
  });

  it('enable_user enables a disabled user, audited like disable; 404 for unknown users', async () => {
    await buildUser(t, 'nora');
    await as('PUT', 'disable_user', { username: 'nora' });
    expect(await as('PUT', 'enable_user', { username: 'nora' })).toEqual({
      status: 200,
      body: { msg: MSG.userEnabled },
    });
    expect((await account('nora'))?.disabled).toBe(false);
    expect((await auditOf('user:nora'))[0]).toMatchObject({
      actor: 'admin',
      action: 'user.enable',
      before: { disabled: true },
      after: { disabled: false },
    });
    // Enabling an enabled account changes nothing and records nothing.
    expect((await as('PUT', 'enable_user', { username: 'nora' })).status).toBe(200);
    expect((await auditOf('user:nora'))[0]).toMatchObject({ action: 'user.enable' });
    expect((await auditOf('user:nora')).filter((e) => e.action === 'user.enable')).toHaveLength(1);
    expect(await as('PUT', 'enable_user', { username: 'ghost' })).toEqual(error(404, MSG.userMissing));
    expect((await as('PUT', 'enable_user', {})).status).toBe(400);
  });

  it('DELETE user removes the user; refuses the own account; 404 when missing', async () => {
    await buildUser(t, 'olga');
    expect(await as('DELETE', 'user/olga')).toEqual({ status: 200, body: { msg: MSG.userDeletedNamed('olga') } });
    expect(await account('olga')).toBeUndefined();
    expect(await as('DELETE', 'user/olga')).toEqual(error(404, MSG.userMissing));
    expect(await as('DELETE', 'user/admin')).toEqual(error(400, MSG.cannotDeleteSelf));
    const [row] = await auditOf('user:olga');
    expect(row).toMatchObject({ action: 'user.delete', before: { email: 'olga@example.org', groups: ['user'] } });
    expect(JSON.stringify(row)).not.toContain('argon2');
  });

  it('resetpassword sets a new password; 400 for a weak one; 404 when missing', async () => {
    await buildUser(t, 'pat');
    expect(await as('PUT', 'resetpassword', { username: 'pat', password: 'Reset#Pass7' })).toEqual({
      status: 200,
      body: { msg: MSG.passwordSuccessfullyReset },
    });
    expect(await login(t.app, 'pat', 'Reset#Pass7')).toBeTruthy();
    expect(await as('PUT', 'resetpassword', { username: 'pat', password: 'resetpass' })).toEqual(
      error(400, `password: ${MSG.passwordNotValid}`),
    );
    expect(await as('PUT', 'resetpassword', { username: 'ghost', password: 'Reset#Pass7' })).toEqual(
      error(404, MSG.userMissing),
    );
    expect((await auditOf('user:pat'))[0]).toMatchObject({
      actor: 'admin',
      action: 'user.password.reset',
      after: { via: 'admin' },
    });
  });

  it('confirm_user_email_admin verifies the email of confirmed users only', async () => {
    await as('POST', 'user', newUser('quinn'));
    expect(await as('POST', 'confirm_user_email_admin', { username: 'quinn' })).toEqual(
      error(400, MSG.emailOfUnconfirmed),
    );
    await as('PUT', 'confirm', { username: 'quinn' });
    expect(await as('POST', 'confirm_user_email_admin', { username: 'quinn' })).toEqual({
      status: 200,
      body: { msg: MSG.emailConfirmed },
    });
    expect((await account('quinn'))?.email_verified).toBe(true);
    expect(await as('POST', 'confirm_user_email_admin', { username: 'ghost' })).toEqual(error(404, MSG.userMissing));
  });

  it('list_accounts lists every user sorted by username', async () => {
    const list = await t.api<TManagedUser[]>('GET', '/api/v1/auth/list_accounts', { token: t.admin });
    const names = list.body.map((u) => u.username);
    expect(names).toEqual([...names].sort());
    expect(list.body.find((u) => u.username === 'admin')).toMatchObject({
      status: 'CONFIRMED',
      email_verified: true,
      groups: ['admin', 'user'],
      group_names: 'admin, user',
    });
    expect(JSON.stringify(list.body)).not.toContain('password');
  });
});

describe('groups', () => {
  it('GET lists the groups with descriptions, the built-in ones included', async () => {
    const list = await t.api<TGroup[]>('GET', '/api/v1/auth/group', { token: t.admin });
    expect(list.body.map((g) => g.group_name)).toEqual(expect.arrayContaining(['admin', 'user']));
    expect(list.body.every((g) => g.description.length > 0)).toBe(true);
  });

  it('POST creates a group; 409 when it exists; 400 for bad input', async () => {
    expect(await as('POST', 'group', { group_name: 'lab', description: 'The lab' })).toEqual({
      status: 200,
      body: { msg: MSG.groupCreated },
    });
    expect(await as('POST', 'group', { group_name: 'lab', description: 'Again' })).toEqual(error(409, MSG.groupExists));
    expect(await as('POST', 'group', { group_name: 'bad name', description: 'x' })).toEqual(
      error(400, 'group_name: Group name may contain letters, digits and _ . - only'),
    );
    expect(await as('POST', 'group', { group_name: 'nodesc', description: '' })).toEqual(
      error(400, 'description: Description is required'),
    );
    expect((await auditOf('group:lab'))[0]).toMatchObject({
      actor: 'admin',
      action: 'group.create',
      after: { name: 'lab', description: 'The lab' },
    });
  });

  it('DELETE removes a group and its memberships; refuses built-in groups; 404 when missing', async () => {
    await as('POST', 'group', { group_name: 'temp', description: 'Temporary' });
    await buildUser(t, 'rita', ['user', 'temp']);
    expect(await as('DELETE', 'group', { group_name: 'temp' })).toEqual({
      status: 200,
      body: { msg: MSG.groupDeleted },
    });
    expect((await account('rita'))?.groups).toEqual(['user']);
    expect(await as('DELETE', 'group', { group_name: 'temp' })).toEqual(error(404, MSG.groupMissing));
    expect(await as('DELETE', 'group', { group_name: 'admin' })).toEqual(error(400, MSG.builtInGroup('admin')));
    expect(await as('DELETE', 'group', { group_name: 'user' })).toEqual(error(400, MSG.builtInGroup('user')));
    expect((await auditOf('group:temp'))[0]).toMatchObject({
      action: 'group.delete',
      before: { name: 'temp', members: ['rita'] },
    });
  });

  it('modify_group_list adds and removes groups', async () => {
    await as('POST', 'group', { group_name: 'imaging', description: 'Imaging core' });
    await buildUser(t, 'sam');
    const body = { username: 'sam', groups_adding: ['imaging', 'admin'], groups_removing: ['user'] };
    expect(await as('PUT', 'modify_group_list', body)).toEqual({ status: 200, body: { msg: MSG.groupsModified } });
    expect((await account('sam'))?.groups).toEqual(['admin', 'imaging']);
    expect((await auditOf('user:sam'))[0]).toMatchObject({
      action: 'user.groups',
      before: { groups: ['user'] },
      after: { groups: ['admin', 'imaging'] },
    });
    expect(await as('PUT', 'modify_group_list', { username: 'ghost', groups_adding: ['user'] })).toEqual(
      error(404, MSG.userMissing),
    );
    expect(await as('PUT', 'modify_group_list', { username: 'sam', groups_adding: ['nope'] })).toEqual(
      error(400, MSG.groupMissing),
    );
    expect(await as('PUT', 'modify_group_list', { username: 'sam', groups_removing: ['nope'] })).toEqual(
      error(400, MSG.groupMissing),
    );
  });

  it('inform_user_assignment mails the user at the stored address', async () => {
    await buildUser(t, 'tess');
    const body = { group: 'user', username: 'tess', email: 'someone-else@example.org', name: 'Tess' };
    expect(await as('POST', 'inform_user_assignment', body)).toEqual({ status: 200, body: { msg: MSG.userInformed } });
    const mail = readOutbox(t.infra.dataDir).at(-1)!;
    expect(mail).toMatchObject({ to: 'tess@example.org', subject: 'Atlas Portal: you were added to the group user' });
    expect(mail.text).toContain("added you to the group 'user'");
    expect(await as('POST', 'inform_user_assignment', { ...body, username: 'ghost' })).toEqual(
      error(404, MSG.userMissing),
    );
    expect(await as('POST', 'inform_user_assignment', { ...body, group: 'nope' })).toEqual(
      error(400, MSG.groupMissing),
    );
    expect((await as('POST', 'inform_user_assignment', { ...body, email: 'bad' })).status).toBe(400);
  });
});

describe('GET audit', () => {
  it('lists entries newest first, filtered by target and limited', async () => {
    const all = await t.api<{ id: number; at: string; target: string }[]>('GET', '/api/v1/auth/audit', {
      token: t.admin,
    });
    expect(all.status).toBe(200);
    const ids = all.body.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Date(all.body[0]!.at).getTime()).not.toBeNaN();
    const limited = await t.api<unknown[]>('GET', '/api/v1/auth/audit', { token: t.admin, query: { limit: '2' } });
    expect(limited.body).toHaveLength(2);
    const seed = await auditOf('user:admin');
    expect(seed.at(-1)).toMatchObject({ actor: null, action: 'user.create', after: { status: 'CONFIRMED' } });
    expect((await t.api('GET', '/api/v1/auth/audit', { token: t.admin, query: { limit: '0' } })).status).toBe(400);
  });

  it('never holds a password, hash or code', async () => {
    const rows = await t.infra.db.selectFrom('audit_log').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/argon2|password_hash|code_hash|Good#Pass1|Reset#Pass7|Admin#Pass1/);
  });
});
