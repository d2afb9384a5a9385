import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@atlas/contracts';
import { latestCode } from '../apps/server/src/infra/mail/outbox-reader.js';

export const ADMIN = { username: 'admin', password: 'Admin#Pass1' };
const dataDir = (): string => process.env.ATLAS_E2E_DATA_DIR!;
const SHOTS = path.resolve(import.meta.dirname, '.out/screenshots');

/** Copies a file or folder into the e2e server's data bucket (its fs storage) at `key`, as an upload would. */
export function putInBucket(source: string, key: string): string {
  const target = path.join(dataDir(), 'storage', 'atx-data', key);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.cpSync(source, target, { recursive: true });
  return key;
}

/** Where a picture named `name` goes beside the screenshots (e2e/.out/screenshots/{name}.png). */
export function shotPath(name: string): string {
  fs.mkdirSync(SHOTS, { recursive: true });
  return path.join(SHOTS, `${name}.png`);
}

/**
 * Saves a full-page screenshot under e2e/.out/screenshots/{name}.png for a human to look at, once the page is
 * still: no CSS animation or transition running that ends (MUI's menus, dialogs, ripples), and two frames drawn.
 */
export async function shot(page: Page, name: string): Promise<string> {
  // Endless ones (a spinner, a skeleton's pulse) never finish: only those that end are waited for.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 10_000 },
  );
  await animationFrames(page, 2);
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The newest emailed code for a user, read from the server's file outbox (polls briefly: mail is async). */
export async function codeFor(username: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = latestCode(dataDir(), username);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No code in the outbox for ${username}`);
}

/** Signs in through the login screen, as a user would. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // 30 s, not the configured 10: in CI the rig's specs run beside the late lane's 21 imports, and one sign-in through
  // the rig waited past 10 s on "Signing In…" (its first spec took 41 s there against 19 s on a quieter run).
  await expect(page.getByText(`Welcome ${username}`)).toBeVisible({ timeout: 30_000 });
}

/** Signs out through the account menu, as a user would; the portal says goodbye. */
export async function signOut(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: `${username} (test)` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText(MSG.goodbye(username))).toBeVisible();
}

/**
 * Opens a run in the explorer as a scientist does: the catalogue at /visualization, the run found by search (other
 * specs' newer runs may push it off the first page), its Open button.
 */
export async function openFromCatalogue(page: Page, runId: string): Promise<void> {
  await page.goto('/visualization');
  await page.getByRole('searchbox', { name: 'Search runs' }).fill(runId);
  await page
    .getByRole('button', { name: `Open ${runId}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`component=AtlasXplore.*run_id=${runId}`));
}

/** A token for API set-up steps (creating users and groups) without clicking through screens. */
export async function apiToken(page: Page, username: string, password: string): Promise<string> {
  const response = await page.request.post('/api/v1/auth/login', { data: { username, password } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Adds an account through the admin API and confirms it, as User Management does; `headers` carry an admin's token. */
export async function addConfirmedUser(
  page: Page,
  headers: Record<string, string>,
  user: { username: string; name: string; email: string; password: string; groups: string[] },
): Promise<void> {
  expect((await page.request.post('/api/v1/auth/user', { headers, data: user })).ok()).toBe(true);
  expect((await page.request.put('/api/v1/auth/confirm', { headers, data: { username: user.username } })).ok()).toBe(
    true,
  );
}

/**
 * Ticks (or unticks) a checkbox, switch or radio with the mouse and waits for the page to show it so. Playwright's
 * own check() reads the state once, straight after the click, and now and then reads it before the page's
 * controlled input is drawn again (microsoft/playwright#13470); here the state is asserted with the retrying expect.
 */
export async function tick(input: Locator, ticked = true): Promise<void> {
  await expect(input).toBeChecked({ checked: !ticked });
  // Clicked again only while it still shows the old state: a list that changes meanwhile can move the box between
  // Playwright's hit test and its click (CI: the click landed beside it, when the Run ID's list still put runs that
  // other specs imported first).
  await expect(async () => {
    if ((await input.isChecked()) !== ticked) await input.click();
    await expect(input).toBeChecked({ checked: ticked, timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Types `prefix` in the explorer's feature search and picks its first suggestion; answers the name picked. The
 * search filters 500 ms after the last key (spec 03 §2.1): the first option is read once it starts with `prefix`,
 * and the option clicked is found by that name (CI, when the list still showed the last query's names meanwhile:
 * a name read from the old list, then the click landed on the new list's first, another gene).
 */
export async function pickSuggestedFeature(page: Page, prefix: string): Promise<string> {
  const search = page.getByTestId('feature-search');
  await search.click();
  await search.fill(prefix);
  const first = page.getByRole('option').first();
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(first).toHaveText(new RegExp(`^${escaped}`, 'i'), { timeout: 10_000 });
  const name = (await first.textContent())!.trim();
  await page.getByRole('option', { name, exact: true }).click();
  return name;
}

/**
 * Waits until a run's web files exist (the demo runs' are generated in the background after the server starts);
 * returns the admin token it asked with.
 */
export async function waitForRunData(page: Page, runId: string): Promise<string> {
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await expect
    .poll(
      async () =>
        (
          await page.request.get(`/api/v1/genes/data?run_id=${runId}`, { headers: { authorization: `JWT ${token}` } })
        ).status(),
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(200);
  return token;
}

/** Collects the page's Content-Security-Policy violations (the console's reports) from now on. */
export function watchContentSecurityPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Every spec's page runs under the app's Content-Security-Policy (apps/server/src/http/content-security-policy.ts):
 * a blocked script, style, image, worker or request fails the test that caused it.
 */
export const test = base.extend<{ contentSecurityPolicy: void; closeOwnContexts: void }>({
  // A spec that opens a second visitor (browser.newContext) leaves its pages running after it ends unless closed: an
  // explorer page keeps its WebGL plots, and a dozen such pages left behind by earlier specs slowed the browser
  // until a later spec's clicks never found their button stable. Whatever a spec opened is closed when it ends.
  closeOwnContexts: [
    async ({ browser, context }, use) => {
      const before = new Set([...browser.contexts(), context]);
      await use();
      for (const opened of browser.contexts()) if (!before.has(opened)) await opened.close();
    },
    { auto: true },
  ],
  contentSecurityPolicy: [
    async ({ page }, use) => {
      const violations = watchContentSecurityPolicy(page);
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Imports a run through the admin route from a key or folder already in the data bucket, and waits for its
 * web-file task to end in SUCCESS (it may queue behind the demo runs made at first start).
 */
export async function importRun(
  page: Page,
  adminToken: string,
  data: { run_id: string; source: string; title: string },
): Promise<void> {
  const headers = { authorization: `JWT ${adminToken}` };
  const posted = await page.request.post('/api/v1/run_db/import', { headers, data });
  expect(posted.status(), await posted.text()).toBe(200);
  const { _id } = (await posted.json()) as { _id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/v1/task/${_id}`, { headers })).json()) as { status: string }).status,
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe('SUCCESS');
}

/**
 * A file of the shared test data (../shared/data) imported as `runId` the way an admin does: put in the data bucket
 * at `key`, imported through the admin route, its web files made. A missing file fails the spec, never skips it.
 * Answers the admin's API token.
 */
export async function importSharedRun(
  page: Page,
  source: string,
  run: { runId: string; key: string; title: string },
): Promise<string> {
  expect(fs.existsSync(source), `${source} is absent`).toBe(true);
  putInBucket(source, run.key);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await importRun(page, token, { run_id: run.runId, source: run.key, title: run.title });
  return token;
}

/**
 * An account's row in the Admin Panel's users table, paging forward until it is shown: the table shows 15 accounts a
 * page in name order, and the whole suite makes more than that.
 */
export async function userRowOnAnyPage(page: Page, username: string): Promise<Locator> {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
  await expect(page.getByRole('cell', { name: 'admin', exact: true }).or(row)).not.toHaveCount(0);
  for (let turn = 0; turn < 20 && (await row.count()) === 0; turn++) {
    const next = page.getByRole('button', { name: 'Go to next page' });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(row).toBeVisible();
  return row;
}

/**
 * Lets the page draw `n` animation frames. A check that something did NOT happen (a wheel held back, no second
 * draw) waits for frames, not for a fixed time: what the page would do, it does within a frame or two of the event,
 * however slow the machine.
 */
export async function animationFrames(page: Page, n = 3): Promise<void> {
  await page.evaluate(async (count) => {
    for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, n);
}

/** How many frames the explorer's plots have drawn (its timing marks, plots/timings.ts). */
export async function explorerDraws(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __explorerTimings: { draws: number } }).__explorerTimings.draws);
}

/**
 * A screenshot of part of the plots as they are drawn: the tooltip over a hovered tixel is left out, so a pointer
 * that happens to rest on a tixel does not change what a pixel check sees.
 */
export function plotsScreenshot(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  return page.screenshot({ clip, style: '[data-testid="tixel-hover"] { visibility: hidden !important; }' });
}

/** Share of lit (non-background) pixels in each half of the plots (UMAP left, spatial right). */
export async function plotHalves(page: Page): Promise<number[]> {
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const png = await plotsScreenshot(page, box);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [0, 1].map((h) => {
    let lit = 0;
    let count = 0;
    const x0 = Math.floor((h * info.width) / 2) + 4;
    const x1 = Math.floor(((h + 1) * info.width) / 2) - 4;
    for (let y = 30; y < info.height; y += 2) {
      for (let x = x0; x < x1; x += 2) {
        const i = (y * info.width + x) * 3;
        if (data[i]! + data[i + 1]! + data[i + 2]! > 60) lit++;
        count++;
      }
    }
    return lit / count;
  });
}

/** The plots' pixels as raw RGB. */
export async function plotPixels(page: Page): Promise<{ data: Buffer; width: number; height: number }> {
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const { data, info } = await sharp(await plotsScreenshot(page, box))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference of two same-sized pictures, 0–255 per channel. */
export function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Waits for the explorer's own "both plots drawn" flag, then for the pixels (a share lit in each half) on screen. */
export async function plotsDrawn(page: Page, lit = 0.01): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 60_000 },
  );
  await expect
    .poll(async () => Math.min(...(await plotHalves(page))), { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(lit);
}

/** Draws a closed lasso: a circle of radius r around (cx, cy) in page pixels, the pointer released last. */
export async function drawLasso(page: Page, cx: number, cy: number, r: number): Promise<void> {
  await page.mouse.move(cx + r, cy);
  await page.mouse.down();
  for (let a = 0; a <= 24; a++) {
    const angle = (a / 24) * Math.PI * 2;
    await page.mouse.move(cx + r * Math.cos(angle), cy + r * Math.sin(angle), { steps: 2 });
  }
  await page.mouse.up();
}
