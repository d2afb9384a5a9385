import { EXTERNAL_SIGN_IN_MSG, GROUP_ADMIN } from '@atlas/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.js';
import { createAccountStore } from '../store.js';
import { provisionExternalAccount, type ExternalAccountPolicy, type ExternalProfile } from './provision.js';

const t = useTestApp();
const store = () => createAccountStore(t.infra.db);

const policy: ExternalAccountPolicy = {
  groupMap: { 'lab-members': ['lab'], 'portal-admins': [GROUP_ADMIN], staff: ['lab', 'viewers'] },
  newAccounts: 'create',
};
const person = (subject: string, extra: Partial<ExternalProfile> = {}): ExternalProfile => ({
  provider: 'oidc',
  subject,
  username: `user-${subject}`,
  email: `${subject}@uni.example`,
  name: `Person ${subject}`,
  groups: [],
  ...extra,
});

describe('accounts of an institution sign-in', () => {
  it('a first sign-in creates the account in the mapped groups; a changed claim changes them', async () => {
    const first = await provisionExternalAccount(store(), person('a1', { groups: ['staff', 'unmapped'] }), policy);
    expect(first).toMatchObject({
      username: 'user-a1',
      sign_in_method: 'oidc',
      status: 'CONFIRMED',
      password_hash: '',
    });
    expect(first.groups).toEqual(['lab', 'viewers']);

    // A group an admin added by hand (not named by the mapping) stays; mapped ones follow the claim.
    await store().insertGroup('by-hand', '');
    await store().addMemberships(
      first.id,
      (await store().findGroups(['by-hand'])).map((g) => g.id),
    );
    const again = await provisionExternalAccount(
      store(),
      person('a1', { groups: ['lab-members'], email: 'new@uni.example' }),
      policy,
    );
    expect(again.id).toBe(first.id);
    expect(again.groups).toEqual(['by-hand', 'lab']);
    expect(again.email).toBe('new@uni.example');
  });

  it('is linked by subject, not by name: an existing account of that name is not taken over', async () => {
    await expect(provisionExternalAccount(store(), person('x9', { username: 'admin' }), policy)).rejects.toThrow(
      EXTERNAL_SIGN_IN_MSG.usernameTaken,
    );
    // A renamed person at the provider keeps their account: the subject links it.
    const renamed = await provisionExternalAccount(store(), person('a1', { username: 'someone-else' }), policy);
    expect(renamed.username).toBe('user-a1');
  });

  it('waits for an admin when new accounts need approval, and refuses a profile without a username', async () => {
    const waiting = await provisionExternalAccount(store(), person('b2'), { ...policy, newAccounts: 'approve' });
    expect(waiting).toMatchObject({ status: 'UNCONFIRMED', email_verified: true });
    await expect(provisionExternalAccount(store(), person('c3', { username: ' ' }), policy)).rejects.toThrow(
      EXTERNAL_SIGN_IN_MSG.noUsername,
    );
  });

  it('keeps the last active admin in the admin group whatever the claim says', async () => {
    const boss = await provisionExternalAccount(store(), person('d4', { groups: ['portal-admins'] }), policy);
    expect(boss.groups).toContain(GROUP_ADMIN);
    // The seeded admin goes: the external admin is the only one left, and a claim without the admin value keeps it.
    const seeded = await store().findUser('admin');
    await store().updateUser(seeded!.id, { disabled: true });
    const kept = await provisionExternalAccount(store(), person('d4'), policy);
    expect(kept.groups).toContain(GROUP_ADMIN);
    await store().updateUser(seeded!.id, { disabled: false });
    const dropped = await provisionExternalAccount(store(), person('d4'), policy);
    expect(dropped.groups).not.toContain(GROUP_ADMIN);
  });
});
