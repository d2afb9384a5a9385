import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { MSG, SECOND_FACTOR_MSG, TOTP_PERIOD_SECONDS } from '@atlas/contracts';
import { ADMIN, apiToken, expect, shot, signIn, signOut, test, userRowOnAnyPage } from './fixtures';

/**
 * Two-step sign-in (issue 35) in the browser: a member sets up TOTP in User Settings with a code this spec computes
 * from the key shown on screen (with `otpauth`, the library the server uses, as an authenticator app would), signs
 * out, signs in with a computed code, then with a recovery code; an admin sees the state in the Admin Panel. Then a
 * policy that requires it sends an account without one through the set-up before its first session.
 */
const MEMBER = { username: 'twostep', password: 'TwoStep#Pass1' };
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** The app's code at `offsetMs` from now (the next step's code is right too, and newer than one just used). */
const codeOf = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

async function makeMember(page: Page, admin: string, username: string, password: string) {
  const headers = { authorization: `JWT ${admin}` };
  const body = { username, password, name: `Name ${username}`, email: `${username}@example.org`, groups: ['user'] };
  expect((await page.request.post('/api/v1/auth/user', { headers, data: body })).ok()).toBeTruthy();
  expect((await page.request.put('/api/v1/auth/confirm', { headers, data: { username } })).ok()).toBeTruthy();
}

/** The password step, which now leads to the code step. */
async function passwordStep(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The key shown for typing into an app, as the set-up screens show it. */
async function shownSecret(page: Page): Promise<string> {
  const secret = await page.getByLabel('Secret key').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  return secret!;
}

test('a member sets up TOTP, signs in with a code and with a recovery code; the admin sees it', async ({ page }) => {
  const admin = await apiToken(page, ADMIN.username, ADMIN.password);
  await makeMember(page, admin, MEMBER.username, MEMBER.password);
  await signIn(page, MEMBER.username, MEMBER.password);

  await page.goto('/?component=UserSettings&tab=second-factor');
  await expect(page.getByRole('tab', { name: 'Two-Step Sign In' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Set Up Two-Step Sign In' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator set-up' })).toBeVisible();
  const secret = await shownSecret(page);
  const codeField = page.getByLabel('Code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await codeField.fill('123456');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText(SECOND_FACTOR_MSG.wrongCode)).toBeVisible();
  await codeField.fill(codeOf(secret));
  await shot(page, 'second-factor-settings-enrol');
  await page.getByRole('button', { name: 'Turn On' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = await list.getByRole('listitem').allTextContents();
  await shot(page, 'second-factor-recovery-codes');
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('status')).toContainText('10 of 10 recovery codes left');
  await shot(page, 'second-factor-settings-on');
  await signOut(page, MEMBER.username);

  // The password alone gives no session: the code step asks for the app's code.
  await passwordStep(page, MEMBER.username, MEMBER.password);
  await expect(page.getByRole('heading', { name: 'Two-Step Sign In' })).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveAttribute('autocomplete', 'one-time-code');
  expect((await page.context().cookies()).find((c) => c.name === 'atxLogin')).toBeUndefined();
  // The set-up used this step's code: the next step's is the one an app shows next, and right within the window.
  await page.getByLabel('Code').fill(codeOf(secret, STEP_MS));
  await shot(page, 'second-factor-sign-in-code');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(MSG.welcome(MEMBER.username))).toBeVisible();
  await signOut(page, MEMBER.username);

  // Without the phone: a recovery code, once.
  await passwordStep(page, MEMBER.username, MEMBER.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]!);
  await shot(page, 'second-factor-sign-in-recovery');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(SECOND_FACTOR_MSG.recoveryLeft(9))).toBeVisible();
  await signOut(page, MEMBER.username);
  await passwordStep(page, MEMBER.username, MEMBER.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText(SECOND_FACTOR_MSG.wrongRecoveryCode);

  // The admin sees each account's second factor in User Management, and whom the policy covers.
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AdminPanel&tab=users');
  const adminRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(adminRow.getByText('Off')).toBeVisible();
  const row = await userRowOnAnyPage(page, MEMBER.username);
  await expect(row.getByText('TOTP')).toBeVisible();
  await expect(row.getByRole('button', { name: `Reset two-step sign-in of ${MEMBER.username}` })).toBeVisible();
  await expect(page.getByLabel(SECOND_FACTOR_MSG.policyLabel)).toContainText('Nobody');
  await shot(page, 'second-factor-admin-users');
});

test('a policy that requires it sends an account without one through the set-up first', async ({ page }) => {
  const admin = await apiToken(page, ADMIN.username, ADMIN.password);
  const headers = { authorization: `JWT ${admin}` };
  await makeMember(page, admin, 'mustenrol', MEMBER.password);
  const setPolicy = (require: string) =>
    page.request.put('/api/v1/auth/second_factor/policy', { headers, data: { require } });
  expect((await setPolicy('everyone')).ok()).toBeTruthy();
  try {
    await passwordStep(page, 'mustenrol', MEMBER.password);
    await expect(page.getByRole('heading', { name: 'Set Up Two-Step Sign In' })).toBeVisible();
    await expect(page.getByText(SECOND_FACTOR_MSG.enrolRequired)).toBeVisible();
    const secret = await shownSecret(page);
    await page.getByLabel('Code').fill(codeOf(secret));
    await shot(page, 'second-factor-required-enrol');
    await page.getByRole('button', { name: 'Turn On and Sign In' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    expect((await page.context().cookies()).find((c) => c.name === 'atxLogin')).toBeUndefined();
    await page.getByRole('button', { name: 'I saved them: continue' }).click();
    await expect(page.getByText(MSG.welcome('mustenrol'))).toBeVisible();
    // Required: it cannot be turned off in User Settings.
    await page.goto('/?component=UserSettings&tab=second-factor');
    await expect(page.getByText(SECOND_FACTOR_MSG.requiredCannotDisable)).toBeVisible();
  } finally {
    // Other specs sign in as the admin with a password alone.
    expect((await setPolicy('nobody')).ok()).toBeTruthy();
  }
});
