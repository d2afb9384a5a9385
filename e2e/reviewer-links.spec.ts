import { SHARING_MSG } from '@atlas/contracts';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * [REVIEWER-LINKS] (issue 35): an admin makes a reviewer link for a private demo run on the run's admin page; a fresh
 * browser enters the code (from the link) and the PIN and sees the run in the explorer, read-only (a download is
 * refused); the admin rotates the link and the reviewer's next request is refused; with the server's test clock moved
 * past the expiry, the new code and PIN say the link expired.
 */
const RUN = 'D90013';
const DAY_MS = 24 * 60 * 60 * 1000;
const auth = (token: string) => ({ authorization: `JWT ${token}` });

test('[REVIEWER-LINKS]: code + PIN open a private run read-only; rotation and expiry end it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The run's catalogue entry is enough: the viewer opens on it (its web files, generated in the background at the
  // server's first start, only fill the plots).
  const admin = await apiToken(page, ADMIN.username, ADMIN.password);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AdminPanel&tab=add-run&action=edit&run_id=${RUN}`);
  const sharing = page.getByLabel('Sharing');
  await sharing.getByRole('button', { name: 'Make Reviewer Link' }).click();
  const url = (await sharing.getByTestId('reviewer-url').textContent())!;
  const pin = (await sharing.getByTestId('reviewer-pin').textContent())!;
  expect(url).toMatch(/\/review\?code=[A-Z2-7]{20}$/);
  await expect(sharing.getByRole('row').filter({ hasText: 'live' })).toHaveCount(1);
  await shot(page, 'reviewer-links-admin');

  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  try {
    const reviewer = await context.newPage();
    await reviewer.goto(url);
    await reviewer.getByLabel('PIN').fill(pin);
    await reviewer.getByRole('button', { name: 'Open Review' }).click();
    await reviewer.getByRole('button', { name: `Open ${RUN}` }).click();
    await expect(reviewer.getByTestId('public-viewer')).toBeVisible({ timeout: 30_000 });
    await expect(reviewer.getByTestId('public-viewer').getByText(RUN, { exact: true })).toBeVisible();
    await shot(reviewer, 'reviewer-links-explorer');
    const token = new URL(reviewer.url()).searchParams.get('token')!;

    // Read-only: no download link for the run's files.
    const download = await reviewer.request.post('/api/v1/run_db/generate_presigned_url', {
      headers: auth(token),
      data: { bucket: 'atx-data', path: `data/${RUN}/metadata.csv` },
    });
    expect(download.status()).toBe(403);
    expect((await reviewer.request.get('/api/v1/auth/reviewer/me', { headers: auth(token) })).status()).toBe(200);

    // The admin rotates: the reviewer's next request is refused, saying why.
    await sharing.getByRole('button', { name: 'Rotate' }).click();
    await expect(sharing.getByTestId('reviewer-pin')).not.toHaveText(pin);
    const refused = await reviewer.request.get('/api/v1/auth/reviewer/me', { headers: auth(token) });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { msg: string }).msg).toBe(SHARING_MSG.sessionEnded);

    // Past its expiry (the server's test clock moved 61 days), the new code and PIN say the link expired.
    const newUrl = (await sharing.getByTestId('reviewer-url').textContent())!;
    const newPin = (await sharing.getByTestId('reviewer-pin').textContent())!;
    const moved = await page.request.put('/api/v1/auth/reviewer_links/test_clock', {
      headers: auth(admin),
      data: { offset_ms: 61 * DAY_MS },
    });
    expect(moved.status()).toBe(200);
    await reviewer.goto(newUrl);
    await reviewer.getByLabel('PIN').fill(newPin);
    await reviewer.getByRole('button', { name: 'Open Review' }).click();
    await expect(reviewer.getByRole('alert')).toHaveText(SHARING_MSG.expired);
    await shot(reviewer, 'reviewer-links-expired');
  } finally {
    await page.request.put('/api/v1/auth/reviewer_links/test_clock', { headers: auth(admin), data: { offset_ms: 0 } });
    await context.close();
  }

  // The catalogue tells lab staff which runs have live links (the rotated link is live again once the clock is back).
  await page.goto('/visualization');
  await page.getByRole('searchbox', { name: 'Search runs' }).fill(RUN);
  await expect(page.getByTestId(`live-links-${RUN}`).first()).toContainText('reviewer link');
  await shot(page, 'reviewer-links-catalogue');
});
