import { BATCH_ID, novogeneBatch, startFtpBatchServer, type FtpBatchServer } from '../apps/server/test/ftp-batch.js';
import { basespaceDatasets, startBasespaceServer, type BasespaceServer } from '../apps/server/test/basespace-server.js';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * The Uploader's transfer tabs (spec 03 §2.8, §2.9) against a Novogene-style batch on a loopback FTP server and a
 * loopback BaseSpace API (the server was started with BASESPACE_API_URL pointing at ATLAS_E2E_BASESPACE_PORT).
 */
const PASSWORD = 'novo#e2e';
const MiB = 1 << 20;

async function storedKeys(page: Page, prefix: string): Promise<string[]> {
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const listed = await page.request.post('/api/v1/storage/list', {
    headers: { authorization: `JWT ${token}` },
    data: { bucket: 'atx-data', path: prefix, only_files: true },
  });
  expect(listed.ok()).toBeTruthy();
  return (await listed.json()) as string[];
}

test.describe('sequencing transfers', () => {
  // Listings and downloads are tasks polled every second; a busy machine needs more than the default minute.
  test.describe.configure({ timeout: 240_000 });
  let ftp: FtpBatchServer;
  let basespace: BasespaceServer;

  test.beforeAll(async () => {
    ftp = await startFtpBatchServer({
      tree: await novogeneBatch({ small: 4 * MiB }),
      username: BATCH_ID,
      password: PASSWORD,
    });
    basespace = await startBasespaceServer({
      datasets: basespaceDatasets(),
      token: 'e2e-basespace-token',
      port: Number(process.env.ATLAS_E2E_BASESPACE_PORT),
    });
  });
  test.afterAll(async () => {
    await ftp.close();
    await basespace.close();
  });

  test('lists a Novogene FTP batch and transfers its files, resuming a dropped connection', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/?component=AtlasUploader');
    await page.getByRole('tab', { name: 'Transfer Seq (Novogen)' }).click();
    const form = page.getByRole('form', { name: 'Novogene batch' });
    // The defaults come from the task's argument spec.
    await expect(form.getByLabel('FTP host')).toHaveValue('usftp21.novogene.com');
    await expect(form.getByLabel('Port')).toHaveValue('21');
    await expect(form.getByLabel('Storage root directory')).toHaveValue('data');

    // Bad input is caught in the form; a wrong password is the FTP server's refusal.
    await form.getByLabel('FTP host').fill('');
    await form.getByLabel('Port').fill('21x');
    await page.getByRole('button', { name: 'List Batches' }).click();
    await expect(form.getByText('Required').first()).toBeVisible();
    await expect(form.getByText('Value must be digit (1-65535)')).toBeVisible();
    await form.getByLabel('FTP host').fill('127.0.0.1');
    await form.getByLabel('Port').fill(String(ftp.port));
    await form.getByLabel('Username (batch id)').fill(BATCH_ID);
    await form.getByLabel('Password').fill('wrong');
    await form.getByLabel('FTP batch root directory').fill(`/${BATCH_ID}`);
    await page.getByRole('button', { name: 'List Batches' }).click();
    await expect(page.getByText(/Error in retrieving batch information: FTP: 530/)).toBeVisible({ timeout: 45_000 });

    await form.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'List Batches' }).click();
    const files = page.getByRole('table', { name: 'Batch files' });
    await expect(files.getByRole('row')).toHaveCount(7, { timeout: 45_000 });
    const row = (name: string) => files.getByRole('row').filter({ hasText: name });
    const read1 = 'D01234_FKDL240012345-1A_HXXYYDSX7_L2_1.fq.gz';
    const read2 = 'D01234_FKDL240012345-1A_HXXYYDSX7_L2_2.fq.gz';
    await expect(row(read1)).toContainText('D01234');
    await expect(row(read1)).toContainText('4.00');
    await expect(row(read1)).toContainText(`data/D01234/fastq/${read1}`);
    await expect(row('D01235_FKDL240012345-1A_HXXYYDSX7_L1_1.fq.gz')).toContainText('3072.00');
    await expect(files.getByText('File already exists')).toHaveCount(0);

    // Read 2's connection drops a third of the way; the task resumes it and the MD5 still matches.
    ftp.dropOnce(`/${BATCH_ID}/01.RawData/D01234/${read2}`, 1_500_000);
    await page.getByRole('button', { name: `Download ${read1} To S3` }).click();
    await page.getByRole('button', { name: `Download ${read2} To S3` }).click();
    await expect(row(read1).getByLabel(`${read1} done`)).toBeVisible({ timeout: 45_000 });
    await expect(row(read2).getByLabel(`${read2} done`)).toBeVisible({ timeout: 45_000 });
    await expect(row(read1)).toContainText('SUCCESS · 100%');
    await expect(row(read1).getByText('File already exists')).toBeVisible();
    await expect(page.getByRole('button', { name: `Download ${read1} To S3` })).toBeDisabled();
    expect(ftp.reads.filter((r) => r.includes(read2)).length).toBe(2);

    await shot(page, 'transfers-novogene');

    expect(await storedKeys(page, 'data/D01234/fastq/')).toEqual([
      `data/D01234/fastq/${read1}`,
      `data/D01234/fastq/${read2}`,
    ]);

    // Listing again shows the warning from storage; Reset brings the defaults back.
    await page.getByRole('button', { name: 'List Batches' }).click();
    await expect(row(read2).getByText('File already exists')).toBeVisible({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(files).toHaveCount(0);
    await expect(form.getByLabel('FTP host')).toHaveValue('usftp21.novogene.com');
  });

  test('fails a file that vanishes mid-transfer and one whose checksum is wrong, naming them, keeping nothing', async ({
    page,
  }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/?component=AtlasUploader');
    await page.getByRole('tab', { name: 'Transfer Seq (Novogen)' }).click();
    const form = page.getByRole('form', { name: 'Novogene batch' });
    await form.getByLabel('FTP host').fill('127.0.0.1');
    await form.getByLabel('Port').fill(String(ftp.port));
    await form.getByLabel('Username (batch id)').fill(BATCH_ID);
    await form.getByLabel('Password').fill(PASSWORD);

    // A batch root with a typo says which folder is missing and what the server has.
    await form.getByLabel('FTP batch root directory').fill(`/${BATCH_ID}/01.Rawdata`);
    await page.getByRole('button', { name: 'List Batches' }).click();
    await expect(
      page.getByText(`FTP batch root /${BATCH_ID}/01.Rawdata was not found on the server; /${BATCH_ID} holds`),
    ).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText(/holds 01\.RawData, 02\.Report_/)).toBeVisible();
    await shot(page, 'transfers-novogene-root');

    await form.getByLabel('FTP batch root directory').fill(`/${BATCH_ID}/01.RawData/D01236`);
    await page.getByRole('button', { name: 'List Batches' }).click();
    const files = page.getByRole('table', { name: 'Batch files' });
    await expect(files.getByRole('row')).toHaveCount(3, { timeout: 45_000 });
    const row = (name: string) => files.getByRole('row').filter({ hasText: name });

    // Read 1 is taken off the server after 300,000 of its 1,048,576 bytes, and the server then sends nothing;
    // read 2 arrives whole, but its MD5 list gives another sum.
    const gone = 'D01236_FKDL240012345-1A_HXXYYDSX7_L3_1.fq.gz';
    const bad = 'D01236_FKDL240012345-1A_HXXYYDSX7_L3_2.fq.gz';
    ftp.vanishDuringRead(`/${BATCH_ID}/01.RawData/D01236/${gone}`, 300_000, 'stall');
    await page.getByRole('button', { name: `Download ${gone} To S3` }).click();
    await page.getByRole('button', { name: `Download ${bad} To S3` }).click();

    await expect(row(bad).getByRole('status')).toHaveText(
      /^FAILURE · 100%: D01236_FKDL240012345-1A_HXXYYDSX7_L3_2\.fq\.gz: checksum mismatch: expected 0{32} got [0-9a-f]{32}/,
      { timeout: 45_000 },
    );
    await expect(row(bad).getByRole('progressbar', { name: `Progress of ${bad}` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(row(gone).getByRole('status')).toHaveText(
      `FAILURE · 28%: ${gone} is no longer on the FTP server: it vanished after 300000 of 1048576 bytes (28%); ` +
        'the partial copy was removed, nothing was stored',
      { timeout: 45_000 },
    );
    await expect(row(gone).getByRole('progressbar', { name: `Progress of ${gone}` })).toHaveAttribute(
      'aria-valuenow',
      '28',
    );
    await expect(page.getByRole('button', { name: `Download ${bad} To S3` })).toBeEnabled();
    await shot(page, 'transfers-novogene-failures');

    expect(await storedKeys(page, 'data/D01236/')).toEqual([]);
    // No partial copy waits in the uploads' staging area for the hourly sweep.
    const staging = path.join(process.env.ATLAS_E2E_DATA_DIR!, 'storage', 'atx-data-uploads');
    const staged = fs.existsSync(staging) ? fs.readdirSync(staging).filter((f) => f.startsWith('transfer-')) : [];
    expect(staged).toEqual([]);
  });

  test('lists BaseSpace datasets page by page and downloads one', async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/?component=AtlasUploader');
    await page.getByRole('tab', { name: 'Transfer Seq (Illumina)' }).click();
    await page.getByRole('button', { name: 'List Batches' }).click();
    const counter = page.getByLabel('Datasets shown');
    await expect(counter).toHaveText('[1-10] / 23', { timeout: 45_000 });
    const dataset = (name: string) => page.getByRole('region', { name: `Dataset ${name}` });
    const first = dataset('D02000_S1');
    for (const text of ['D02000', 'Illumina FASTQ', 'Spatial ATAC', '2024-02-28', 'D02000_S1_L001_R1_001.fastq.gz'])
      await expect(first).toContainText(text);
    await expect(first).toContainText('data/D02000/fastq/D02000_S1_L001_R2_001.fastq.gz');
    // A dataset whose name carries no run id cannot be downloaded.
    await expect(page.getByRole('button', { name: 'Download Undetermined_S0 To S3' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(counter).toHaveText('[11-20] / 23', { timeout: 45_000 });
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(counter).toHaveText('[21-23] / 23', { timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(counter).toHaveText('[1-10] / 23', { timeout: 45_000 });

    await page.getByRole('button', { name: 'Download D02002_S3 To S3' }).click();
    await expect(page.getByLabel('D02002_S3 done')).toBeVisible({ timeout: 45_000 });
    await expect(dataset('D02002_S3').getByText('File already exists')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Download D02002_S3 To S3' })).toBeDisabled();
    await shot(page, 'transfers-illumina');
    expect(await storedKeys(page, 'data/D02002/fastq/')).toEqual([
      'data/D02002/fastq/D02002_S3_L001_R1_001.fastq.gz',
      'data/D02002/fastq/D02002_S3_L001_R2_001.fastq.gz',
    ]);
  });
});
