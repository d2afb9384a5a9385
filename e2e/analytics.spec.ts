import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { LAB_MSG } from '@atlas/contracts';
import { sharedData } from '@atlas/spatial/testing';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * Atlas Analytics (spec 03 §2.4): the run list from spatial/metadata.json, a general task run from the task runner,
 * the worker table counting it, and Job Managment listing it.
 */
const RUN = 'D90006';
const KEY = `data/${RUN}/spatial/metadata.json`;

test('runs a task from Analytics and sees it in the worker table and Job Managment', async ({ page }) => {
  // First in its file while the server makes the demo runs' web files: on a loaded machine 60 s was too tight.
  test.setTimeout(180_000);
  await signIn(page, ADMIN.username, ADMIN.password);
  // A run with a spatial folder's metadata.json, put in storage through a signed upload URL as a lab tool would.
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const signed = await page.request.post('/api/v1/storage/generate_presigned_url', {
    headers: { authorization: `JWT ${token}` },
    data: { bucket_name: 'atx-data', key: KEY, method: 'PUT', expires_in: 600 },
  });
  expect(signed.ok()).toBeTruthy();
  const { url } = (await signed.json()) as { url: string };
  const put = await page.request.put(url, { data: JSON.stringify({ run_id: RUN, species: 'mus_musculus' }) });
  expect(put.ok()).toBeTruthy();

  await page.goto('/?component=AtlasAnalytics');
  await expect(page.getByRole('heading', { name: 'Atlas Analytics' })).toBeVisible();
  const runs = page.getByRole('list', { name: 'Runs' });
  await expect(runs.getByText(RUN)).toBeVisible();
  await page.getByLabel('Search runs').fill('D9999');
  await expect(page.getByText('No run matches the search.')).toBeVisible();
  await page.getByLabel('Search runs').fill('9000');
  await runs.getByText(RUN).click();

  // The worker table lists this server's workers; note how often core.checksum was requested so far.
  const workers = page.getByRole('table', { name: 'Worker status' });
  const checksumRow = workers.getByRole('row').filter({ hasText: 'core.checksum' });
  await expect(checksumRow).toHaveCount(1);
  await expect(checksumRow).toContainText('atxcloud_core');
  const before = Number(await checksumRow.getByRole('cell').nth(3).textContent());

  // Only general tasks are offered: no transfer or explorer task.
  await page.getByLabel('Task', { exact: true }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveText(['core.task_list', 'core.checksum', 'webfile.create_files']);
  await page.getByRole('option', { name: 'core.checksum' }).click();
  await expect(page.getByLabel('Queue', { exact: true })).toHaveText('atxcloud_core');
  await expect(page.getByLabel('Worker', { exact: true })).toContainText('atlas@');

  // A missing key is refused by the server with the field named.
  await page.getByRole('button', { name: 'Run Task' }).click();
  await expect(page.getByText(/^kwargs\.key: /)).toBeVisible();

  await page.getByRole('textbox', { name: 'Key' }).fill(KEY);
  await page.getByRole('button', { name: 'Run Task' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'SUCCESS' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Task result')).toContainText('"sha256"');
  await expect(page.getByText('Worker finished the job')).toBeVisible();

  await page.getByRole('button', { name: 'Refresh workers' }).click();
  await expect(page.getByText('Workers refreshed')).toBeVisible();
  await expect(checksumRow.getByRole('cell').nth(3)).toHaveText(String(before + 1));
  await page.getByLabel('Search workers').fill('checksum');
  await expect(workers.getByRole('row')).toHaveCount(2);
  await shot(page, 'analytics');

  await page.goto('/?component=AdminPanel&tab=jobs');
  await expect(page.getByRole('row').filter({ hasText: 'core.checksum' }).first()).toBeVisible();
});

/** Puts a file into the data bucket through a signed upload URL, as a lab tool would. */
async function putFile(page: Page, token: string, key: string, data: Buffer | string): Promise<void> {
  const signed = await page.request.post('/api/v1/storage/generate_presigned_url', {
    headers: { authorization: `JWT ${token}` },
    data: { bucket_name: 'atx-data', key, method: 'PUT', expires_in: 600 },
  });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  const put = await page.request.put(((await signed.json()) as { url: string }).url, { data });
  expect(put.ok(), await put.text()).toBeTruthy();
}

test('lists an imported run and a spatial folder without metadata.json, saying what is missing', async ({ page }) => {
  test.setTimeout(240_000);
  const IMPORTED = 'D07702';
  const HAND_COPIED = 'D07703';
  await signIn(page, ADMIN.username, ADMIN.password);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  // A real Space Ranger folder (squidpy's test data) imported through the admin route: its spatial folder is
  // stored before the web-file task is queued, with the metadata.json the import writes.
  for (const name of [
    'filtered_feature_bc_matrix.h5',
    'spatial/tissue_positions_list.csv',
    'spatial/scalefactors_json.json',
  ])
    await putFile(
      page,
      token,
      `uploads/HE_section2/${name}`,
      fs.readFileSync(sharedData('visium-squidpy-tests', name)),
    );
  const imported = await page.request.post('/api/v1/run_db/import', {
    headers: { authorization: `JWT ${token}` },
    data: { run_id: IMPORTED, source: 'uploads/HE_section2/' },
  });
  expect(imported.ok(), await imported.text()).toBeTruthy();
  // A spatial folder copied by hand, without its metadata.json.
  await putFile(page, token, `data/${HAND_COPIED}/spatial/tissue_positions_list.csv`, 'AAAC-1,1,0,0,10,10\n');

  await page.goto('/?component=AtlasAnalytics');
  const runs = page.getByRole('list', { name: 'Runs' });
  const row = (run: string) => runs.getByRole('button').filter({ hasText: run });
  // The server may still be making the demo runs' web files: the list can take a while on a loaded machine.
  await expect(row(IMPORTED)).toBeVisible({ timeout: 60_000 });
  await expect(row(IMPORTED)).not.toContainText(LAB_MSG.spatialMetadataMissing);
  await expect(row(HAND_COPIED)).toContainText(LAB_MSG.spatialMetadataMissing);
  await page.getByLabel('Search runs').fill('0770');
  await expect(runs.getByRole('button')).toHaveCount(2);
  await shot(page, 'analytics-imported-run');
});
