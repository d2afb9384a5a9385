import type { APIResponse, Page } from '@playwright/test';
import {
  addConfirmedUser,
  ADMIN,
  apiToken,
  drawLasso,
  expect,
  openFromCatalogue,
  plotHalves,
  shot,
  signIn,
  test,
  waitForRunData,
} from '../fixtures';

/**
 * [SCALE-OUT]: the portal as a deployment runs it (issue 36) — through nginx with TLS to two API processes, tasks
 * run by two worker processes on BullMQ, storage on S3: a scientist signs in, finds a run in the catalogue, opens
 * it, and a lasso is ranked; the page's requests are answered by both API processes. An admin disables an account in
 * the Admin Panel and both processes refuse it at once. (The AtlasXbrowser generation of e2e/atlasbrowser.spec.ts
 * runs through the rig as well: playwright.rig.config.ts.)
 */
const RUN = 'D90001';

test('[SCALE-OUT]: sign in, catalogue, open a run, lasso → top 10, through two API processes', async ({ page }) => {
  const answeredBy = new Set<string>();
  page.on('response', (response) => {
    const name = response.headers()['x-atlas-process'];
    if (name && new URL(response.url()).pathname.startsWith('/api/')) answeredBy.add(name);
  });
  await waitForRunData(page, RUN);

  await signIn(page, ADMIN.username, ADMIN.password);
  await openFromCatalogue(page, RUN);
  await expect
    .poll(async () => Math.min(...(await plotHalves(page))), { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.01);

  // The lasso's ranking is a gene.compute_qc task: posted on one API process, run by a worker process, polled
  // through whichever process nginx picks.
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const r = Math.min(box.width / 4, box.height / 2) * 0.6;
  await drawLasso(page, box.x + box.width / 4, box.y + box.height / 2, r);
  const dialog = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath('scale-out-top10.png') });

  expect([...answeredBy].sort()).toEqual(['api-0', 'api-1']);
});

/**
 * Sends `call` through the proxy until both API processes have answered it (nginx alternates, but the page's own
 * requests may come between), and expects `status` from each.
 */
async function expectFromBothProcesses(call: () => Promise<APIResponse>, status: number): Promise<void> {
  const answers = new Map<string, number[]>();
  for (let i = 0; i < 8 && answers.size < 2; i++) {
    const reply = await call();
    const name = reply.headers()['x-atlas-process'] ?? 'unnamed';
    answers.set(name, [...(answers.get(name) ?? []), reply.status()]);
  }
  expect([...answers.keys()].sort()).toEqual(['api-0', 'api-1']);
  expect(
    [...answers.values()].flat().every((s) => s === status),
    JSON.stringify([...answers]),
  ).toBe(true);
}

const userRow = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

test('[SCALE-OUT]: an account disabled in the Admin Panel is refused by both API processes at once', async ({
  page,
  request,
}) => {
  const member = { username: 'rig-dana', name: 'Dana Scully', email: 'rig-dana@example.org', password: 'Dana#Pass11' };
  await signIn(page, ADMIN.username, ADMIN.password);
  const headers = { authorization: `JWT ${await apiToken(page, ADMIN.username, ADMIN.password)}` };
  await addConfirmedUser(page, headers, { ...member, groups: ['user'] });
  // The member's side goes through a request context of its own: a sign-in through the page's would set the
  // member's login cookie in the admin's browser.
  const signInAs = () =>
    request.post('/api/v1/auth/login', { data: { username: member.username, password: member.password } });
  // A session of the member's from before, held in another browser.
  const session = {
    authorization: `JWT ${((await (await signInAs()).json()) as { access_token: string }).access_token}`,
  };
  const whoami = () => request.get('/api/v1/auth/whoami', { headers: session });

  await page.goto('/?component=AdminPanel&tab=users');
  const row = userRow(page, member.username);
  await expect(row).toContainText('CONFIRMED', { timeout: 30_000 });
  await row.getByRole('button', { name: `Disable ${member.username}` }).click();
  const disable = page.getByRole('dialog', { name: 'Disable User' });
  await expect(disable).toContainText(`Disable the user '${member.username}'?`);
  await disable.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('snackbar')).toHaveText('Successfully disabled user');
  await expect(row).toContainText('DISABLED');
  await shot(page, 'rig-admin-user-disabled');

  // Whichever process the admin's change went through, both refuse the account and its old session from now on.
  await expectFromBothProcesses(signInAs, 403);
  await expectFromBothProcesses(whoami, 401);

  await row.getByRole('button', { name: `Enable ${member.username}` }).click();
  const enable = page.getByRole('dialog', { name: 'Enable User' });
  await expect(enable).toBeVisible();
  await enable.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('snackbar')).toHaveText('Successfully enabled user');
  await expect(row).not.toContainText('DISABLED');
  await expectFromBothProcesses(signInAs, 200);
});
