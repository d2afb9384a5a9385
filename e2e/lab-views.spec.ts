import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { LAB_MSG } from '@atlas/contracts';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/** Waits until an <img> has decoded real pixels. */
async function expectLoaded(img: Locator): Promise<void> {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

async function openFileMenuItem(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('lab views', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN.username, ADMIN.password);
  });

  test('Wafer Trace: search keeps ancestors, a run shows its fields and two QC images', async ({ page }) => {
    await page.goto('/?component=WaferTrace');
    await expect(page.getByRole('treeitem', { name: 'Wafer/W90001' })).toBeVisible();
    await page.getByLabel('Search').fill('D90001');
    await expect(page.getByRole('treeitem', { name: 'Wafer/W90001' })).toBeVisible();
    await expect(page.getByRole('treeitem', { name: /^Chip\/C9000[12]$/ }).first()).toBeVisible();
    await expect(page.getByRole('treeitem', { name: 'Wafer/W90003' })).toHaveCount(0);
    await page.getByRole('treeitem', { name: 'DBiT/D90001' }).first().click();
    await expect(page.getByRole('heading', { name: 'DBiT Details' })).toBeVisible();
    const table = page.getByRole('table', { name: 'DBiT D90001 fields' });
    await expect(table.getByRole('row', { name: /run_id\s*D90001/ })).toBeVisible();
    await expect(table.getByText('_id', { exact: true })).toHaveCount(0);
    await expectLoaded(page.getByRole('img', { name: 'D90001 umi-1', exact: true }));
    await expectLoaded(page.getByRole('img', { name: 'D90001 before_after_umi-1', exact: true }));
    await shot(page, 'lab-wafer-trace');

    // A wafer's details come from the wafer table; its runs are in the dropdown, chips once Chip is ticked.
    await page.getByRole('treeitem', { name: 'Wafer/W90001' }).click();
    await expect(page.getByRole('heading', { name: 'Wafer Details' })).toBeVisible();
    await expect(page.getByRole('row', { name: /generation\s*3/ })).toBeVisible();
  });

  test('Image Viewer: one card per selected run with its umi-1 image', async ({ page }) => {
    await page.goto('/?component=ImageViewer');
    await page.getByRole('button', { name: 'Select all runs' }).click();
    const cards = page.getByTestId('qc-card');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toContainText('D90001');
    await expect(cards.last()).toContainText('D90006');
    await expectLoaded(page.getByRole('img', { name: 'D90003 umi-1', exact: true }));
    await shot(page, 'lab-image-viewer');
  });

  test('QC Viewer, QC directory upload, duplicate rejection', async ({ page }) => {
    await page.goto('/?component=QcViewer&run_id=D90002');
    await expect(page.getByRole('heading', { name: 'RUN - D90002' })).toBeVisible();
    const runs = page.getByRole('list', { name: 'QC runs' });
    for (const id of ['D90001', 'D90006']) await expect(runs.getByRole('button', { name: id })).toBeVisible();
    await expectLoaded(page.getByRole('img', { name: 'D90002 umi-1.png' }));
    await shot(page, 'lab-qc-viewer-figures');
    await page.getByRole('tab', { name: 'Metadata' }).click();
    for (const label of ['Species', 'Sample Type', 'Assay'])
      await expect(page.getByRole('cell', { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Tissue section' })).toBeVisible();
    await shot(page, 'lab-qc-viewer-metadata');

    // A QC directory made here: one folder with metadata.json and a real PNG.
    const pick = fs.mkdtempSync(path.join(os.tmpdir(), 'qcpick-'));
    fs.mkdirSync(path.join(pick, 'NEWQC1'));
    fs.writeFileSync(
      path.join(pick, 'NEWQC1', 'metadata.json'),
      JSON.stringify({ species: 'mus_musculus', sample_type: 'E2E section', assay: 'ATAC-seq' }),
    );
    fs.writeFileSync(
      path.join(pick, 'NEWQC1', 'umi-1.png'),
      await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 80 } }),
    );

    await page.getByRole('button', { name: 'QC actions' }).click();
    await page.getByRole('menuitem', { name: 'Upload QC Directory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload QCed Directory' });
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await dialog.getByTestId('qc-directory-input').setInputFiles(pick);
    await expect(dialog.getByRole('cell', { name: /NEWQC1\/metadata\.json$/ })).toBeVisible();
    await expect(dialog.getByRole('cell', { name: /NEWQC1\/umi-1\.png$/ })).toBeVisible();
    await expect(dialog.getByText('data', { exact: true }).or(dialog.getByLabel('Target folder'))).toBeVisible();
    await shot(page, 'lab-qc-upload-dialog');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('1 QC entry created.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await runs.getByRole('button', { name: 'NEWQC1' }).click();
    await expect(page.getByRole('heading', { name: 'RUN - NEWQC1' })).toBeVisible();
    await expectLoaded(page.getByRole('img', { name: 'NEWQC1 umi-1.png' }));
    await shot(page, 'lab-qc-viewer-new');

    // The same directory again, from the File menu: rejected before anything is uploaded.
    await openFileMenuItem(page, 'Upload QCed');
    const again = page.getByRole('dialog', { name: 'Upload QCed Directory' });
    await again.getByTestId('qc-directory-input').setInputFiles(pick);
    await again.getByRole('button', { name: 'Upload' }).click();
    // The dialog's alert stays (the snackbar saying the same hides after 2 s) and names the folder; were the check to
    // fail another way, the alert would carry that error instead and the assertion would print it.
    await expect(again.getByRole('alert')).toHaveText(`${LAB_MSG.qcEntriesExist}: NEWQC1`);
    await expect(again.getByRole('cell', { name: /NEWQC1\/umi-1\.png$/ })).toBeVisible();
    await shot(page, 'lab-qc-upload-exists');
    fs.rmSync(pick, { recursive: true, force: true });
  });

  test('QC upload cancelled on a slow link: no entry is made, and the same directory uploads afterwards', async ({
    page,
  }) => {
    await page.goto('/?component=QcViewer&run_id=D90002');
    await expect(page.getByRole('heading', { name: 'RUN - D90002' })).toBeVisible();
    // A QC folder as a lab's pipeline writes it: metadata and a 600 kB figure.
    const pick = fs.mkdtempSync(path.join(os.tmpdir(), 'qcslow-'));
    fs.mkdirSync(path.join(pick, 'D97001_QC'));
    fs.writeFileSync(path.join(pick, 'D97001_QC', 'metadata.json'), JSON.stringify({ species: 'homo_sapiens' }));
    const figure = await page.screenshot({ type: 'png' });
    fs.writeFileSync(path.join(pick, 'D97001_QC', 'umi_per_tixel.png'), Buffer.concat([figure, Buffer.alloc(600_000)]));

    const cdp = await page.context().newCDPSession(page);
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await openFileMenuItem(page, 'Upload QCed');
    let dialog = page.getByRole('dialog', { name: 'Upload QCed Directory' });
    await dialog.getByTestId('qc-directory-input').setInputFiles(pick);
    await throttle(32 * 1024);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const bar = dialog.getByLabel(/Progress of .*umi_per_tixel\.png/);
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Cancel uploads' }).getByRole('button', { name: 'Cancel Uploads' }).click();
    await expect(page.getByText('Uploads Cancelled.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await throttle(-1);

    // No entry was made, and no partial file blocks the retry: the same directory goes in at full speed.
    await openFileMenuItem(page, 'Upload QCed');
    dialog = page.getByRole('dialog', { name: 'Upload QCed Directory' });
    await dialog.getByTestId('qc-directory-input').setInputFiles(pick);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('1 QC entry created.')).toBeVisible();
    await page.getByRole('list', { name: 'QC runs' }).getByRole('button', { name: 'D97001_QC' }).click();
    await expectLoaded(page.getByRole('img', { name: 'D97001_QC umi_per_tixel.png' }));
    fs.rmSync(pick, { recursive: true, force: true });
  });

  test('Atlas Run Viewer: a run without a spatial folder says so', async ({ page }) => {
    await page.goto('/?component=AtlasRunViewer');
    await expect(page.getByText('Choose a run to browse the files of its spatial folder.')).toBeVisible();
    // D90007 has no spatial folder and no raw images: no other spec gives it one (AtlasXbrowser processes D90001).
    await page.getByRole('list', { name: 'Runs' }).getByRole('button', { name: 'D90007' }).click();
    await expect(page.getByText('Run D90007 has no spatial folder.')).toBeVisible();
    await expect(page).toHaveURL(/run_id=D90007/);
    await shot(page, 'lab-atlas-run-viewer');
  });

  test('Atlas Run Viewer: files of a spatial folder, images with a size slider, json as text', async ({ page }) => {
    const token = await apiToken(page, ADMIN.username, ADMIN.password);
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 120 } });
    const files: Array<[string, Buffer, string]> = [
      ['data/D90004/spatial/tissue_hires_image.png', png, 'image/png'],
      [
        'data/D90004/spatial/scalefactors_json.json',
        Buffer.from(JSON.stringify({ spot_diameter_fullres: 12.5, tissue_hires_scalef: 0.25 })),
        'application/json',
      ],
    ];
    for (const [key, buffer, mimeType] of files) {
      const response = await page.request.post('/api/v1/storage/upload', {
        headers: { authorization: `JWT ${token}` },
        multipart: { meta: '{}', output_filename: key, file: { name: path.basename(key), mimeType, buffer } },
      });
      expect(response.ok()).toBeTruthy();
    }
    await page.goto('/?component=AtlasRunViewer&run_id=D90004');
    const list = page.getByRole('list', { name: 'Spatial folder files' });
    await expect(list.getByRole('button', { name: 'tissue_hires_image.png' })).toBeVisible();
    await expectLoaded(page.getByRole('img', { name: 'tissue_hires_image.png' }));
    await expect(page.getByRole('slider')).toHaveValue('80');
    await shot(page, 'lab-atlas-run-viewer-image');
    await list.getByRole('button', { name: 'scalefactors_json.json' }).click();
    await expect(page.getByText('"spot_diameter_fullres": 12.5')).toBeVisible();
  });
});
