import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sharedData } from '@atlas/spatial/testing';
import { DEMO_RUNS } from '../apps/server/src/seed/demo-runs.js';
import { ADMIN, apiToken, expect, plotsDrawn, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-SCIENCE]: a real log-normalised h5ad (Squidpy's Visium test data: leiden clusters '0', '2', '6', '7',
 * '9', three of them single spots) imported through the admin route. The legend keeps the file's cluster names,
 * the Metadata dialog says which analysis path the import took, and Cell Type Mapping runs on Apply only and says
 * why a cluster stays 'Undefined' (single-spot clusters are too small to test).
 */

const RUN = 'D00777';
const INPUT = sharedData('visium-squidpy-tests', 'test_data.h5ad');
const BUCKET = 'atx-data';

async function importInput(page: Page, token: string): Promise<void> {
  const headers = { authorization: `JWT ${token}` };
  const key = `uploads/science/test_data.h5ad`;
  const signed = await page.request.post('/api/v1/storage/generate_presigned_url', {
    headers,
    data: { bucket_name: BUCKET, key, method: 'PUT' },
  });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  const put = await page.request.put(((await signed.json()) as { url: string }).url, { data: fs.readFileSync(INPUT) });
  expect(put.ok(), await put.text()).toBeTruthy();
  const posted = await page.request.post('/api/v1/run_db/import', {
    headers,
    data: { run_id: RUN, source: key, title: 'Squidpy Visium test data' },
  });
  expect(posted.ok(), await posted.text()).toBeTruthy();
  const { _id } = (await posted.json()) as { _id: string };
  // The demo runs are processed at first start on this process: our task may queue behind them, and signing in
  // while they are being made can take longer than the sign-in check waits.
  await expect
    .poll(
      async () => {
        const runs = (await (await page.request.get('/api/v1/run_db/get_runs', { headers })).json()) as {
          run_id: string;
          web_object_available: boolean;
        }[];
        return DEMO_RUNS.filter((demo) => !runs.some((r) => r.run_id === demo.run_id && r.web_object_available)).length;
      },
      { timeout: 900_000, intervals: [5000] },
    )
    .toBe(0);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/task/${_id}`, { headers })).json()) as { status: string }).status,
      { timeout: 900_000, intervals: [2000] },
    )
    .toBe('SUCCESS');
}

test('[EXPLORER-SCIENCE]: categorical cluster names, analysis path in Metadata, cell typing on Apply with reasons', async ({
  page,
}) => {
  test.setTimeout(1_200_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await importInput(page, token);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page, 0.002); // 49 spots cover under 1 % of each plot

  // The legend shows leiden's own names, not C1, C3, …
  const legend = page.getByTestId('explorer-legend');
  for (const name of ['0', '2', '6', '7', '9']) await expect(legend.getByText(name, { exact: true })).toBeVisible();
  await expect(legend.getByText('C1', { exact: true })).toHaveCount(0);
  // The feature table heads its columns with the same names.
  const table = page.getByTestId('feature-table');
  for (const name of ['0', '2', '6', '7', '9'])
    await expect(table.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await shot(page, 'science-legend');

  // Metadata: the analysis path of this file (log-normalised X, no counts).
  await page.getByRole('button', { name: 'Metadata', exact: true }).click();
  const metadata = page.getByRole('dialog', { name: 'Metadata' });
  await expect(metadata.getByTestId('analysis-path')).toHaveValue(
    "Log-normalised values, no raw counts; clusters from obs 'leiden'; explorer values: X (log-normalised); UMI count not available (no raw counts)",
  );
  await shot(page, 'science-metadata');
  await metadata.getByRole('button', { name: 'Close' }).click();

  // Cell Type Mapping: Upload only loads the markers; Apply runs the task; the dialog then says why 6, 7, 9 stay
  // Undefined. Plk2 and mt-Nd4 are the top genes of clusters 0 and 2.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-science-'));
  fs.writeFileSync(path.join(dir, 'markers.csv'), 'Neurons,Plk2\nOligodendrocytes,mt-Nd4\n');
  await page.getByRole('button', { name: 'Cell Typing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cell Type Mapping' });
  await dialog.getByTestId('cell-type-upload').setInputFiles(path.join(dir, 'markers.csv'));
  await expect(dialog.getByTestId('cell-type-markers')).toHaveText(
    'markers.csv: 2 cell types of marker genes. Apply runs the cell typing.',
  );
  // Nothing ran on upload: the fields are still empty and no task result was applied.
  await expect(dialog.getByRole('textbox', { name: '0', exact: true })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Cell types applied')).toBeVisible({ timeout: 120_000 });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '0', exact: true })).toHaveValue('Neurons');
  await expect(dialog.getByRole('textbox', { name: '2', exact: true })).toHaveValue('Oligodendrocytes');
  await expect(dialog.getByRole('textbox', { name: '6', exact: true })).toHaveValue('Undefined');
  await expect(
    dialog.getByText("Undefined: too small to test (1 spot; Yuen's trimmed test needs at least 2)"),
  ).toHaveCount(3);
  await expect(dialog.getByTestId('cell-type-notes')).toHaveText('Too small to test, left out: 6 (1), 7 (1), 9 (1)');
  await shot(page, 'science-celltypes');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(legend.getByText('Neurons', { exact: false }).first()).toBeVisible();
});
