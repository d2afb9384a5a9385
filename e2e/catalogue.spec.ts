import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { CATALOGUE_MSG, DOWNLOAD_LINK_SECONDS, DOWNLOAD_MSG, MSG } from '@atlas/contracts';
import { DEMO_RUNS, demoFiles } from '../apps/server/src/seed/demo-runs.js';
import { ADMIN, apiToken, expect, shot, signIn, test, tick } from './fixtures';

/**
 * The landing catalogue on the seeded demo runs (spec 01 §2 "Landing catalogue", §4, §5): a visitor pages,
 * filters by species and organ, searches and opens a public run (an encoded link on /public with a token);
 * a member sees their group's private run, downloads its files through pre-signed URLs and opens it in the
 * explorer; an admin's thumbnail opens the run editor.
 */
const MEMBER = { username: 'nora', password: 'Nora#Pass1', groups: ['user', 'neuro-lab'] };
const PUBLIC_COUNT = DEMO_RUNS.filter((r) => r.public).length;

const count = (page: Page) => page.getByTestId('catalogue-count');
const runCards = (page: Page) => page.getByRole('list', { name: 'Runs' }).getByRole('article');
const facet = (page: Page, name: string) => page.getByRole('region', { name });

const thumbnails = (page: Page) => page.locator('img[alt^="Thumbnail of"]');

/**
 * Screenshots once every thumbnail has settled (a loaded image, or the placeholder when the server has not
 * rendered it yet) and MUI's fades are over. Lazy images below the fold are made eager so they settle too.
 */
async function settledShot(page: Page, name: string) {
  await thumbnails(page).evaluateAll((images) =>
    images.forEach((image) => ((image as HTMLImageElement).loading = 'eager')),
  );
  await expect
    .poll(() => thumbnails(page).evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
    .toBe(true);
  await shot(page, name);
}

test('a visitor pages, filters, searches and opens a public run', async ({ page }) => {
  await page.goto('/visualization');
  await expect(page.getByRole('heading', { name: MSG.catalogueTitle })).toBeVisible();
  await expect(count(page)).toHaveText(`Showing 1–8 of ${PUBLIC_COUNT} runs`);
  await expect(runCards(page)).toHaveCount(8);
  // Newest first; visitors get no download icons and no run editor.
  await expect(runCards(page).first()).toContainText('D90001');
  await expect(page.getByRole('button', { name: /^Download files of/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit run/ })).toHaveCount(0);
  // The public/private toggle is disabled for visitors.
  await expect(page.getByRole('button', { name: CATALOGUE_MSG.showPrivate })).toBeDisabled();
  // Facets: 3 items, then Show More.
  const organ = facet(page, 'Organ');
  await expect(organ.getByRole('checkbox')).toHaveCount(3);
  await organ.getByRole('button', { name: 'Show More Organ' }).click();
  await expect(organ.getByRole('checkbox')).toHaveCount(6);
  await expect(facet(page, 'Species').getByRole('checkbox', { name: 'Mus musculus (5)' })).toBeVisible();
  await settledShot(page, 'catalogue-cards');

  await page.getByRole('navigation', { name: 'Catalogue pages' }).getByRole('button', { name: 'Go to page 2' }).click();
  await expect(count(page)).toHaveText(`Showing 9–${PUBLIC_COUNT} of ${PUBLIC_COUNT} runs`);
  await expect(runCards(page)).toHaveCount(PUBLIC_COUNT - 8);

  // Filtering goes back to page 1; categories are ANDed.
  await tick(facet(page, 'Species').getByRole('checkbox', { name: /^Mus musculus/ }));
  await expect(count(page)).toHaveText('Showing 1–5 of 5 runs');
  await tick(organ.getByRole('checkbox', { name: /^Brain/ }));
  await expect(count(page)).toHaveText('Showing 1–3 of 3 runs');
  await expect(runCards(page)).toHaveText([/D90001/, /D90002/, /D90003/]);
  await expect(page.getByRole('navigation', { name: 'Catalogue pages' })).toHaveCount(0);
  // µm rule and the antibody line.
  await expect(runCards(page).nth(0)).toContainText('on a 10 µm coronal section, 50 channels of 20 µm');
  await expect(runCards(page).nth(1)).toContainText('AntibodyH3K27me3');
  await expect(
    runCards(page).nth(0).getByRole('link', { name: 'Paper of D90001 in Atlas Demo Reports' }),
  ).toHaveAttribute('href', 'https://example.org/atlas-demo/papers/90000001');
  await settledShot(page, 'catalogue-filtered');

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('list', { name: 'Runs' }).getByRole('article')).toHaveCount(3);
  await expect(page.locator('[role=img][aria-label^="No thumbnail yet"]')).toHaveCount(0);
  await shot(page, 'catalogue-list');
  await page.getByRole('button', { name: 'Card view' }).click();
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(count(page)).toHaveText(`Showing 1–8 of ${PUBLIC_COUNT} runs`);

  // The three search modes: author, publication id, run id; the clear control restores the list.
  const search = page.getByRole('searchbox', { name: 'Search runs' });
  await search.fill('Raman');
  await expect(count(page)).toHaveText('Showing 1–5 of 5 runs');
  await search.fill('90000217');
  await expect(count(page)).toHaveText('Showing 1–2 of 2 runs');
  await search.fill('d90009');
  await expect(runCards(page)).toHaveText([/D90009/]);
  await search.fill('d90011');
  await expect(page.getByText(CATALOGUE_MSG.noRuns)).toBeVisible();
  // One clear control: the field's right end is no second (the browser's own) × that clears the text.
  const field = (await search.boundingBox())!;
  await page.mouse.click(field.x + field.width - 8, field.y + field.height / 2);
  await expect(search).toHaveValue('d90011');
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(1);
  await shot(page, 'admin-catalogue-search-clear');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(count(page)).toHaveText(`Showing 1–8 of ${PUBLIC_COUNT} runs`);

  // Opening a run: an encoded link on /public with the session token, replacing the history entry.
  const historyLength = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'Open D90001' }).click();
  await expect(page).toHaveURL(/\/public\?component=PublicGeneViewer&run_id=[^&]+&public=true&token=[^&]+$/);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  const url = new URL(page.url());
  const encoded = url.searchParams.get('run_id')!;
  expect(encoded).not.toContain('D90001');
  const meta = await page.request.get('/api/v1/run_db/decode_meta', {
    params: { encoded },
    headers: { authorization: `JWT ${url.searchParams.get('token')}` },
  });
  expect(await meta.json()).toMatchObject({
    run_id: 'D90001',
    species: 'mus_musculus',
    tissue: 'Brain',
    assay: 'ATAC-seq',
  });
  // The public viewer opens the run through the link (its id in the compact bar); a tampered link gets the error page.
  await expect(page.getByTestId('linked-plots')).toBeVisible();
  await expect(page.getByText('D90001', { exact: true })).toBeVisible();
  await shot(page, 'public-link');
  url.searchParams.set('run_id', `${encoded.slice(0, 40)}${encoded[40] === 'A' ? 'B' : 'A'}${encoded.slice(41)}`);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: MSG.publicLinkCannotOpen })).toBeVisible();
  await expect(page.getByText(CATALOGUE_MSG.linkInvalid)).toBeVisible();
});

test('the demo runs get thumbnails rendered from their spatial plots', async ({ page }) => {
  // The server renders them in the background after it starts listening: wait for the first page's eight.
  const firstPage = DEMO_RUNS.filter((r) => r.public)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 8);
  for (const run of firstPage) {
    await expect
      .poll(async () => (await page.request.get(`/api/v1/run_db/frontpage/${run.run_id}.png`)).status(), {
        timeout: 45_000,
      })
      .toBe(200);
  }
  await page.goto('/visualization');
  await expect(runCards(page)).toHaveCount(8);
  await expect(thumbnails(page)).toHaveCount(8);
  await expect(page.locator('[role=img][aria-label^="No thumbnail yet"]')).toHaveCount(0);
  await thumbnails(page).evaluateAll((images) =>
    images.forEach((image) => ((image as HTMLImageElement).loading = 'eager')),
  );
  await expect
    .poll(() =>
      thumbnails(page).evaluateAll((images) =>
        images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
  const sizes = await thumbnails(page).evaluateAll((images) =>
    images.map((image) => [(image as HTMLImageElement).naturalWidth, (image as HTMLImageElement).naturalHeight]),
  );
  for (const [width, height] of sizes) {
    expect(width).toBeGreaterThan(0);
    expect(Math.max(width!, height!)).toBeLessThanOrEqual(200);
  }
  await shot(page, 'catalogue-thumbnails');
});

test('a visitor sees a group pre-filter and the runs table', async ({ page }) => {
  await page.goto('/visualization/neuro-lab');
  await expect(count(page)).toHaveText('Showing 1–3 of 3 runs');
  await expect(facet(page, 'Groups').getByRole('checkbox', { name: /^neuro-lab/ })).toBeChecked();

  await page.goto('/runs');
  const table = page.getByRole('table', { name: 'Runs' });
  for (const column of [
    'NGS ID',
    'Run ID',
    'Sample ID',
    'Tissue',
    'Organism',
    'Experimental Condition',
    'Date',
    'Browser Link',
  ]) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  await expect(table.getByRole('row')).toHaveCount(PUBLIC_COUNT + 1);
  await expect(table.getByRole('row', { name: /D90009/ })).toContainText('NGS-23-0217');
  await shot(page, 'runs-list');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/visualization$/);
});

test('a member toggles private runs, downloads files through generated URLs and opens a run', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await apiToken(page, ADMIN.username, ADMIN.password);
  const headers = { authorization: `JWT ${admin}` };
  const created = await page.request.post('/api/v1/auth/user', {
    headers,
    data: { ...MEMBER, name: 'Nora Neuro', email: 'nora@example.org' },
  });
  expect(created.ok()).toBeTruthy();
  expect(
    (await page.request.put('/api/v1/auth/confirm', { headers, data: { username: MEMBER.username } })).ok(),
  ).toBeTruthy();

  await signIn(page, MEMBER.username, MEMBER.password);
  await page.goto('/visualization');
  await expect(count(page)).toHaveText(`Showing 1–8 of ${PUBLIC_COUNT + 1} runs`);
  await expect(runCards(page).first()).toContainText('D90011');
  await expect(page.getByRole('button', { name: /^Edit run/ })).toHaveCount(0);

  await page.getByRole('button', { name: CATALOGUE_MSG.showPrivate }).click();
  await expect(count(page)).toHaveText('Showing 1–1 of 1 run');
  await expect(runCards(page)).toHaveText([/D90011/]);
  await expect(page.getByRole('button', { name: CATALOGUE_MSG.showPublic })).toBeEnabled();
  await settledShot(page, 'catalogue-private');

  await page.getByRole('button', { name: 'Download files of D90011' }).click();
  const dialog = page.getByRole('dialog', { name: CATALOGUE_MSG.availableFiles('D90011') });
  await expect(dialog).toBeVisible();
  for (const column of ['File Type', 'Filename', 'Description']) {
    await expect(dialog.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const files = demoFiles(DEMO_RUNS.find((r) => r.run_id === 'D90011')!);
  const metadata = files.find((f) => f.type === 'Metadata')!;
  const name = metadata.path.split('/').pop()!;
  await dialog.getByRole('button', { name: `Generate URL for ${name}` }).click();
  const urlField = dialog.getByRole('textbox', { name: `Pre-signed URL of ${name}` });
  // A download link (issue 33 §7): its token, then the file's name; it opens while the run stays visible to Nora.
  await expect(urlField).toHaveValue(/\/api\/v1\/downloads\/[\w-]+\.[\w-]+\.[\w-]+\/D90011_metadata\.csv$/);
  await expect(dialog.getByText(DOWNLOAD_MSG.lifetime(DOWNLOAD_LINK_SECONDS))).toBeVisible();
  await expect(dialog).toContainText('for one hour, and only while the run stays visible to you');
  const fetched = await page.request.get(await urlField.inputValue());
  expect(fetched.status()).toBe(200);
  expect(await fetched.text()).toBe(metadata.content);
  await dialog.getByRole('button', { name: `Copy the URL of ${name}` }).click();
  await expect(page.getByText(CATALOGUE_MSG.urlCopied)).toBeVisible();
  await page.mouse.move(0, 0);
  await shot(page, 'catalogue-download');

  // The download icon fetches through a fresh pre-signed URL and saves the file.
  const readme = files.find((f) => f.type === 'Documentation')!;
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download README.txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('README.txt');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe(readme.content);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Open D90011' }).click();
  await expect(page).toHaveURL(/\/\?component=AtlasXplore&run_id=D90011$/);
});

test('an admin sees every run and opens the run editor from a thumbnail', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  // Every run: the demo runs and those other specs (admin-runs) added to the shared server.
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const all = await page.request.get('/api/v1/run_db/get_runs', { headers: { authorization: `JWT ${token}` } });
  const total = ((await all.json()) as unknown[]).length;
  expect(total).toBeGreaterThanOrEqual(DEMO_RUNS.length);
  await page.goto('/visualization');
  await expect(count(page)).toHaveText(`Showing 1–8 of ${total} runs`);
  await page.getByRole('button', { name: 'Edit run D90011' }).click();
  await expect(page).toHaveURL(/\/\?component=AdminPanel&action=edit&run_id=D90011&results_id=\d+$/);
});
