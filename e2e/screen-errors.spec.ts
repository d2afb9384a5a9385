import { MSG } from '@atlas/contracts';
import { ADMIN, expect, plotsDrawn, shot, signIn, test, waitForRunData } from './fixtures';

/**
 * A screen whose files do not arrive (a dropped connection, or the portal updated since the page was opened, whose
 * old chunks are gone) says so under the app bar, with Reload, instead of leaving a blank page
 * (apps/web/src/app/ScreenBoundary.tsx); so does the explorer when the chunk of its plots is missing, the run's first
 * frame included (apps/web/src/main.tsx).
 */

test('a screen whose chunk does not arrive says so under the app bar, and Reload brings it', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  const chunk = /\/assets\/AtlasAnalytics-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort('connectionreset'));
  await page.goto('/?component=AtlasAnalytics');
  await expect(page.getByRole('heading', { name: MSG.screenNotLoadedTitle })).toBeVisible();
  await expect(page.getByText(MSG.screenNotLoaded)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  await shot(page, 'screen-not-loaded');
  // Another screen from the app bar's menus opens as usual.
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByText(MSG.homeGreeting(ADMIN.username))).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: MSG.screenNotLoadedTitle })).toBeVisible();
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Task Runner')).toBeVisible();
  await expect(page.getByRole('heading', { name: MSG.screenNotLoadedTitle })).toHaveCount(0);
});

test('a run opened with the page whose plots’ chunk does not arrive: the app starts and says so', async ({ page }) => {
  test.setTimeout(180_000);
  const run = 'D90004';
  await waitForRunData(page, run);
  await signIn(page, ADMIN.username, ADMIN.password);
  // The first frame's chunk (deck.gl and the plots), which the explorer's chunk imports too.
  const plots = /\/assets\/first-frame-[^/]+\.js$/;
  await page.route(plots, (route) => route.abort('connectionreset'));
  await page.goto(`/?component=AtlasXplore&run_id=${run}`);
  await expect(page.getByRole('heading', { name: MSG.screenNotLoadedTitle })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByTestId('first-frame')).toHaveCount(0);
  await page.unroute(plots);
  await page.getByRole('button', { name: 'Reload' }).click();
  await plotsDrawn(page);
});

test('the track browser whose chunk does not arrive says so in its panel; the plots stay', async ({ page }) => {
  test.setTimeout(180_000);
  const run = 'D90001';
  await waitForRunData(page, run);
  await signIn(page, ADMIN.username, ADMIN.password);
  const igv = /\/assets\/IgvView-[^/]+\.js$/;
  await page.route(igv, (route) => route.abort('connectionreset'));
  await page.goto(`/?component=AtlasXplore&run_id=${run}`);
  await plotsDrawn(page);
  await page.getByRole('tab', { name: 'Peak/Motif/Network Viewer' }).click();
  const alert = page.getByTestId('track-browser').getByRole('alert');
  await expect(alert).toContainText(MSG.partNotLoaded('The track browser'), { timeout: 30_000 });
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByRole('heading', { name: MSG.screenNotLoadedTitle })).toHaveCount(0);
  await plotsDrawn(page);
  await shot(page, 'track-browser-not-loaded');
});
