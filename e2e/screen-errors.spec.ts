import { MSG } from '@atlas/contracts';
import { ADMIN, expect, plotHalves, shot, signIn, test, waitForRunData } from './fixtures';

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
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    {
      timeout: 30_000,
    },
  );
  await expect.poll(async () => Math.min(...(await plotHalves(page))), { timeout: 15_000 }).toBeGreaterThan(0.01);
});
