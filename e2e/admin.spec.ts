import type { Page } from '@playwright/test';
import { addConfirmedUser, ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * The Admin Panel's account screens end to end (spec 01 §2 "Admin user and group screens", spec 03 §2.10):
 * a group is created, a user registered through the Admin menu, given the group, has their password reset and
 * signs in with it; then the group and the user are deleted.
 */
const NEW_USER = { username: 'alice', name: 'Alice Liddell', email: 'alice@example.org', password: 'Alice#Pass1' };
const RESET_PASSWORD = 'Alice#Pass2';
const GROUP = 'lab-a';

const snackbar = (page: Page) => page.getByTestId('snackbar');
const openTab = async (page: Page, label: string, slug: string) => {
  await page.getByRole('tab', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`tab=${slug}`));
};
const userRow = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

async function openAdminUserMenu(page: Page, entry: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'User' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** Screenshots wait for MUI's fades: every open dialog at full opacity and no menu still fading out. */
async function settledShot(page: Page, name: string) {
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
  for (const container of await page.locator('.MuiDialog-container').all()) {
    await expect(container).toHaveCSS('opacity', '1');
  }
  await shot(page, name);
}

async function signInFresh(page: Page, username: string, password: string) {
  // The session lives in the login cookie; dropping it signs the previous user out.
  await page.context().clearCookies();
  await signIn(page, username, password);
}

test('admin manages groups and users from the Admin Panel', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);

  // Job Managment opens from a link and lists the recent tasks with who asked for them.
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const posted = await page.request.post('/api/v1/task', {
    headers: { authorization: `JWT ${token}` },
    data: { task: 'core.task_list', queue: 'atxcloud_core' },
  });
  expect(posted.ok()).toBeTruthy();
  const taskId = ((await posted.json()) as { _id: string })._id;
  await page.goto('/?component=AdminPanel&tab=jobs');
  await expect(page.getByRole('tab', { name: 'Job Managment' })).toHaveAttribute('aria-selected', 'true');
  for (const label of ['User Management', 'Group Managment', 'Create A Run', 'Add A Run', 'Group Runs', 'Add Files']) {
    await expect(page.getByRole('tab', { name: label })).toBeVisible();
  }
  // Newest first: the task just posted is the first core.task_list row; its id is in the name's tooltip.
  const job = page.getByRole('row').filter({ hasText: 'core.task_list' }).first();
  await job.getByText('core.task_list').hover();
  await expect(page.getByRole('tooltip')).toContainText(taskId);
  await expect(job).toContainText('core.task_list');
  await expect(job).toContainText('SUCCESS');
  await expect(job).toContainText(ADMIN.username);
  // Every kind of task names a description and a run: an explorer task from its definition and its file's run.
  const explorerTask = await page.request.post('/api/v1/task', {
    headers: { authorization: `JWT ${token}` },
    data: { task: 'gene.compute_qc', queue: 'atxcloud_gene', args: ['data/D07200/h5/obj/genes.h5ad', [0], 'k'] },
  });
  expect(explorerTask.ok()).toBeTruthy();
  await page.getByRole('button', { name: 'Refresh jobs' }).click();
  const explorerJob = page.getByRole('row').filter({ hasText: 'gene.compute_qc' }).first();
  await expect(explorerJob).toContainText('Ranks every feature for a selection of tixels against the rest.');
  await expect(explorerJob.getByRole('cell', { name: 'D07200', exact: true })).toBeVisible();
  await shot(page, 'admin-jobs');

  await openTab(page, 'Add Files', 'add-files');
  await expect(page.getByText('Select a run to edit its downloadable files.')).toBeVisible();

  // Group Managment: Create Group needs a new name and a description.
  await openTab(page, 'Group Managment', 'groups');
  const createGroup = page.getByRole('button', { name: 'Create Group' });
  const deleteGroup = page.getByRole('button', { name: 'Delete Group' });
  await page.getByLabel('Group Name').fill(GROUP);
  await expect(createGroup).toBeDisabled();
  await expect(deleteGroup).toBeDisabled();
  await page.getByLabel('Description').fill('Lab A members');
  await createGroup.click();
  await expect(snackbar(page)).toHaveText('Successfully created group');
  const groupList = page.getByRole('region', { name: 'Existing groups' });
  await expect(groupList.getByText(GROUP, { exact: true })).toBeVisible();
  await expect(createGroup).toBeDisabled();
  await expect(deleteGroup).toBeEnabled();
  await shot(page, 'admin-groups');

  // Register New User from the Admin menu: created and confirmed at once; a taken name is said on the field.
  await openAdminUserMenu(page, 'Register New User');
  let dialog = page.getByRole('dialog', { name: 'Register User' });
  await dialog.getByLabel('Username').fill(NEW_USER.username);
  await dialog.getByLabel('Full Name').fill(NEW_USER.name);
  await dialog.getByLabel('Email').fill(NEW_USER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(NEW_USER.password);
  await settledShot(page, 'admin-register-dialog');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(snackbar(page)).toHaveText('User Successfully Registered');
  await expect(dialog).toBeHidden();

  await openAdminUserMenu(page, 'Register New User');
  dialog = page.getByRole('dialog', { name: 'Register User' });
  await dialog.getByLabel('Username').fill(NEW_USER.username);
  await dialog.getByLabel('Full Name').fill(NEW_USER.name);
  await dialog.getByLabel('Email').fill(NEW_USER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(NEW_USER.password);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('User already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // User Management: the new user is confirmed; add them to the group and email them about it.
  await openTab(page, 'User Management', 'users');
  const row = userRow(page, NEW_USER.username);
  await expect(row).toContainText('CONFIRMED');
  await expect(row).toContainText(NEW_USER.email);
  await row.getByRole('button', { name: `Edit ${NEW_USER.username}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit User Information' });
  await expect(dialog.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Username')).toHaveValue(NEW_USER.username);
  await expect(dialog.getByRole('checkbox', { name: 'Email User' })).toBeChecked();
  const submit = dialog.getByRole('button', { name: 'Submit Changes' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Groups' }).click();
  await page.getByRole('option', { name: GROUP }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(submit).toBeEnabled();
  await settledShot(page, 'admin-edit-user');
  await submit.click();
  await expect(snackbar(page)).toHaveText('Successfully modified user`s groups.');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(GROUP);
  await shot(page, 'admin-users');

  // The history shows who changed the groups.
  await row.getByRole('button', { name: `History of ${NEW_USER.username}` }).click();
  dialog = page.getByRole('dialog', { name: `History of ${NEW_USER.username}` });
  await expect(dialog.getByRole('cell', { name: 'user.groups' })).toBeVisible();
  await settledShot(page, 'admin-user-history');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Reset their password from the Admin menu.
  await openAdminUserMenu(page, 'Reset User Password');
  dialog = page.getByRole('dialog', { name: 'Reset User Password' });
  await dialog.getByLabel('Username').fill(NEW_USER.username);
  await dialog.getByLabel('Password', { exact: true }).fill(RESET_PASSWORD);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(snackbar(page)).toHaveText('Password Successfully Reset');

  // The user signs in with the new password.
  await signInFresh(page, NEW_USER.username, RESET_PASSWORD);
  await signInFresh(page, ADMIN.username, ADMIN.password);

  // Delete the group (with confirmation); the user loses it.
  await page.goto('/?component=AdminPanel&tab=groups');
  await page.getByRole('region', { name: 'Existing groups' }).getByText(GROUP, { exact: true }).click();
  await expect(page.getByLabel('Group Name')).toHaveValue(GROUP);
  await page.getByRole('button', { name: 'Delete Group' }).click();
  await page.getByRole('dialog', { name: 'Delete Group' }).getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page)).toHaveText('Successfully Deleted');
  await expect(page.getByRole('region', { name: 'Existing groups' }).getByText(GROUP, { exact: true })).toBeHidden();

  // Delete the user: Cancel keeps them, Delete removes them.
  await openTab(page, 'User Management', 'users');
  await expect(userRow(page, NEW_USER.username)).not.toContainText(GROUP);
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await userRow(page, NEW_USER.username)
    .getByRole('button', { name: `Delete ${NEW_USER.username}` })
    .click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(userRow(page, NEW_USER.username)).toBeVisible();
  await userRow(page, NEW_USER.username)
    .getByRole('button', { name: `Delete ${NEW_USER.username}` })
    .click();
  await settledShot(page, 'admin-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page)).toHaveText(`User: ${NEW_USER.username} has been successfully deleted.`);
  await expect(userRow(page, NEW_USER.username)).toHaveCount(0);
  // An admin cannot delete their own account from the table.
  await expect(userRow(page, ADMIN.username).getByRole('button', { name: `Delete ${ADMIN.username}` })).toBeDisabled();
});

test('the add/remove user and reset password forms of User Management', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AdminPanel&tab=users');
  const form = page.getByRole('region', { name: 'Add or remove a user' });
  await form.getByLabel('Username', { exact: true }).fill('bob');
  await form.getByLabel('Password', { exact: true }).fill('Bob#Pass11');
  await form.getByLabel('Name', { exact: true }).fill('Bob Builder');
  await form.getByLabel('Email').fill('bob@example.org');
  await form.getByLabel('Group', { exact: true }).fill('user');
  await form.getByRole('button', { name: 'Add Group' }).click();
  // The same group twice is kept once.
  await form.getByLabel('Group', { exact: true }).fill('user');
  await form.getByRole('button', { name: 'Add Group' }).click();
  await expect(form.getByRole('button', { name: 'user', exact: true })).toHaveCount(1);
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(snackbar(page)).toHaveText('User creation successful');
  // Added by an admin: confirmed at once, the same rule as Register New User (issue 15).
  await expect(userRow(page, 'bob')).toContainText('CONFIRMED');
  await expect(userRow(page, 'bob')).not.toContainText('UNCONFIRMED');

  // A requested account starts unconfirmed. Its email cannot be confirmed; confirming the user comes first.
  const requested = await page.request.post('/api/v1/auth/user_account_request', {
    data: {
      name: 'Carol C',
      username: 'carol',
      password: 'Carol#Pass1',
      email: 'carol@example.org',
      pi_name: 'P',
      organization: 'O',
    },
  });
  expect(requested.ok()).toBeTruthy();
  await page.reload();
  const row = userRow(page, 'carol');
  await expect(row).toContainText('UNCONFIRMED');
  await row.getByRole('button', { name: 'Edit carol' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User Information' });
  await dialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(snackbar(page)).toHaveText('Unable to confirm email of an unconfirmed user.');
  await dialog.getByRole('button', { name: 'Confirm user' }).click();
  await expect(snackbar(page)).toHaveText('Successfully confirmed user');
  await expect(dialog.getByText('Confirmed', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(snackbar(page)).toHaveText('Successfully confirmed user`s email');
  await expect(dialog.getByText('Verified', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).not.toContainText('UNCONFIRMED');

  const reset = page.getByRole('region', { name: 'Reset a password' });
  await reset.getByLabel('Username').fill('bob');
  await reset.getByLabel('New Password').fill('weak');
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expect(snackbar(page)).toContainText('Password reset failed');
  await reset.getByLabel('New Password').fill('Bob#Pass22');
  await reset.getByRole('button', { name: 'Change Password' }).click();
  await expect(snackbar(page)).toHaveText('Password reset successfully');
  await shot(page, 'admin-user-forms');

  await form.getByLabel('Username', { exact: true }).fill('bob');
  await form.getByRole('button', { name: 'Remove User' }).click();
  await page.getByRole('dialog', { name: 'Remove User' }).getByRole('button', { name: 'Remove' }).click();
  await expect(snackbar(page)).toHaveText('User deletion successful');
  await expect(userRow(page, 'bob')).toHaveCount(0);
});

test('user settings: Change Password checks the form and the old password', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=UserSettings');
  await expect(page.getByRole('tab', { name: 'Config' })).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(snackbar(page)).toHaveText('Password is not valid');
  await expect(page.getByText('Field cannot be empty')).toHaveCount(3);

  await page.getByLabel('Old Password', { exact: true }).fill('Wrong#Pass1');
  await page.getByLabel('New Password', { exact: true }).fill('Other#Pass1');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Other#Pass2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm New Password', { exact: true }).fill('Other#Pass1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await shot(page, 'settings-change-password');

  // A new password ends every older token; this session goes on with the fresh one it is given: after a reload
  // (the login cookie holds the renewed token) the admin is still signed in and can change the password back.
  const change = async (from: string, to: string) => {
    await page.getByLabel('Old Password', { exact: true }).fill(from);
    await page.getByLabel('New Password', { exact: true }).fill(to);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(snackbar(page)).toContainText(/Success/i);
  };
  await change(ADMIN.password, 'Other#Pass1');
  await page.reload();
  await expect(page.getByRole('button', { name: /admin/ }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Config' })).toBeVisible();
  await change('Other#Pass1', ADMIN.password);
  await shot(page, 'settings-change-password-done');
});

test('admin disables an account and enables it again from User Management', async ({ page }) => {
  const member = { username: 'dana', name: 'Dana Scully', email: 'dana@example.org', password: 'Dana#Pass11' };
  await signIn(page, ADMIN.username, ADMIN.password);
  const headers = { authorization: `JWT ${await apiToken(page, ADMIN.username, ADMIN.password)}` };
  await addConfirmedUser(page, headers, { ...member, groups: ['user'] });
  const signInAs = () =>
    page.request.post('/api/v1/auth/login', { data: { username: member.username, password: member.password } });

  await page.goto('/?component=AdminPanel&tab=users');
  const row = userRow(page, member.username);
  // The first paint of the panel can be slow on a shared test machine.
  await expect(row).toContainText('CONFIRMED', { timeout: 30_000 });
  await expect(row).not.toContainText('DISABLED');
  // The own account cannot be disabled from here (the server refuses it too).
  await expect(userRow(page, ADMIN.username).getByRole('button', { name: `Disable ${ADMIN.username}` })).toBeDisabled();

  // Disable asks first: Cancel changes nothing.
  const disable = page.getByRole('dialog', { name: 'Disable User' });
  await row.getByRole('button', { name: `Disable ${member.username}` }).click();
  await expect(disable).toContainText(`Disable the user '${member.username}'?`);
  await disable.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).not.toContainText('DISABLED');
  expect((await signInAs()).status()).toBe(200);

  await row.getByRole('button', { name: `Disable ${member.username}` }).click();
  await settledShot(page, 'admin-disable-confirm');
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(snackbar(page)).toHaveText('Successfully disabled user');
  await expect(row).toContainText('DISABLED');
  await expect(row.getByRole('button', { name: `Enable ${member.username}` })).toBeVisible();
  await settledShot(page, 'admin-user-disabled');
  const refused = await signInAs();
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { msg: string }).msg).toBe('This account has been disabled.');

  // Enable gives the account back: the user signs in again.
  await row.getByRole('button', { name: `Enable ${member.username}` }).click();
  const enable = page.getByRole('dialog', { name: 'Enable User' });
  await enable.getByRole('button', { name: 'Enable' }).click();
  await expect(snackbar(page)).toHaveText('Successfully enabled user');
  await expect(row).not.toContainText('DISABLED');
  await expect(row.getByRole('button', { name: `Disable ${member.username}` })).toBeEnabled();
  expect((await signInAs()).status()).toBe(200);
});
