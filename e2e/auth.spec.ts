import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@atlas/contracts';
import { ADMIN, apiToken, codeFor, expect, shot, signIn, test } from './fixtures';

/** Spec 01 §2/§4/§5/§6/§8 through the browser: sign-in, registration, password reset, roles and the shell. */

const PASSWORD = 'Secret#123';
let counter = 0;
/** A username nobody has used in this run's fresh data folder. */
const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

const auth = (token: string) => ({ authorization: `JWT ${token}` });

/** Authorises a user the way an administrator does: confirm, then add the `user` group. */
async function authorise(request: APIRequestContext, adminToken: string, username: string): Promise<void> {
  const confirm = await request.put('/api/v1/auth/confirm', { headers: auth(adminToken), data: { username } });
  expect(confirm.ok()).toBeTruthy();
  const groups = await request.put('/api/v1/auth/modify_group_list', {
    headers: auth(adminToken),
    data: { username, groups_adding: ['user'], groups_removing: [] },
  });
  expect(groups.ok()).toBeTruthy();
}

/** A confirmed `user`-group account made through the admin API, with a verified email unless told otherwise. */
async function createUser(page: Page, { verifyEmail = true } = {}): Promise<string> {
  const username = uniqueName('user');
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const created = await page.request.post('/api/v1/auth/user', {
    headers: auth(token),
    data: { username, password: PASSWORD, name: 'Test User', email: `${username}@lab.example.org`, groups: [] },
  });
  expect(created.ok()).toBeTruthy();
  await authorise(page.request, token, username);
  if (!verifyEmail) return username;
  const verified = await page.request.post('/api/v1/auth/confirm_user_email_admin', {
    headers: auth(token),
    data: { username },
  });
  expect(verified.ok()).toBeTruthy();
  return username;
}

/** Screenshots after MUI's menu, drawer and dialog transitions have finished (shot waits for them). */
async function capture(page: Page, name: string): Promise<void> {
  await shot(page, name);
}

/** Waits for a code newer than `previous` (mail is written asynchronously). */
async function nextCode(username: string, previous: string | null): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = await codeFor(username).catch(() => null);
    if (code && code !== previous) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No new code for ${username}`);
}

test('a visitor is sent to the catalogue and can open help with F1', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/visualization$/);
  await expect(page.getByRole('heading', { name: MSG.catalogueTitle })).toBeVisible();
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await capture(page, 'visualization-visitor');

  await page.keyboard.press('F1');
  await expect(page.getByRole('dialog', { name: 'Help' })).toContainText(MSG.helpText);
  await capture(page, 'help-dialog');
  await page.getByRole('button', { name: 'Close' }).click();

  await page.goto('/?component=AtlasXplore');
  await expect(page.getByText(MSG.signInRequired)).toBeVisible();
  // The public viewer and its link errors are covered by the catalogue and explorer specs.
});

test('admin signs in, sees every menu, and signs out', async ({ page }) => {
  await page.goto('/login');
  const signInButton = page.getByRole('button', { name: 'Sign In' });
  await expect(signInButton).toBeDisabled();
  await capture(page, 'login-sign-in');

  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'HELLO ADMIN' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Go to / })).toHaveCount(6);
  await capture(page, 'home-admin');

  const bar = page.getByRole('banner');
  for (const menu of ['File', 'Edit', 'View', 'Tools', 'About', 'Admin']) {
    await expect(bar.getByRole('button', { name: menu, exact: true })).toBeVisible();
  }

  await bar.getByRole('button', { name: 'File', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Upload Dataset' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'Upload Metadata' }).click();
  await expect(page.getByRole('menuitem', { name: 'Chip Table .csv' })).toBeVisible();
  await capture(page, 'menu-file');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('menuitem', { name: 'User' }).click();
  await expect(page.getByRole('menuitem', { name: 'Register New User' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Reset User Password' })).toBeVisible();
  await capture(page, 'menu-admin');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Wafer Trace' }).click();
  await expect(page).toHaveURL(/component=WaferTrace/);
  // Every tool of the menus opens (none is "not available"); Atlas Compare is the admin's.
  await page.goto('/?component=AtlasCompare');
  await expect(page.getByRole('heading', { name: 'Atlas Compare' })).toBeVisible();

  await page.goto('/?component=NoSuchTool');
  await expect(page.getByText(MSG.componentUnknown('NoSuchTool'))).toBeVisible();

  await bar.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('navigation', { name: 'Tools and settings' });
  for (const group of ['Analysis', 'Tools', 'Metadata', 'Settings']) {
    await expect(drawer.getByText(group, { exact: true })).toBeVisible();
  }
  await capture(page, 'drawer-admin');
  await drawer.getByRole('link', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/component=AdminPanel/);

  const userMenu = bar.getByRole('button', { name: 'admin (test)' });
  await userMenu.click();
  await expect(page.getByRole('menuitem', { name: 'Add a Run' })).toBeVisible();
  await capture(page, 'menu-user-admin');
  await page.getByRole('menuitem', { name: 'Add a Run' }).click();
  await expect(page).toHaveURL(/\/\?component=AdminPanel&action=new_run&results_id=null$/);

  // The menu closed by Add a Run first (its exit transition): under CI's load a Logout click once landed on the closing
  // menu's item and the reopened menu stayed open.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await userMenu.click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await logout.click();
  await expect(page.getByText(MSG.goodbye(ADMIN.username))).toBeVisible();
  await expect(page).toHaveURL(/\/visualization$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'atxLogin')).toBeUndefined();
});

test('the session survives a reload through the login cookie', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'atxLogin');
  expect(cookie).toBeDefined();
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ token: expect.any(String) });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'HELLO ADMIN' })).toBeVisible();

  // A start whose whoami gets no answer (the page left mid-call, the server unreachable) keeps the login cookie:
  // the next page is signed in again. Only a refused token ends the saved session.
  await page.route('**/api/v1/auth/whoami', (route) => route.abort('connectionreset'), { times: 1 });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'atxLogin')).toBeDefined();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'HELLO ADMIN' })).toBeVisible();

  // Nor does an answer cut off before its body (what a page being left mid-call sees when the headers are in).
  await page.route('**/api/v1/auth/whoami', (route) => route.fulfill({ status: 200, body: '' }), { times: 1 });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'atxLogin')).toBeDefined();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'HELLO ADMIN' })).toBeVisible();
});

test('a wrong password is refused with the spec message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByText(MSG.invalidLogin)).toBeVisible();
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await capture(page, 'login-wrong-password');
});

test('registration: code, confirmation, refused until authorised, then signed in', async ({ page }) => {
  const username = uniqueName('reg');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Request an Account' })).toBeVisible();
  const request = page.getByRole('button', { name: 'Request Account' });
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@lab');
  await expect(page.getByText(MSG.emailInvalid)).toBeVisible();
  await page.getByLabel('Email').fill(`${username}@lab.example.org`);
  await page.getByLabel('PI Name').fill('Charles Babbage');
  await page.getByLabel('Organization').fill('Analytical Engines Lab');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('secret');
  await page.getByLabel('Confirm Password').fill('secret');
  await expect(request).toBeDisabled();
  await capture(page, 'login-register-invalid');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await expect(request).toBeEnabled();
  await capture(page, 'login-register-valid');
  await request.click();

  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  await expect(page.getByText(MSG.confirmCodeSent(username))).toBeVisible();
  const first = await nextCode(username, null);
  await page.getByLabel('Confirmation Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(MSG.wrongConfirmationCode)).toBeVisible();
  await capture(page, 'login-confirm-code');
  await page.getByLabel('Confirmation Code').fill(first);
  await page.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.accountConfirmed });
  await expect(dialog).toBeVisible();
  await capture(page, 'login-account-confirmed');
  await dialog.getByRole('button', { name: 'OK' }).click();

  // Back on sign-in with the username kept; the account still needs an administrator.
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.accountAwaitingApproval)).toBeVisible();
  await capture(page, 'login-unauthorised');

  await authorise(page.request, await apiToken(page, ADMIN.username, ADMIN.password), username);
  await signIn(page, username, PASSWORD);
  await expect(page.getByRole('heading', { name: `HELLO ${username.toUpperCase()}` })).toBeVisible();

  // Registering the same name again is refused with the red toast.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Full Name').fill('Ada Again');
  await page.getByLabel('Email').fill(`again-${username}@lab.example.org`);
  await page.getByLabel('PI Name').fill('PI');
  await page.getByLabel('Organization').fill('Lab');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Request Account' }).click();
  await expect(page.getByText(MSG.usernameExists)).toBeVisible();
});

test('forgot password: code, reset, sign in with the new password', async ({ page }) => {
  const username = await createUser(page);
  const newPassword = 'Fresh#Pass2';
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MSG.usernameMissing)).toBeVisible();
  await capture(page, 'login-forgot');

  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const code = await nextCode(username, null);
  await page.getByLabel('Confirmation Code').fill(code);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill('Fresh#Pass3');
  await expect(page.getByText(MSG.passwordsDontMatch)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await capture(page, 'login-reset');
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(MSG.passwordHasBeenReset)).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.invalidLogin)).toBeVisible();
  await signIn(page, username, newPassword);
});

test('forgot password on an unfinished registration: verify the email first, then reset', async ({ page }) => {
  const username = uniqueName('half');
  const requested = await page.request.post('/api/v1/auth/user_account_request', {
    data: {
      name: 'Half Done',
      username,
      password: PASSWORD,
      email: `${username}@lab.example.org`,
      pi_name: 'PI',
      organization: 'Lab',
    },
  });
  expect(requested.ok()).toBeTruthy();
  const registrationCode = await nextCode(username, null);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.verifyFirstTitle });
  await expect(dialog).toContainText(MSG.verifyFirstBody);
  await capture(page, 'login-verify-first');
  await dialog.getByRole('button', { name: 'OK' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  const confirmationCode = await nextCode(username, registrationCode);
  await page.getByLabel('Confirmation Code').fill(confirmationCode);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Confirmed from the forgot-password flow: the reset request follows at once.
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const resetCode = await nextCode(username, confirmationCode);
  await page.getByLabel('Confirmation Code').fill(resetCode === '000000' ? '111111' : '000000');
  await page.getByLabel('New Password').fill('Fresh#Pass2');
  await page.getByLabel('Confirm Password').fill('Fresh#Pass2');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(MSG.wrongCode)).toBeVisible();
  await page.getByLabel('Confirmation Code').fill(resetCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(MSG.passwordHasBeenReset)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('forgot password on an account whose email was never verified shows the spec dialog', async ({ page }) => {
  const username = await createUser(page, { verifyEmail: false });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: MSG.neverVerifiedTitle });
  await expect(dialog).toContainText(MSG.neverVerifiedBody);
  await capture(page, 'login-never-verified');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
});

test('a non-admin user sees only what the role allows', async ({ page }) => {
  const username = await createUser(page);
  await signIn(page, username, PASSWORD);
  await expect(page.getByRole('heading', { name: `HELLO ${username.toUpperCase()}` })).toBeVisible();
  // The user role's cards: AtlasXbrowser, AtlasXplore and the run information viewer.
  await expect(page.getByRole('link', { name: /^Go to / })).toHaveCount(3);
  await capture(page, 'home-user');

  const bar = page.getByRole('banner');
  await expect(bar.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'File', exact: true })).toHaveCount(0);
  await bar.getByRole('button', { name: `${username} (test)` }).click();
  await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Add a Run' })).toHaveCount(0);
  await capture(page, 'menu-user-non-admin');
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('navigation', { name: 'Tools and settings' });
  // User Settings holds a member's API tokens (issue 20); its other tabs stay with admins.
  await expect(drawer.getByRole('link')).toHaveText([
    'AtlasXbrowser',
    'AtlasXplore',
    'Atlas Run Viewer',
    'User Settings',
  ]);
  await capture(page, 'drawer-user');
  await page.keyboard.press('Escape');

  await page.goto('/?component=AdminPanel');
  await expect(page.getByRole('heading', { name: 'No permission' })).toBeVisible();
  await expect(page.getByText(MSG.componentForbidden('Admin Panel'))).toBeVisible();
  await capture(page, 'component-no-permission');

  const token = await apiToken(page, username, PASSWORD);
  const accounts = await page.request.get('/api/v1/auth/list_accounts', { headers: auth(token) });
  expect(accounts.status()).toBe(403);
});
