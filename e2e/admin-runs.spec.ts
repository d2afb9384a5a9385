import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { MSG, RUN_ADMIN_MSG as M } from '@atlas/contracts';
import { sharedData } from '@atlas/spatial/testing';
import { readOutbox } from '../apps/server/src/infra/mail/outbox-reader.js';
import { DEMO_RUNS } from '../apps/server/src/seed/demo-runs.js';
import { ADMIN, apiToken, codeFor, expect, shot, signIn, test, tick, waitForRunData } from './fixtures';

/**
 * The Admin Panel's run tools end to end (spec 03 §2.10, issue 15): an admin takes an uploaded h5ad to a public
 * catalogue run — web object (Create A Run), title and metadata (Add A Run), downloadable files (Add Files) and a
 * study (Group Runs) — then, from its thumbnail, makes it private and it vanishes for a visitor and another group.
 */
const RUN = 'D77001';
const BUCKET = 'atx-data';
const INPUT = sharedData('visium-squidpy-tests', 'test_data.h5ad');
const LAB = { group: 'runs-lab-x', user: 'rita', password: 'Rita#Pass1' };
const OTHER = { group: 'runs-lab-y', user: 'oscar', password: 'Oscar#Pass1' };
const TITLE = 'Mouse spleen, whole transcriptome';

// The first test waits long for the demo runs; a stuck click must still fail fast.
test.use({ actionTimeout: 20_000 });

const snackbar = (page: Page) => page.getByTestId('snackbar');
const tab = (page: Page, label: string) => page.getByRole('tab', { name: label }).click();
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
async function pickRun(page: Page, runId: string, label = 'Run ID') {
  await page.getByRole('combobox', { name: label }).fill(runId);
  await page.getByRole('option', { name: new RegExp(`^(New run )?${runId}$`) }).click();
}
const card = (page: Page, runId: string) => page.getByRole('article').filter({ hasText: runId });
/** The catalogue filtered to one run id (it is paged, newest first). */
async function catalogue(page: Page, runId: string) {
  await page.goto('/visualization');
  await page.getByRole('searchbox', { name: 'Search runs' }).fill(runId);
  await expect(page.getByText(/Showing|No runs match/).first()).toBeVisible();
}

/**
 * Uploads a real h5ad (Squidpy's Visium test data, from ../shared/data) as the new run's genes.h5ad through the
 * storage upload route (a signed PUT URL), as the Uploader does.
 */
async function uploadInput(page: Page, token: string) {
  const headers = { authorization: `JWT ${token}` };
  const signed = await page.request.post('/api/v1/storage/generate_presigned_url', {
    headers,
    data: { bucket_name: BUCKET, key: `data/${RUN}/h5/obj/genes.h5ad`, method: 'PUT' },
  });
  expect(signed.ok(), await signed.text()).toBeTruthy();
  const put = await page.request.put(((await signed.json()) as { url: string }).url, { data: fs.readFileSync(INPUT) });
  expect(put.ok(), await put.text()).toBeTruthy();
  // The demo runs are generated and processed at first start, on this process: wait until every one has its web
  // object, so our task does not queue behind theirs.
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
}

async function account(page: Page, token: string, who: typeof LAB) {
  const headers = { authorization: `JWT ${token}` };
  expect(
    (
      await page.request.post('/api/v1/auth/group', {
        headers,
        data: { group_name: who.group, description: who.group },
      })
    ).ok(),
  ).toBeTruthy();
  const created = await page.request.post('/api/v1/auth/user', {
    headers,
    data: {
      username: who.user,
      password: who.password,
      name: who.user,
      email: `${who.user}@example.org`,
      groups: ['user', who.group],
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  expect((await page.request.put('/api/v1/auth/confirm', { headers, data: { username: who.user } })).ok()).toBeTruthy();
}

test('an admin takes an uploaded h5ad to a public catalogue run, then makes it private', async ({ page, browser }) => {
  test.setTimeout(1_500_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await uploadInput(page, token);
  await account(page, token, LAB);
  await account(page, token, OTHER);
  await signIn(page, ADMIN.username, ADMIN.password);

  // Create A Run: a new run id, its bucket and folder; genes.h5ad only, so it must be a transcriptome run.
  await page.goto('/?component=AdminPanel&tab=create-run');
  await pickRun(page, RUN);
  await choose(page, 'Bucket', BUCKET);
  await tick(page.getByRole('radio', { name: `data/${RUN}/` }));
  const files = page.getByRole('table', { name: 'Files' });
  await expect(files.getByRole('row', { name: /genes\.h5ad/ })).toContainText('Present');
  await expect(files.getByRole('row', { name: /motifs\.h5ad/ })).toContainText('Not Present');
  await expect(files.getByRole('row', { name: /motifs\.csv/ })).toContainText('Not Present');
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('Job Description').fill('Web object of the spleen run');
  await expect(submit).toBeDisabled();
  await tick(page.getByLabel('Is this run Transcriptome'));
  await expect(files.getByRole('row')).toHaveCount(2);
  await expect(submit).toBeEnabled();
  await shot(page, 'admin-runs-create');
  await submit.click();
  const received = page.getByRole('dialog', { name: M.requestReceived });
  await expect(received).toContainText(M.requestReceivedText(RUN));
  await shot(page, 'admin-runs-request-received');
  await received.getByRole('button', { name: 'Close' }).click();
  await expect(submit).toBeDisabled();
  await expect(page.getByText(`Web object of ${RUN} created`)).toBeVisible({ timeout: 300_000 });

  // Add A Run: the web object is uploaded; the form refuses a missing title and a bad date, then saves.
  await tab(page, 'Add A Run');
  await pickRun(page, RUN);
  await expect(page.getByText(M.webObjUploaded)).toBeVisible();
  await page.getByLabel('Run Title').fill('');
  await page.getByLabel('Date').fill('13/45/2024');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Run title is required')).toBeVisible();
  await expect(page.getByText('Date must be MM/DD/YYYY').first()).toBeVisible();
  await shot(page, 'admin-runs-add-run-errors');
  await page.getByLabel('Run Title').fill(TITLE);
  await page.getByLabel('Date').fill('03/05/2024');
  await page.getByLabel('Sample ID').fill('SPL-1');
  await choose(page, 'Assay', 'Transcriptome');
  await expect(page.getByRole('combobox', { name: 'Epitope Name' })).toHaveCount(0);
  await choose(page, 'Assay', 'CUT&Tag');
  await expect(page.getByRole('combobox', { name: 'Epitope Name' })).toBeVisible();
  await choose(page, 'Assay', 'Transcriptome');
  await choose(page, 'Species', 'mus musculus');
  // A lookup list grows from the editor and the new value is offered at once.
  await page.getByRole('button', { name: 'Edit lookup lists' }).click();
  const lists = page.getByRole('dialog', { name: 'Lookup lists' });
  await lists.getByLabel('New Organ value').fill('Brain');
  await expect(lists.getByText("'Brain' is already in the list.")).toBeVisible();
  await lists.getByLabel('New Organ value').fill('Thymus');
  await lists.getByRole('region', { name: 'Organ' }).getByRole('button', { name: 'Add' }).click();
  await expect(snackbar(page)).toHaveText("'Thymus' added to Organ");
  await lists.getByRole('button', { name: 'Close' }).click();
  await choose(page, 'Organ', 'Thymus');
  await choose(page, 'Channel Width (µm)', '20');
  await choose(page, 'Number of Channels', '50');
  await page.getByLabel('NGS ID').fill('NGS-77-0001');
  await choose(page, 'Group', LAB.group);
  await tick(page.getByRole('checkbox', { name: 'Public' }));
  await page.getByLabel('PMID').fill('39000001');
  await page.getByLabel('Publication Title').fill('Spatial atlas of the mouse thymus');
  await page.getByLabel('Journal').fill('Nature');
  await page.getByLabel('Authors').fill('Ada Lovelace');
  await page.keyboard.press('Enter');
  await page.getByLabel('Authors').fill('Alan Turing');
  await page.keyboard.press('Enter');
  await shot(page, 'admin-runs-add-run');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page)).toHaveText(`Run ${RUN} saved`);

  // Add Files: a row needs a path, a description and a type before it can be confirmed.
  await tab(page, 'Add Files');
  await pickRun(page, RUN);
  await page.getByRole('button', { name: 'Add a file' }).click();
  await page.getByLabel('File Path').fill(`data/${RUN}/h5/obj/genes.h5ad`);
  const confirm = page.getByRole('button', { name: /^Confirm / });
  await expect(confirm).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await choose(page, 'File Type', 'Gene Matrix');
  await page.getByLabel('File Description').fill('Gene matrix (h5ad)');
  await confirm.click();
  await shot(page, 'admin-runs-add-files');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page)).toHaveText(`Files of ${RUN} saved`);

  // Group Runs: a new study; a run cannot be added twice; Submit needs a description.
  await tab(page, 'Group Runs');
  await page.getByRole('combobox', { name: 'Study' }).fill('Thymus atlas');
  await page.getByRole('option', { name: 'Create new study: Thymus atlas' }).click();
  await choose(page, 'Study Type', 'Atlas');
  await pickRun(page, RUN, 'Add run');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await pickRun(page, RUN, 'Add run');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(M.runIdAlreadySelected)).toBeVisible();
  const saveStudy = page.getByRole('button', { name: 'Submit' });
  await expect(saveStudy).toBeDisabled();
  await page.getByLabel('Study Description').fill('Thymus runs of the lab');
  await shot(page, 'admin-runs-group-runs');
  await saveStudy.click();
  await expect(snackbar(page)).toHaveText('Study Thymus atlas saved');

  // A visitor finds the public run with its title and rendered thumbnail.
  const visitor = await browser.newPage();
  await catalogue(visitor, RUN);
  await expect(card(visitor, RUN)).toContainText(TITLE);
  const thumbnail = card(visitor, RUN).getByRole('img', { name: `Thumbnail of ${RUN}` });
  await expect.poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await shot(visitor, 'admin-runs-public-catalogue');

  // Its group's member downloads the registered file.
  const member = await browser.newPage();
  await signIn(member, LAB.user, LAB.password);
  await catalogue(member, RUN);
  await member.getByRole('button', { name: `Download files of ${RUN}` }).click();
  await expect(member.getByRole('dialog')).toContainText('genes.h5ad');
  await expect(member.getByRole('dialog')).toContainText('Gene matrix (h5ad)');

  // The admin edits the run from its thumbnail and makes it private; the history shows the change.
  await catalogue(page, RUN);
  await page.getByRole('button', { name: `Edit run ${RUN}` }).click();
  await expect(page).toHaveURL(new RegExp(`component=AdminPanel&action=edit&run_id=${RUN}`));
  await expect(page.getByLabel('Run Title')).toHaveValue(TITLE);
  await expect(page.getByLabel('Authors').locator('..')).toContainText('Alan Turing');
  await tick(page.getByRole('checkbox', { name: 'Public' }), false);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(snackbar(page)).toHaveText(`Run ${RUN} saved`);
  await pickRun(page, RUN);
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of ${RUN}` });
  await expect(history.getByRole('row', { name: /run\.update/ }).first()).toContainText('public');
  await expect(history).toContainText('study.add_run');
  await expect(history).toContainText('run.files');
  await shot(page, 'admin-runs-history');
  await history.getByRole('button', { name: 'Close' }).click();

  // Private now: gone for a visitor and for another group, still there for its own group.
  await catalogue(visitor, RUN);
  await expect(visitor.getByText('No runs match these filters.')).toBeVisible();
  await expect(card(visitor, RUN)).toHaveCount(0);
  const other = await browser.newPage();
  await signIn(other, OTHER.user, OTHER.password);
  await catalogue(other, RUN);
  await expect(other.getByText('No runs match these filters.')).toBeVisible();
  await expect(card(other, RUN)).toHaveCount(0);
  await catalogue(member, RUN);
  await expect(card(member, RUN)).toContainText(TITLE);
});

test('account flows: back to the code screen, awaiting approval, one rule for added users, no groups, Sign In', async ({
  page,
  browser,
}) => {
  const name = 'uma';
  const password = 'Uma#Pass12';
  // A registrant requests an account and leaves the code screen.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Full Name').fill('Uma Thurman');
  await page.getByLabel('Email').fill(`${name}@lab.example.org`);
  await page.getByLabel('PI Name').fill('Dr. Pi');
  await page.getByLabel('Organization').fill('Lab U');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Request Account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();

  // Signing in says what is missing and leads back to the code screen.
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.accountEmailUnverified)).toBeVisible();
  await shot(page, 'account-unverified');
  await page.getByRole('button', { name: MSG.enterConfirmationCode }).click();
  await expect(page.getByText(MSG.confirmCodeSent(name))).toBeVisible();
  await page.getByLabel('Confirmation Code').fill(await codeFor(name));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog', { name: MSG.accountConfirmed }).getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.accountAwaitingApproval)).toBeVisible();

  // The admins were mailed about the request; the same name in another case is refused.
  const notices = readOutbox(process.env.ATLAS_E2E_DATA_DIR!).filter(
    (mail) => mail.subject === `Atlas Portal: account request from ${name}`,
  );
  expect(notices.length).toBeGreaterThan(0);
  expect(notices[0]!.text).toContain('Organization: Lab U');
  const upper = await page.request.post('/api/v1/auth/user_account_request', {
    data: { name: 'U', username: 'UMA', password, email: 'uma2@lab.example.org', pi_name: 'P', organization: 'O' },
  });
  expect(await upper.json()).toMatchObject({ username_exists: true });

  // The admin sees 'awaiting approval', confirms the account (no group), and adds a user by the stated rule.
  const admin = await browser.newPage();
  await signIn(admin, ADMIN.username, ADMIN.password);
  await admin.goto('/?component=AdminPanel&tab=users');
  const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name, exact: true }) });
  await expect(row).toContainText(MSG.awaitingApproval);
  await expect(admin.getByText(MSG.adminAddedUserRule)).toBeVisible();
  await shot(admin, 'account-awaiting-approval');
  const token = await apiToken(admin, ADMIN.username, ADMIN.password);
  const confirmed = await admin.request.put('/api/v1/auth/confirm', {
    headers: { authorization: `JWT ${token}` },
    data: { username: name },
  });
  expect(confirmed.ok()).toBeTruthy();
  const form = admin.getByRole('region', { name: 'Add or remove a user' });
  await form.getByLabel('Username', { exact: true }).fill('victor');
  await form.getByLabel('Password').fill('Victor#Pass1');
  await form.getByLabel('Name', { exact: true }).fill('Victor V');
  await form.getByLabel('Email').fill('victor@lab.example.org');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(admin.getByTestId('snackbar')).toHaveText(MSG.userCreated);
  const victor = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'victor', exact: true }) });
  await expect(victor).toContainText('CONFIRMED');

  // Signed in without groups: a page that says so and whom to ask.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(MSG.noGroupsTitle)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Administrators' })).toContainText('admin@atlas.local');
  await shot(page, 'account-no-groups');

  // A visitor on the public explorer can sign in.
  const visitor = await browser.newPage();
  await visitor.goto('/visualization');
  await visitor.getByRole('button', { name: 'Open D90001' }).click();
  await expect(visitor).toHaveURL(/\/public\?/);
  await visitor.getByRole('link', { name: 'Sign In' }).click();
  await expect(visitor).toHaveURL(/\/login$/);
});

test('Add Files refuses a path storage does not hold, naming it; Create A Run warns about an existing web object', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const demo = 'D90001';
  await waitForRunData(page, demo);
  await signIn(page, ADMIN.username, ADMIN.password);

  // Add Files: a typo in the path is refused with the missing key, and nothing is registered.
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const registered = async () => {
    const details = await page.request.get(`/api/v1/run_db/get_run_details?run_id=${demo}`, {
      headers: { authorization: `JWT ${token}` },
    });
    return ((await details.json()) as { files: { file_path: string }[] }).files.map((f) => f.file_path);
  };
  const before = await registered();
  await page.goto('/?component=AdminPanel&tab=add-files');
  await pickRun(page, demo);
  await page.getByRole('button', { name: 'Add a file' }).click();
  const missing = `data/${demo}/out/${demo}_peaks.bed`;
  await page.getByLabel('File Path').fill(missing);
  await choose(page, 'File Type', 'Analysis');
  await choose(page, 'Bucket', BUCKET);
  await page.getByLabel('File Description').fill('Peaks (BED)');
  await page.getByRole('button', { name: /^Confirm / }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not save the files' })).toHaveText(
    `Could not save the files: ${M.fileMissing(BUCKET, missing)}`,
  );
  await shot(page, 'admin-add-files-missing');
  expect(await registered()).toEqual(before);

  // Create A Run on a run id that has its web object: said before anything is sent, and Submit waits for consent.
  await page.goto('/?component=AdminPanel&tab=create-run');
  await pickRun(page, demo);
  const warning = page.getByRole('alert', { name: 'Existing web object' });
  await expect(warning).toContainText(M.webObjExists(demo, `data/${demo}/h5/`));
  await choose(page, 'Bucket', BUCKET);
  await tick(page.getByRole('radio', { name: `data/${demo}/` }));
  await expect(page.getByRole('table', { name: 'Files' }).getByRole('row', { name: /genes\.h5ad/ })).toContainText(
    'Present',
  );
  await tick(page.getByLabel('Is this run Transcriptome'));
  await page.getByLabel('Job Description').fill('Web object of the demo run, again');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await shot(page, 'admin-create-run-existing');
  await tick(warning.getByRole('checkbox', { name: M.webObjReplace }));
  await expect(submit).toBeEnabled();
});
