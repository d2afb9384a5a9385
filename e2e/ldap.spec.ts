import { MSG } from '@atlas/contracts';
import { E2E_DIRECTORY_PERSON as ADA } from '../apps/server/test/e2e-directory.js';
import { slapdSkipReason } from '../apps/server/test/slapd.js';
import { ADMIN, expect, shot, signIn, signOut, test, userRowOnAnyPage } from './fixtures';

/**
 * Issue 35, LDAP: a person of the institution's directory (Debian's slapd, which playwright.config.ts starts beside
 * the e2e server; apps/server/test/slapd-server.ts) signs in on the usual sign-in form with the directory's password,
 * lands in the portal groups their directory group maps to, and the Admin Panel says the account signs in by LDAP.
 * A wrong directory password is refused like a wrong portal password. In CI slapd is always there (.ci/run).
 */
test.skip(slapdSkipReason !== null, slapdSkipReason ?? '');

test('a directory person signs in with the directory password, in the mapped groups', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADA.uid);
  await page.getByLabel('Password', { exact: true }).fill(`${ADA.password}-wrong`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.invalidLogin)).toBeVisible();

  await signIn(page, ADA.uid, ADA.password);
  const groups = await page.evaluate(async () => {
    const record = JSON.parse(decodeURIComponent(document.cookie.split('atxLogin=')[1]!.split(';')[0]!));
    const me = await fetch('/api/v1/auth/whoami', { headers: { authorization: `JWT ${record.token}` } });
    return ((await me.json()) as { groups: string[]; profile: { email: string } }).groups;
  });
  expect(groups).toEqual(['lab-ldap', 'user']);

  await signOut(page, ADA.uid);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AdminPanel&tab=users');
  const row = await userRowOnAnyPage(page, ADA.uid);
  for (const chip of ['LDAP', 'lab-ldap', 'user']) await expect(row.getByText(chip, { exact: true })).toBeVisible();
  await expect(row.getByText(ADA.mail)).toBeVisible();
  await shot(page, 'ldap-admin-users');
});
