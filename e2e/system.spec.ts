import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * Admin Panel › System (issue "Operations"): versions, queue counts, live workers, the latest failed tasks, storage
 * per bucket, database size and demo content — and it refreshes on its own: a task that fails after the tab is
 * open appears without a reload.
 */
test('the System tab shows the state of the installation and follows it', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const app = (await (await page.request.get('/api/v1/app')).json()) as { version: string };

  await page.goto('/?component=AdminPanel&tab=system');
  await expect(page.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');

  const overview = page.getByRole('table', { name: 'Overview' });
  await expect(overview.getByRole('row', { name: /Version/ }).first()).toContainText(app.version);
  await expect(overview.getByRole('row', { name: /Schema version/ })).toContainText(/\d{3}/);
  await expect(overview.getByRole('row', { name: /Database size/ })).toContainText(/\d+(\.\d+)? (KB|MB|GB)/);
  await expect(overview.getByRole('row', { name: /Demo content/ })).toBeVisible();

  const queues = page.getByRole('table', { name: 'Queues' });
  for (const queue of ['atxcloud_gene', 'atxcloud_atlasbrowser', 'atxcloud_webfile', 'atxcloud_core'])
    await expect(queues.getByRole('row', { name: new RegExp(queue) })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Storage' }).getByRole('row', { name: /atx-data/ })).toBeVisible();
  // The in-process workers of the server itself, from the same table as Atlas Analytics' worker status.
  await expect(page.getByRole('table', { name: 'Live workers' }).getByRole('row', { name: /atlas@/ })).toBeVisible();

  // A task that fails now (BaseSpace is not reachable from this test) shows up on the next refresh, with its error.
  const failedBefore = Number(
    await queues
      .getByRole('row', { name: /atxcloud_core/ })
      .getByRole('cell')
      .nth(3)
      .textContent(),
  );
  const posted = await page.request.post('/api/v1/task', {
    headers: { authorization: `JWT ${token}`, 'x-request-id': 'e2e-system-tab' },
    data: { task: 'core.list_basespace_datasets', queue: 'atxcloud_core', args: [0] },
  });
  expect(posted.ok()).toBeTruthy();
  const failed = page.getByRole('table', { name: /Latest failed tasks/ });
  const row = failed.getByRole('row', { name: /e2e-system-tab/ });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('core.list_basespace_datasets');
  await expect(row).toContainText('admin');
  await expect(
    queues
      .getByRole('row', { name: /atxcloud_core/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText(String(failedBefore + 1));
  await shot(page, 'admin-system-tab');
});
