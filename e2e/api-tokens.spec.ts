import type { Page } from '@playwright/test';
import { TOKEN_MSG } from '@atlas/contracts';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * Personal API tokens (issue 20) end to end: a lab member (not an admin) makes a token in User Settings, sees its
 * secret once in the copy dialog, uses it from a "script" (Bearer), sees its last use, and revokes it; an admin sees
 * every account's tokens in the Admin Panel and revokes one.
 */
const MEMBER = { username: 'scripter', password: 'Script#Pass1' };

async function settledShot(page: Page, name: string) {
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
  for (const container of await page.locator('.MuiDialog-container').all()) {
    await expect(container).toHaveCSS('opacity', '1');
  }
  await shot(page, name);
}

const tokenRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('a member makes, uses and revokes an API token; an admin lists and revokes tokens', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await apiToken(page, ADMIN.username, ADMIN.password);
  const headers = { authorization: `JWT ${admin}` };
  const body = { ...MEMBER, name: 'Sam Scripter', email: 'sam@example.org', groups: ['user'] };
  expect((await page.request.post('/api/v1/auth/user', { headers, data: body })).ok()).toBeTruthy();
  expect(
    (await page.request.put('/api/v1/auth/confirm', { headers, data: { username: MEMBER.username } })).ok(),
  ).toBeTruthy();

  // A member opens User Settings from the drawer's Settings group: only the API Tokens tab is theirs.
  await signIn(page, MEMBER.username, MEMBER.password);
  await page.goto('/?component=UserSettings');
  await expect(page.getByRole('tab', { name: 'API Tokens' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Change Password' })).toHaveCount(0);
  await expect(page.getByText('No API tokens.')).toBeVisible();

  // A token without a name is refused on the field.
  await page.getByRole('button', { name: 'Create Token' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Token name').fill('nightly import');
  await page.getByLabel('Expires in').click();
  await page.getByRole('option', { name: '90 days' }).click();
  await page.getByRole('button', { name: 'Create Token' }).click();

  // The secret is shown once, with a copy button.
  const dialog = page.getByRole('dialog', { name: 'API token created' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(TOKEN_MSG.copyOnce)).toBeVisible();
  const field = dialog.getByLabel('nightly import');
  const secret = await field.inputValue();
  expect(secret).toMatch(/^atlas_pat_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByTestId('snackbar')).toContainText(TOKEN_MSG.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await settledShot(page, 'api-tokens-created-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Listed with its hint, never the secret; not used yet.
  const row = tokenRow(page, 'nightly import');
  await expect(row).toContainText(`atlas_pat_…${secret.slice(-4)}`);
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  expect(await page.content()).not.toContain(secret);

  // A script calls the portal with it as the member.
  const script = { authorization: `Bearer ${secret}` };
  const whoami = await page.request.get('/api/v1/auth/whoami', { headers: script });
  expect(whoami.status()).toBe(200);
  expect(((await whoami.json()) as { username: string }).username).toBe(MEMBER.username);
  await page.reload();
  await expect(tokenRow(page, 'nightly import')).not.toContainText('Never');
  await settledShot(page, 'api-tokens-list');

  // Revoked: the script is refused at once, saying why.
  await page.getByRole('button', { name: 'Revoke nightly import' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API Token' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('snackbar')).toContainText(TOKEN_MSG.revokedNamed('nightly import'));
  await expect(tokenRow(page, 'nightly import')).toContainText('Revoked');
  await expect(page.getByRole('button', { name: 'Revoke nightly import' })).toHaveCount(0);
  const refused = await page.request.get('/api/v1/auth/whoami', { headers: script });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { msg: string }).msg).toBe(TOKEN_MSG.revoked);

  // Another token, made the way the original scripts made one, for the admin to see.
  const member = await apiToken(page, MEMBER.username, MEMBER.password);
  const original = await page.request.post('/api/v1/auth/api_token?expiry_days=7', {
    headers: { authorization: `JWT ${member}` },
  });
  expect(original.status()).toBe(200);
  const made = (await original.json()) as { token: string; expires: string };

  // The admin sees every account's tokens with their owners and revokes the member's live one.
  await page.context().clearCookies();
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AdminPanel&tab=api-tokens');
  await expect(page.getByRole('tab', { name: 'API Tokens' })).toHaveAttribute('aria-selected', 'true');
  const listed = page.getByRole('row').filter({ hasText: 'Script token' });
  await expect(listed).toContainText(MEMBER.username);
  await expect(listed).toContainText('Active');
  await expect(tokenRow(page, 'nightly import')).toContainText('Revoked');
  await settledShot(page, 'api-tokens-admin');
  await listed.getByRole('button', { name: 'Revoke Script token' }).click();
  await page.getByRole('dialog', { name: 'Revoke API Token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('snackbar')).toContainText(TOKEN_MSG.revokedNamed('Script token'));
  await expect(listed).toContainText('Revoked');
  const afterAdmin = await page.request.get('/api/v1/auth/whoami', {
    headers: { authorization: `Bearer ${made.token}` },
  });
  expect(afterAdmin.status()).toBe(401);

  // The admin's own User Settings keep the spec's tabs beside API Tokens.
  await page.goto('/?component=UserSettings');
  for (const label of ['Change Password', 'API Tokens', 'Config'])
    await expect(page.getByRole('tab', { name: label })).toBeVisible();
});
