import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CSV_MAX_MB, LAB_MSG } from '@atlas/contracts';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * Metadata CSV uploads and the information viewers end to end (spec 02 §2.4, §2.5, §2.7, §4.1, §4.2): a chip and a
 * DBiT CSV go in through File → Upload Metadata, the progress card reports the server's counts, and the new chip
 * is found, edited, duplicated and its history read in the Chip Information viewer. Demo data (W90001–3,
 * C90001–6, D90001–6) is on.
 */
const BOM = '\uFEFF';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-lab-csv-'));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
// BOM, CRLF, camelCase headers, a quoted comma and a repeated key (the later row wins and is reported).
const CHIP_CSV = write(
  'chips-e2e-batch-2024.csv',
  `${BOM}chipId,WaferID,diameter,Date Acquired,notes\r\nC95001,W90001,10,2024-09-01,"quoted, comma"\r\nC95002,W90002,12,2024-09-02,plain\r\nC95002,W90002,12,2024-09-02,second copy\r\n`,
);
const DBIT_CSV = write(
  'dbits.csv',
  `${BOM}runId,studyId,chipAId,chipBId,comment\r\nD95001,S-E2E,C95001,C95002,"flow a, flow b"\r\n`,
);
const NOT_CSV = write('notes.txt', 'not a table\n');

const snackbar = (page: Page) => page.getByTestId('snackbar');
const card = (page: Page) => page.getByTestId('upload-progress-card');
const details = (page: Page) => page.getByRole('dialog', { name: /Chip Details/ });
const field = (page: Page, name: string) => details(page).locator(`[data-field="${name}"]`);

async function openUploadFromMenu(page: Page, table: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'File' }).click();
  await page.getByRole('menuitem', { name: 'Upload Metadata' }).click();
  await page.getByRole('menuitem', { name: table }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Metadata' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Upload sends a dry run and shows its preview; Confirm Upload writes. */
async function uploadAndConfirm(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('preview-summary').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Upload' }).click();
  await expect(dialog).toBeHidden();
}

/** Screenshots wait for MUI's fades: every open dialog at full opacity and no menu still fading out. */
async function settledShot(page: Page, name: string) {
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
  for (const container of await page.locator('.MuiDialog-container').all()) {
    await expect(container).toHaveCSS('opacity', '1');
  }
  await shot(page, name);
}

test.describe.configure({ mode: 'serial' });

test('metadata CSV uploads report the server counts; bad files and cancel-all are handled', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);

  // Validation: Next without files, then a non-CSV file.
  let dialog = await openUploadFromMenu(page, 'Chip Table .csv');
  await expect(dialog.getByRole('combobox', { name: 'Table' })).toHaveText('Chip Table .csv');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Field cannot be empty.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByTestId('metadata-file-input').setInputFiles(NOT_CSV);
  await expect(dialog.getByText('Only CSV files are supported.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await settledShot(page, 'lab-upload-not-csv');

  // The chip CSV: one step per file with Remarks; the long name is shortened at 15 characters in the step header.
  await dialog.getByTestId('metadata-file-input').setInputFiles(CHIP_CSV);
  await expect(dialog.getByText('chips-e2e-batch...')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Remarks').fill('e2e chips');
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  await settledShot(page, 'lab-upload-dialog');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('preview-summary')).toHaveText('2 new, 0 changed, 0 unchanged');
  await dialog.getByRole('button', { name: 'Confirm Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page).getByText('Uploads Finished')).toBeVisible();
  await expect(card(page)).toContainText('chips-e2e-batch-2024.csv');
  await expect(card(page)).toContainText('2 created, 0 updated, 1 skipped');
  await expect(card(page)).toContainText("chip_id 'C95002' appears in rows 3, 4");
  await expect(card(page).getByLabel('Finished with notes')).toBeVisible();
  await settledShot(page, 'lab-upload-progress');

  // The DBiT CSV (camelCase chipAId → chip_a_id).
  dialog = await openUploadFromMenu(page, 'DBiT Run Table .csv');
  await expect(dialog.getByRole('combobox', { name: 'Table' })).toHaveText('DBiT Run Table .csv');
  await dialog.getByTestId('metadata-file-input').setInputFiles(DBIT_CSV);
  await uploadAndConfirm(dialog);
  await expect(card(page).getByText('Uploads Finished')).toBeVisible();
  await expect(card(page)).toContainText('1 created, 0 updated, 0 skipped');
  await expect(card(page).getByLabel('All uploads succeeded')).toBeVisible();
  await settledShot(page, 'lab-upload-progress-dbit');
  await card(page).getByRole('button', { name: 'Close upload progress' }).click();
  await expect(card(page)).toBeHidden();

  // Cancel-all: hold the request so the upload is still running, then close the card.
  await page.route('**/api/v1/dataset/wafers/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await route.continue().catch(() => {});
  });
  dialog = await openUploadFromMenu(page, 'Wafer Table .csv');
  await dialog.getByTestId('metadata-file-input').setInputFiles({
    name: 'wafers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('wafer_id,generation\nW95001,5\n'),
  });
  // The held route is the write: the dry run (`?dry_run=true`) does not match it and answers at once.
  await uploadAndConfirm(dialog);
  await expect(card(page).getByText('Uploading 1 Files')).toBeVisible();
  await card(page).getByRole('button', { name: 'Cancel all uploads' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Uploads' });
  await expect(confirm).toContainText('Are you sure you want to cancel all uploads?');
  await settledShot(page, 'lab-upload-cancel-confirm');
  await confirm.getByRole('button', { name: 'Cancel Uploads' }).click();
  await expect(snackbar(page)).toHaveText('Uploads Cancelled.');
  await expect(page.locator('.MuiDialog-container')).toHaveCount(0);
  await expect(card(page)).toContainText('Upload Cancelled.');
  await expect(card(page).getByText('Uploads Finished')).toBeVisible();
  await expect(card(page).getByLabel('Some uploads did not succeed')).toBeVisible();
  await settledShot(page, 'lab-upload-cancelled');
  await page.unroute('**/api/v1/dataset/wafers/upload');
});

test('the Chip Information viewer finds, edits, duplicates and shows the history of the uploaded chip', async ({
  page,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Chip Information Viewer' }).click();
  await expect(page.getByRole('heading', { name: 'Chip Information' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Chip records' });
  await expect(table.getByRole('cell', { name: 'C90001', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search chips' }).fill('C9500');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Search chips' }).fill('C95001');
  await expect(table.getByRole('row')).toHaveCount(2);
  await settledShot(page, 'lab-chip-viewer');

  // Details: read-only until Edit; Save only after a change.
  await table.getByRole('cell', { name: 'C95001', exact: true }).click();
  await expect(details(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chip Details - C95001' })).toBeVisible();
  await expect(field(page, 'notes')).toHaveValue('quoted, comma');
  await expect(field(page, 'date_acquired')).toHaveValue('2024-09-01');
  await expect(field(page, 'notes')).toHaveAttribute('readonly', '');
  await expect(details(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  await details(page).getByRole('button', { name: 'Edit' }).click();
  await expect(details(page).getByRole('button', { name: 'Duplicate' })).toBeHidden();
  await field(page, 'notes').fill('edited in e2e');
  await details(page).getByLabel('New field name').fill('operator');
  await details(page).getByRole('button', { name: 'Add Field' }).click();
  await field(page, 'operator').fill('e2e');
  await settledShot(page, 'lab-details-editing');
  await details(page).getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toHaveText('Item has been successfully saved.');
  await expect(details(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(field(page, 'notes')).toHaveAttribute('readonly', '');
  await settledShot(page, 'lab-details');

  // History: the import and the edit, field by field.
  await details(page).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of Chip C95001' });
  await expect(history.getByTestId('history-change').filter({ hasText: 'notes' }).first()).toContainText(
    'quoted, comma',
  );
  await expect(history.getByTestId('history-change').filter({ hasText: 'edited in e2e' })).toBeVisible();
  await settledShot(page, 'lab-history');
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
  await expect(page.locator('.MuiDialog-container')).toHaveCount(1);

  // Duplicate: key cleared, Save disabled until a new key.
  await details(page).getByRole('button', { name: 'Duplicate' }).click();
  await expect(field(page, 'chip_id')).toHaveValue('');
  await expect(field(page, 'notes')).toHaveValue('edited in e2e');
  await expect(details(page).getByText('Field cannot be empty.')).toBeVisible();
  await expect(details(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  await settledShot(page, 'lab-details-duplicate');
  // Retyping the source's own id says why Save stays disabled (issue 37 item 9).
  await field(page, 'chip_id').fill('C95001');
  await expect(details(page).getByText(LAB_MSG.duplicateSameKey('chip_id', 'C95001'))).toBeVisible();
  await expect(details(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  await settledShot(page, 'meta-duplicate-same-id');
  // A copy named like an existing chip is refused in the dialog; the chip is not overwritten.
  await field(page, 'chip_id').fill('C90001');
  await details(page).getByRole('button', { name: 'Save' }).click();
  await expect(details(page).getByRole('alert')).toHaveText("Another record already has chip_id 'C90001'.");
  await settledShot(page, 'lab-details-duplicate-conflict');
  await field(page, 'chip_id').fill('C95009');
  await expect(details(page).getByRole('alert')).toBeHidden();
  await details(page).getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toHaveText('Item has been successfully saved.');
  await expect(page.getByRole('heading', { name: 'Chip Details - C95009' })).toBeVisible();
  await details(page).getByRole('button', { name: 'Close' }).click();

  // Both chips are listed; the list dialog deletes the copy.
  await page.getByRole('textbox', { name: 'Search chips' }).fill('C9500');
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: 'Chip actions' }).click();
  await page.getByRole('menuitem', { name: 'Chip List' }).click();
  const list = page.getByRole('dialog', { name: 'Chip List' });
  await expect(list.getByRole('columnheader', { name: 'date_acquired' })).toBeVisible();
  await list.getByRole('textbox', { name: 'Search Chip list' }).fill('C95');
  await settledShot(page, 'lab-list-dialog');
  await list.getByRole('button', { name: 'Delete C95009' }).click();
  await page.getByRole('dialog', { name: 'Delete Chip' }).getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page)).toHaveText('Item has been successfully deleted.');
  await expect(list.getByRole('cell', { name: 'C95009' })).toBeHidden();
  await list.getByRole('button', { name: 'Close' }).click();

  // The DBiT viewer shows the uploaded run with its chips.
  await page.goto('/?component=DbitInformationViewer');
  const runs = page.getByRole('table', { name: 'DBiT records' });
  await expect(runs.getByRole('row').filter({ hasText: 'D95001' })).toContainText('C95002');
  await settledShot(page, 'lab-dbit-viewer');
});

// Issue 37 item 6: a chip file sent as the wafer table, a preview before writing, a file over the limit, 3 files.
const CHIPS_AS_WAFERS = write(
  'chips_W90001_lot3.csv',
  'chip_id,wafer_id,diameter,date_acquired\nC95101,W90001,20,2024-10-01\n',
);
const WAFERS_LOT7 = write('wafers_lot7.csv', 'wafer_id,generation,diameter,vendor\nW95101,5,100,Acme\n');
const WAFERS_LOT7_FIXED = write(
  'wafers_lot7_fixed.csv',
  'wafer_id,generation,diameter,vendor\nW95101,5,150,Acme\nW95102,5,100,Acme\n',
);
const WAFERS_LOT8 = write('wafers_lot8_HE.csv', 'wafer_id,generation\nW95103,5\n');

test('a metadata CSV is checked and previewed before anything is written', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const writes: string[] = [];
  page.on('request', (request) => {
    if (/\/dataset\/\w+\/upload/.test(request.url())) writes.push(request.url());
  });

  // A chip CSV as the wafer table: refused in the preview, naming the column; nothing to confirm.
  let dialog = await openUploadFromMenu(page, 'Wafer Table .csv');
  await dialog.getByTestId('metadata-file-input').setInputFiles(CHIPS_AS_WAFERS);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert').first()).toContainText(
    "This file does not look like the wafer table: 'chip_id' is the chip table's id.",
  );
  await expect(dialog.getByText(LAB_MSG.previewRefusedFiles)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm Upload' })).toBeDisabled();
  await settledShot(page, 'meta-wrong-table');
  expect(writes.every((url) => url.endsWith('?dry_run=true'))).toBe(true);

  // Back to the files: a new wafer, confirmed.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByTestId('metadata-file-input').setInputFiles(WAFERS_LOT7);
  await uploadAndConfirm(dialog);
  await expect(card(page)).toContainText('1 created, 0 updated, 0 skipped');
  await card(page).getByRole('button', { name: 'Close upload progress' }).click();

  // A corrected file: one changed row (diameter 100 → 150) and one new row, shown before the write.
  dialog = await openUploadFromMenu(page, 'Wafer Table .csv');
  await dialog.getByTestId('metadata-file-input').setInputFiles(WAFERS_LOT7_FIXED);
  const before = writes.length;
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const preview = dialog.getByRole('region', { name: 'Preview of wafers_lot7_fixed.csv' });
  await expect(preview.getByTestId('preview-summary')).toHaveText('1 new, 1 changed, 0 unchanged');
  const rows = preview.getByRole('table', { name: 'Rows to write' }).getByRole('row');
  await expect(rows.filter({ hasText: 'W95101' })).toContainText('changed');
  await expect(rows.filter({ hasText: 'W95101' })).toContainText('diameter: 100 → 150');
  await expect(rows.filter({ hasText: 'W95102' })).toContainText('new');
  await settledShot(page, 'meta-preview');
  expect(writes.slice(before)).toEqual([expect.stringMatching(/\/dataset\/wafers\/upload\?dry_run=true$/)]);
  await dialog.getByRole('button', { name: 'Confirm Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page)).toContainText('1 created, 1 updated, 0 skipped');
  await card(page).getByRole('button', { name: 'Close upload progress' }).click();

  // A file over the server's limit is refused here, before a byte is sent.
  const large = write(
    'wafers_full_export.csv',
    `wafer_id,generation\n${'W99999,5\n'.repeat(((CSV_MAX_MB * 1024 * 1024) / 9) | 0)}W99998,5\n`,
  );
  dialog = await openUploadFromMenu(page, 'Wafer Table .csv');
  const sent = writes.length;
  await dialog.getByTestId('metadata-file-input').setInputFiles(large);
  await expect(dialog.getByText(`wafers_full_export.csv: ${LAB_MSG.csvTooLarge(CSV_MAX_MB)}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await settledShot(page, 'meta-oversized');
  expect(writes.length).toBe(sent);

  // Two files: 35vw; three: the width is unset and the dialog widens to its content (spec 02 §2.5).
  const viewport = page.viewportSize()!;
  await dialog.getByTestId('metadata-file-input').setInputFiles([WAFERS_LOT7, WAFERS_LOT8]);
  expect((await dialog.boundingBox())!.width).toBeCloseTo(viewport.width * 0.35, 0);
  await dialog.getByTestId('metadata-file-input').setInputFiles([WAFERS_LOT7, WAFERS_LOT7_FIXED, WAFERS_LOT8]);
  await expect(dialog.getByText('wafers_lot7_fix...')).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBeGreaterThan(viewport.width * 0.35 + 20);
  await settledShot(page, 'meta-three-files');
});

/** A lab's year of wafers: `count` rows from W97000 on, with a vendor note, some hundred kilobytes. */
function waferYear(name: string, first: number, count: number): string {
  const note = 'Acme Silicon lot, polished, 4 inch, spin-coated PDMS, plasma treated, stored dry at 4 C';
  const rows = Array.from({ length: count }, (_, i) => `W${first + i},5,100,"${note}"`);
  return write(name, `wafer_id,generation,diameter,vendor\n${rows.join('\n')}\n`);
}

test('cancel-all on a slow link aborts uploads in flight: each says Upload Cancelled. and nothing is written', async ({
  page,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const files = [waferYear('wafers_2025.csv', 97000, 3000), waferYear('wafers_2026.csv', 98000, 3000)];
  const dialog = await openUploadFromMenu(page, 'Wafer Table .csv');
  await dialog.getByTestId('metadata-file-input').setInputFiles(files);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('preview-summary').first()).toBeVisible();

  // Real requests this time (the first test holds one in the browser): the link slows to 32 kB/s up, so both
  // bodies are still being sent to the server when the card is closed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 32 * 1024,
  });
  await dialog.getByRole('button', { name: 'Confirm Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page).getByText('Uploading 2 Files')).toBeVisible();
  await expect.poll(() => page.getByLabel('Progress of wafers_2025.csv').getAttribute('aria-valuenow')).not.toBe('0');
  await card(page).getByRole('button', { name: 'Cancel all uploads' }).click();
  await page.getByRole('dialog', { name: 'Cancel Uploads' }).getByRole('button', { name: 'Cancel Uploads' }).click();
  await expect(snackbar(page)).toHaveText('Uploads Cancelled.');
  await expect(card(page).getByText('Uploads Finished')).toBeVisible();
  const items = card(page).getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  for (const item of await items.all()) {
    await expect(item).toContainText(LAB_MSG.uploadCancelled);
    await expect(item.getByLabel('Cancelled')).toBeVisible();
    await expect(item.getByLabel('Failed')).toHaveCount(0);
  }
  await expect(page.locator('.MuiDialog-container')).toHaveCount(0);
  await settledShot(page, 'lab-upload-cancelled-in-flight');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The server saw the bodies stop: no wafer of either file exists, now or a moment later.
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const filter = JSON.stringify({ wafer_id: { $in: ['W97000', 'W97999', 'W98000', 'W98999'] } });
  for (let look = 0; look < 3; look++) {
    const response = await page.request.get(`/api/v1/dataset/wafers?filter=${encodeURIComponent(filter)}`, {
      headers: { authorization: `JWT ${token}` },
    });
    expect(response.ok()).toBe(true);
    expect(await response.json()).toEqual([]);
    await page.waitForTimeout(500);
  }
});
