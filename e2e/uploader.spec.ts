import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { sharedData } from '@atlas/spatial/testing';
import { ADMIN, expect, shot, signIn, test } from './fixtures';

/**
 * The Atlas Uploader (spec 03 §2.7, issue 14) end to end: areas wait for a run id, several files upload at once,
 * a bad file is refused with the server's message, and an upload whose connection drops mid-file — in the same
 * tab, and after the tab is closed — goes on from where it stopped to '(Uploaded)'.
 */
const RUN = 'D07100';
const MiB = 1024 * 1024;
const CHUNK = 32 * MiB; // the client's chunk size (useTusUpload.ts)
let SIZE = 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-e2e-uploads-'));
const file = (name: string) => path.join(work, name);

// Chunks of 32 MiB on a shared test machine: the browser may send only a few MB/s.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  // 4800 × 4800 RGB, uncompressed: 69 MB, three chunks.
  const big = sharp({ create: { width: 4800, height: 4800, channels: 3, background: { r: 30, g: 120, b: 60 } } });
  await big.tiff({ compression: 'none' }).toFile(file('postB.tif'));
  fs.copyFileSync(file('postB.tif'), file('flowB.tif'));
  SIZE = fs.statSync(file('postB.tif')).size;
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8c8c8' } })
    .tiff()
    .toFile(file('flowA.tif'));
  fs.writeFileSync(file('fix.tif'), 'this is a text file, not a TIFF image\n'.repeat(100));
});
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const area = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

async function openUploader(page: Page) {
  await page.goto('/?component=AtlasUploader');
  await expect(page.getByRole('tab', { name: 'Image Upload' })).toBeVisible();
}

const UPLOADS = '**/api/v1/uploads/**';

/**
 * Cuts the connection to the upload address as soon as the first chunk of an upload has arrived: the chunk already
 * on its way still lands, every later request fails as on a dropped network, so the upload stops mid-file.
 */
async function dropConnectionAfterFirstChunk(page: Page, start: () => Promise<void>) {
  const firstChunk = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.status() === 204,
  );
  await start();
  await firstChunk;
  await page.route(UPLOADS, (route) => route.abort('internetdisconnected'));
}

/** The offsets the PATCH requests start at, from now on. */
function patchOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') offsets.push(Number(request.headers()['upload-offset']));
  });
  return offsets;
}

test('admin uploads several files, one refused, one resumed after the connection drops', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await openUploader(page);

  // Every area waits for a run id; the field forces upper case.
  await expect(area(page, 'PostB').getByText('Enter a Run ID (DXXX) to choose files.')).toBeVisible();
  await expect(area(page, 'PostB').getByRole('button', { name: 'Choose File' })).toBeDisabled();
  for (const tab of ['Gene Matrix Upload', 'Transfer Seq (Novogen)', 'Transfer Seq (Illumina)'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByLabel('Run ID (DXXX)').fill(RUN.toLowerCase());
  await expect(page.getByLabel('Run ID (DXXX)')).toHaveValue(RUN);
  for (const label of ['PostB', 'PostB BSA', 'Flow A', 'Flow B', 'Fix'])
    await expect(area(page, label).getByRole('button', { name: 'Choose File' })).toBeEnabled();

  await page.getByLabel('PostB file').setInputFiles(file('postB.tif'));
  await page.getByLabel('Flow A file').setInputFiles(file('flowA.tif'));
  await page.getByLabel('Fix file').setInputFiles(file('fix.tif'));
  await expect(area(page, 'PostB')).toContainText(`Path: data/${RUN}/images/postB.tif`);
  await expect(area(page, 'PostB')).toContainText('Size: 65.9 MB');
  await expect(area(page, 'Fix')).toContainText(`Path: data/${RUN}/images/fix.tif`);

  // The bad file is refused from its first bytes as soon as it is chosen, before anything is sent.
  await expect(area(page, 'Fix').getByRole('alert')).toContainText(
    'fix.tif was refused: its first bytes are not those of a TIFF image (no TIFF signature)',
  );
  await expect(area(page, 'Fix').getByRole('button', { name: 'Upload' })).toBeDisabled();

  // Two uploads at once; the small one finishes before the big one's connection drops.
  await area(page, 'Flow A').getByRole('button', { name: 'Upload' }).click();
  await expect(area(page, 'Flow A')).toContainText('(Uploaded)');
  await expect(area(page, 'Flow A')).toContainText('640 × 480, 8-bit uint');

  await dropConnectionAfterFirstChunk(page, () => area(page, 'PostB').getByRole('button', { name: 'Upload' }).click());
  // PostB lost its connection after its first chunk: it says so, with its progress kept.
  await expect(area(page, 'PostB')).toContainText(/Connection lost at \d+ %/, { timeout: 90_000 });
  await expect(area(page, 'PostB').getByRole('progressbar')).toBeVisible();
  await shot(page, 'uploader-connection-lost');

  // The connection comes back: the upload goes on from the server's offset and completes.
  const resumedAt = patchOffsets(page);
  await page.unroute(UPLOADS);
  await expect(area(page, 'PostB')).toContainText('(Uploaded)', { timeout: 120_000 });
  await expect(area(page, 'PostB')).toContainText(`Stored at data/${RUN}/images/postB.tif: 4800 × 4800, 8-bit uint`);
  expect(resumedAt[0]).toBeGreaterThanOrEqual(CHUNK);
  expect(resumedAt[0]).toBeLessThan(SIZE);
  await shot(page, 'uploader-images');
});

test('an upload interrupted in a closed tab resumes when the same file is chosen again', async ({ page, context }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await openUploader(page);
  await page.getByLabel('Run ID (DXXX)').fill(RUN);
  await page.getByLabel('Flow B file').setInputFiles(file('flowB.tif'));
  await dropConnectionAfterFirstChunk(page, () => area(page, 'Flow B').getByRole('button', { name: 'Upload' }).click());
  await expect(area(page, 'Flow B')).toContainText('Connection lost', { timeout: 90_000 });
  await page.close();

  const again = await context.newPage();
  const offsets = patchOffsets(again);
  await openUploader(again);
  await again.getByLabel('Run ID (DXXX)').fill(RUN);
  await again.getByLabel('Flow B file').setInputFiles(file('flowB.tif'));
  await area(again, 'Flow B').getByRole('button', { name: 'Upload' }).click();
  await expect(area(again, 'Flow B')).toContainText('(Uploaded)', { timeout: 120_000 });
  expect(offsets[0]).toBeGreaterThanOrEqual(CHUNK);
  expect(offsets[0]).toBeLessThan(SIZE);

  // The matrices tab: .h5ad areas with their destinations. A 300 MB CSV saved as genes.h5ad is refused by name
  // the moment it is chosen, from its first bytes: nothing is sent (it ran to 100 % before being refused).
  await again.getByRole('tab', { name: 'Gene Matrix Upload' }).click();
  fs.writeFileSync(file('genes.h5ad'), 'barcode,in_tissue,array_row,array_col\n'.repeat(100));
  fs.truncateSync(file('genes.h5ad'), 300 * MiB);
  const sent: string[] = [];
  again.on('request', (request) => void (request.url().includes('/api/v1/uploads') && sent.push(request.method())));
  await again.getByLabel('Gene Matrix file').setInputFiles(file('genes.h5ad'));
  await expect(area(again, 'Gene Matrix')).toContainText(`Path: data/${RUN}/h5/obj/genes.h5ad`);
  await expect(area(again, 'Motif Matrix')).toContainText('Drop a .h5ad file here or choose one.');
  await expect(area(again, 'Gene Matrix').getByRole('alert')).toContainText(
    'genes.h5ad was refused: its first bytes are not those of an HDF5 AnnData file (.h5ad) (no HDF5 signature)',
  );
  await expect(area(again, 'Gene Matrix').getByRole('button', { name: 'Upload' })).toBeDisabled();
  expect(sent).toEqual([]);
  await shot(again, 'uploader-matrices');

  // The tracks tab: a bigWig lands in the run's tracks folder under its own name, where the track browser lists
  // it; a file that is no track is refused by name before anything is sent.
  await again.getByRole('tab', { name: 'Track Upload' }).click();
  fs.copyFileSync(sharedData('bigwig/variable_step.bw'), file('H3K27ac_C1.bw'));
  await again.getByLabel('Track file').setInputFiles(file('H3K27ac_C1.bw'));
  await expect(area(again, 'Track')).toContainText(`Path: data/${RUN}/tracks/H3K27ac_C1.bw`);
  await area(again, 'Track').getByRole('button', { name: 'Upload' }).click();
  await expect(area(again, 'Track')).toContainText(
    `Stored at data/${RUN}/tracks/H3K27ac_C1.bw: a bigwig track for the track browser`,
  );
  await area(again, 'Track').getByRole('button', { name: 'Clear' }).click();
  fs.writeFileSync(file('peaks.bw'), 'chr1\t100\t200\n');
  await again.getByLabel('Track file').setInputFiles(file('peaks.bw'));
  await expect(area(again, 'Track').getByRole('alert')).toContainText(
    'peaks.bw was refused: its first bytes are not those of a bigWig file (no bigWig signature)',
  );
  await expect(area(again, 'Track').getByRole('button', { name: 'Upload' })).toBeDisabled();
  expect(sent.filter((method) => method === 'POST')).toHaveLength(1);
  await shot(again, 'uploader-tracks');
});
