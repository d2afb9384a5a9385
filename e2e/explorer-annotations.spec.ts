import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { ANNOTATION_MSG } from '@atlas/contracts';
import { apiToken, drawLasso, expect, plotsDrawn, shot, signIn, test, tick, waitForRunData } from './fixtures';

/**
 * [EXPLORER-ANNOTATIONS]: shared annotations on a private demo run of devbio-lab (D90012). A member saves a lasso
 * selection as a named tixel set with a colour and a note; a second member of the group sees it, colours the plots
 * by it, exports it as CSV and ranks it against the rest; a member of another group sees neither the run nor the
 * annotation. A taken name is refused in the dialog.
 */
const RUN = 'D90012';
const PASSWORD = 'Secret#123';
const NAME = 'Neural tube';
const auth = (token: string) => ({ authorization: `JWT ${token}` });
let counter = 0;

/** A confirmed, verified account in `groups`, made through the admin API. */
async function member(page: Page, admin: string, groups: string[]): Promise<string> {
  const username = `ann${Date.now().toString(36)}${counter++}`;
  const made = await page.request.post('/api/v1/auth/user', {
    headers: auth(admin),
    data: { username, password: PASSWORD, name: 'Annotator', email: `${username}@lab.example.org`, groups: [] },
  });
  expect(made.ok()).toBeTruthy();
  expect((await page.request.put('/api/v1/auth/confirm', { headers: auth(admin), data: { username } })).ok()).toBe(
    true,
  );
  const added = await page.request.put('/api/v1/auth/modify_group_list', {
    headers: auth(admin),
    data: { username, groups_adding: groups, groups_removing: [] },
  });
  expect(added.ok()).toBeTruthy();
  await page.request.post('/api/v1/auth/confirm_user_email_admin', { headers: auth(admin), data: { username } });
  return username;
}

async function openAs(browser: Browser, baseURL: string, username: string, runId = RUN): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, username, PASSWORD);
  await page.goto(`/?component=AtlasXplore&run_id=${runId}`);
  return page;
}

async function lassoUmap(page: Page): Promise<void> {
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const cx = box.x + box.width / 4;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width / 4, box.height / 2) * 0.5;
  await drawLasso(page, cx, cy, r);
}

test('[EXPLORER-ANNOTATIONS]: saved by one member, seen by the group, not by another group', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const admin = await waitForRunData(page, RUN);
  const ann = await member(page, admin, ['devbio-lab']);
  const bob = await member(page, admin, ['devbio-lab']);
  const eve = await member(page, admin, ['neuro-lab']);

  // Ann selects tixels with the lasso and saves them as an annotation.
  const annPage = await openAs(browser, baseURL!, ann);
  await plotsDrawn(annPage);
  await annPage.getByRole('tab', { name: 'Annotations' }).click();
  await expect(annPage.getByTestId('annotations-empty')).toBeVisible();
  await expect(annPage.getByRole('button', { name: 'Save selection as annotation' })).toBeDisabled();
  await lassoUmap(annPage);
  const count = Number(((await annPage.getByTestId('selection-count').textContent()) ?? '').replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  const ranked = annPage.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(ranked).toBeVisible({ timeout: 60_000 });
  await ranked.getByRole('button', { name: 'Close' }).click();
  await annPage.getByRole('button', { name: 'Save selection as annotation' }).click();
  const dialog = annPage.getByRole('dialog', { name: 'Save selection as annotation' });
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByLabel('Note').fill('Neural tube, first pass');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(annPage.getByText(ANNOTATION_MSG.saved(NAME))).toBeVisible();
  const row = annPage.getByTestId('annotation-row').filter({ hasText: NAME });
  await expect(row).toContainText(count.toLocaleString('en'));
  await expect(row).toContainText('Neural tube, first pass');

  // The same name again is refused, with the reason in the dialog.
  await annPage.getByRole('button', { name: 'Save selection as annotation' }).click();
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(ANNOTATION_MSG.nameTaken(NAME, RUN))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shot(annPage, 'annotations-saved');

  // Bob, in the same group, sees it, colours by it, exports it and ranks it against the rest.
  const bobPage = await openAs(browser, baseURL!, bob);
  await plotsDrawn(bobPage);
  await bobPage.getByRole('tab', { name: 'Annotations' }).click();
  const bobRow = bobPage.getByTestId('annotation-row').filter({ hasText: NAME });
  await expect(bobRow).toContainText(count.toLocaleString('en'));
  await expect(bobRow).toContainText(ann);
  await tick(bobRow.getByRole('checkbox', { name: `Colour by ${NAME}` }));
  const legend = bobPage.getByTestId('explorer-legend');
  await expect(legend.getByText('Annotations')).toBeVisible();
  await expect(legend.getByText(NAME)).toBeVisible();
  await expect(legend.getByText('Not annotated')).toBeVisible();
  await shot(bobPage, 'annotations-colouring');
  const [download] = await Promise.all([
    bobPage.waitForEvent('download'),
    bobRow.getByRole('button', { name: `Export ${NAME} as CSV` }).click(),
  ]);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('run_id,annotation,tixel,x,y,umap_1,umap_2,cluster');
  expect(csv).toHaveLength(count + 1);
  expect(csv[1]).toMatch(new RegExp(`^${RUN},${NAME},\\d+,`));
  await bobPage.getByLabel('Set A').click();
  await bobPage.getByRole('option', { name: NAME }).click();
  await bobPage.getByRole('button', { name: 'Rank', exact: true }).click();
  const result = bobPage.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(
    result.getByText(`${NAME} (${count.toLocaleString('en')} tixels) ranked against the rest`),
  ).toBeVisible();
  await expect(result.locator('tbody tr')).toHaveCount(10);
  await shot(bobPage, 'annotations-ranked');

  // Eve, of another group, can neither open the private run nor list its annotations.
  const eveToken = await apiToken(page, eve, PASSWORD);
  const listed = await page.request.get(`/api/v1/annotations?run_id=${RUN}`, { headers: auth(eveToken) });
  expect(listed.status()).toBe(404);
  expect(await listed.text()).not.toContain(NAME);
  const evePage = await openAs(browser, baseURL!, eve);
  await expect(evePage.getByText(/was not found/)).toBeVisible({ timeout: 30_000 });
  await expect(evePage.getByText(NAME)).toHaveCount(0);
  await shot(evePage, 'annotations-other-group');
});

test('[EXPLORER-ANNOTATIONS]: a member of another group reads a public run’s annotations, with no Save offered', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  // A public run of devbio-lab, opened by a member of neuro-lab: they may read it, not write it.
  const publicRun = 'D90004';
  const admin = await waitForRunData(page, publicRun);
  const eve = await member(page, admin, ['neuro-lab']);
  const evePage = await openAs(browser, baseURL!, eve, publicRun);
  await plotsDrawn(evePage);
  await evePage.getByRole('tab', { name: 'Annotations' }).click();
  const panel = evePage.getByTestId('annotations-panel');
  await expect(panel.getByTestId('annotations-read-only')).toHaveText(ANNOTATION_MSG.readOnlyForOthers('devbio-lab'));
  await expect(panel.getByRole('button', { name: 'Save selection as annotation' })).toHaveCount(0);
  await shot(evePage, 'admin-annotations-read-only');
  // The server's rule is the same one: the save the panel no longer offers is refused.
  const refused = await page.request.post('/api/v1/annotations', {
    headers: auth(await apiToken(page, eve, PASSWORD)),
    data: { run_id: publicRun, name: 'Eve tried', color: '#e91e63', note: '', tixels: [1, 2, 3] },
  });
  expect(refused.status()).toBe(403);
});
