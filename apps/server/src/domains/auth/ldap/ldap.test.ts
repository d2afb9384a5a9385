import { LDAP_SIGN_IN_MSG, LOGIN_RATE_LIMIT, MSG } from '@atlas/contracts';
import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, GOOD_PASSWORD } from '../../../../test/accounts.js';
import { buildUser } from '../../../../test/factories.js';
import { useTestApp } from '../../../../test/harness.js';
import { buildApp } from '../../../app.js';
import { directoryPerson, GROUPS, slapdSkipReason, startSlapd, type Slapd } from '../../../../test/slapd.js';
import { createAccountStore } from '../store.js';
import { createDirectory } from './directory.js';

/**
 * Sign-in through a real OpenLDAP server (Debian's slapd, test/slapd.ts) with the password form's own route. The map
 * names one group by its DN (written in another case and spacing than the directory's) and one by its name.
 */
const PEOPLE = {
  ada: directoryPerson('ada', { groups: ['lab-members', 'staff'], name: 'Ada Lovelace' }),
  bea: directoryPerson('bea', { groups: ['lab-members'] }),
  cy: directoryPerson('cy'),
  dan: directoryPerson('dan'),
  eve: directoryPerson('eve', { groups: ['staff'] }),
};
const GROUP_MAP = JSON.stringify({
  'CN=Lab-Members, OU=Groups, DC=atlas, DC=test': 'lab',
  staff: ['lab', 'viewers'],
});

if (slapdSkipReason) console.warn(`skipping the LDAP sign-in tests: ${slapdSkipReason}`);

describe.skipIf(slapdSkipReason !== null)('sign-in through an OpenLDAP directory (slapd)', () => {
  let slapd: Slapd;
  beforeAll(async () => {
    slapd = await startSlapd(Object.values(PEOPLE));
  }, 30_000);
  afterAll(() => slapd?.stop());
  const t = useTestApp({ env: () => slapd.env({ ATLAS_LDAP_GROUP_MAP: GROUP_MAP }) });

  const signIn = (username: string, password: string, ip?: string) =>
    t.api<{ access_token: string; msg: string }>('POST', '/api/v1/auth/login', {
      body: { username, password },
      ip,
    });
  const groupsOf = async (token: string) =>
    (await t.api<{ groups: string[] }>('GET', '/api/v1/auth/whoami', { token })).body.groups.sort();

  it('a first sign-in creates the account in the mapped groups; a directory change moves them at the next', async () => {
    const first = await signIn('ada', PEOPLE.ada.password);
    expect(first.status, first.body.msg).toBe(200);
    expect(await groupsOf(first.body.access_token)).toEqual(['lab', 'viewers']);
    const account = await createAccountStore(t.infra.db).findUser('ada');
    expect(account).toMatchObject({ sign_in_method: 'ldap', name: 'Ada Lovelace', email: 'ada@uni.example' });

    await slapd.setGroups('ada', ['lab-members']);
    const next = await signIn('ada', PEOPLE.ada.password);
    expect(await groupsOf(next.body.access_token)).toEqual(['lab']);
  });

  it('refuses a wrong password and throttles it like a portal password', async () => {
    const ip = '10.9.0.1';
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++) {
      expect((await signIn('dan', 'Wrong#Pass1', ip)).body.msg).toBe(MSG.invalidLogin);
    }
    // The directory matches any case: so does the throttle.
    const held = await signIn('DAN', PEOPLE.dan.password, ip);
    expect([held.status, held.body.msg]).toEqual([429, MSG.tooManyAttempts]);
    expect(await createAccountStore(t.infra.db).findUser('dan')).toBeUndefined();
  });

  it('escapes the username in the filter and refuses an empty password, which the directory itself would take', async () => {
    // The route's schema already refuses such names; the directory code escapes them whoever calls it.
    expect((await signIn('*', PEOPLE.ada.password)).status).toBe(400);
    const directory = createDirectory(t.infra.config.ldap!);
    for (const typed of ['*', 'ad*', 'ada)(uid=*', '*)(|(uid=*', 'ada\\29(uid=*']) {
      expect(await directory.authenticate(typed, PEOPLE.ada.password), typed).toBeNull();
    }
    expect((await directory.authenticate('ada', PEOPLE.ada.password))?.dn).toBe(slapd.personDn('ada'));

    // Like Active Directory, this slapd answers a DN with no password as an anonymous bind that succeeds.
    const raw = new Client({ url: slapd.url });
    await expect(raw.bind(slapd.personDn('ada'), '')).resolves.toBeUndefined();
    await raw.unbind();
    expect(await directory.authenticate('ada', '')).toBeNull();
    expect((await signIn('ada', '')).status).toBe(400);
  });

  it('keeps local accounts, and a local name is never answered for by the directory', async () => {
    expect((await signIn(ADMIN.username, ADMIN.password)).status).toBe(200);
    await buildUser(t, 'lee');
    // cy has a local account made before any directory sign-in: the directory's cy cannot take it over.
    await buildUser(t, 'cy');
    expect((await signIn('cy', PEOPLE.cy.password)).body.msg).toBe(MSG.invalidLogin);
    expect((await signIn('cy', GOOD_PASSWORD)).status).toBe(200);
    expect((await createAccountStore(t.infra.db).findUser('cy'))?.sign_in_method).toBe('local');
  });

  it('refuses a directory account an admin disabled', async () => {
    expect((await signIn('bea', PEOPLE.bea.password)).status).toBe(200);
    await t.api('PUT', '/api/v1/auth/disable_user', { token: t.admin, body: { username: 'bea' } });
    const refused = await signIn('bea', PEOPLE.bea.password);
    expect([refused.status, refused.body.msg]).toEqual([403, MSG.accountDisabled]);
  });

  it('with local accounts off, admins and directory accounts sign in, other local accounts do not', async () => {
    // A second app on this test server's infrastructure with other directory settings (a second test server would
    // cost a database and a seed): local accounts off, groups by a search, searched anonymously, the DN as subject.
    const ldap = t.infra.config.ldap!;
    const config = {
      ...t.infra.config,
      ldap: {
        ...ldap,
        localAccounts: false,
        bind: undefined,
        groups: { base: GROUPS, filter: '(member={dn})' },
        attributes: { ...ldap.attributes, subject: 'dn' },
      },
    };
    const app = await buildApp({ ...t.infra, config });
    const other = (username: string, password: string) =>
      api<{ access_token: string; msg: string }>(app, 'POST', '/api/v1/auth/login', { body: { username, password } });
    try {
      await buildUser(t, 'lou');
      const local = await other('lou', GOOD_PASSWORD);
      expect([local.status, local.body.msg]).toEqual([403, LDAP_SIGN_IN_MSG.localAccountsOff]);
      expect((await other(ADMIN.username, ADMIN.password)).status).toBe(200);
      const eve = await other('eve', PEOPLE.eve.password);
      expect(await groupsOf(eve.body.access_token)).toEqual(['lab', 'viewers']);
    } finally {
      await app.close();
    }
  });

  it('says the directory cannot be reached (503), and local accounts go on', async () => {
    await slapd.stop();
    const down = await signIn('ada', PEOPLE.ada.password);
    expect([down.status, down.body.msg]).toEqual([503, LDAP_SIGN_IN_MSG.unavailable]);
    expect((await signIn('lee', GOOD_PASSWORD)).status).toBe(200);
  });
});
