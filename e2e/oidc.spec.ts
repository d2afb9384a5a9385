import type { Page } from '@playwright/test';
import { OIDC_MSG, OIDC_PATHS } from '@atlas/contracts';
import { startOidcProvider, type TestOidcProvider } from '../apps/server/test/oidc-provider.js';
import { expect, shot, test, userRowOnAnyPage } from './fixtures';

/**
 * Issue 35, OIDC: a person signs in with the sign-in page's institution button at a real OpenID provider on loopback
 * (test/oidc-provider.ts, on the port playwright.config.ts gave the server), lands signed in with the groups their
 * claim maps to, and signs out of the portal and the provider. A changed claim changes the groups at the next
 * sign-in; a return the portal did not start is refused on the sign-in page.
 */
let provider: TestOidcProvider;
test.beforeAll(async () => {
  const portal = `http://127.0.0.1:${process.env.ATLAS_E2E_PORT}`;
  provider = await startOidcProvider({
    port: Number(process.env.ATLAS_E2E_OIDC_PORT),
    redirectUris: [`${portal}${OIDC_PATHS.callback}`],
    postLogoutRedirectUris: [`${portal}/login`],
  });
});
test.afterAll(() => provider?.close());

const GRACE = { preferred_username: 'grace.h', name: 'Grace Hopper', email: 'grace@uni.example' };

/** From the portal's sign-in page (open) through the provider's sign-in (and consent, when asked) back to the portal. */
async function signInAtInstitution(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign in with Loopback ID' }).click();
  await page.getByLabel('Username').fill('grace');
  await page.getByLabel('Password').fill('pw');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  const welcome = page.getByText('Welcome grace.h');
  await expect(consent.or(welcome)).toBeVisible();
  if (await consent.isVisible()) await consent.click();
  await expect(welcome).toBeVisible();
}

test('signs in through the institution with mapped groups, follows a changed claim, signs out of both', async ({
  page,
}) => {
  // Six page loads across two servers: on a loaded 2-core machine each takes seconds.
  test.setTimeout(120_000);
  // A return that this browser did not start is refused, and the sign-in page (with the button) says why.
  await page.goto(`${OIDC_PATHS.callback}?code=made-up&state=made-up`);
  await expect(page.getByRole('alert').filter({ hasText: OIDC_MSG.badState })).toBeVisible();
  await shot(page, 'oidc-refused');

  provider.setAccount('grace', { password: 'pw', claims: { ...GRACE, groups: ['lab-members'] } });
  await signInAtInstitution(page);
  const groups = await page.evaluate(async () => {
    const record = JSON.parse(decodeURIComponent(document.cookie.split('atxLogin=')[1]!.split(';')[0]!));
    const me = await fetch('/api/v1/auth/whoami', { headers: { authorization: `JWT ${record.token}` } });
    return ((await me.json()) as { groups: string[] }).groups;
  });
  expect(groups).toEqual(['lab-oidc', 'user']);

  // Sign-out ends the provider's session too: it asks, then sends the browser back to the sign-in page.
  await page.getByRole('button', { name: 'grace.h' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with Loopback ID' })).toBeVisible();

  // The institution now says she administers the portal: her next sign-in makes her an admin, who sees it.
  provider.setAccount('grace', { password: 'pw', claims: { ...GRACE, groups: ['lab-members', 'portal-admins'] } });
  await signInAtInstitution(page);
  await page.goto('/?component=AdminPanel&tab=users');
  const row = await userRowOnAnyPage(page, 'grace.h');
  for (const chip of ['OIDC', 'admin', 'lab-oidc', 'user'])
    await expect(row.getByText(chip, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete grace.h' })).toBeInViewport();
  await shot(page, 'oidc-admin-users');
});
