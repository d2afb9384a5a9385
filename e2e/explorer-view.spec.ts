import type { Page } from '@playwright/test';
import { ANNOTATION_MSG } from '@atlas/contracts';
import {
  ADMIN,
  animationFrames,
  expect,
  meanDifference,
  plotPixels,
  plotsDrawn,
  shot,
  signIn,
  test,
  waitForRunData,
  pickSuggestedFeature,
} from './fixtures';

/**
 * [EXPLORER-VIEW]: what a scientist set up comes back (issue 32). A permalink restores the gene, the palette, the
 * background and where the plots look after a reload; a cluster colour chosen in Color Configuration is kept for
 * the run's group, so a plain address shows it again.
 */

// A transcriptome run no other spec changes: its saved cluster colours would show in their plots.
const RUN = 'D90010';

async function chooseGene(page: Page): Promise<string> {
  const gene = await pickSuggestedFeature(page, 'a');
  await expect(page.getByTestId('heat-bar')).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  return gene;
}

test('[EXPLORER-VIEW]: gene, inferno, white background and zoom come back from the permalink', async ({ page }) => {
  test.setTimeout(240_000);
  await waitForRunData(page, RUN);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);

  const gene = await chooseGene(page);
  await page.getByRole('button', { name: 'Heat Map' }).click();
  await page.getByRole('menuitem', { name: 'inferno' }).click();
  await expect(page).toHaveURL(/palette=inferno/);
  await shot(page, 'explorer-inferno-black');
  await page.getByRole('button', { name: 'Background Color' }).click();
  await page.getByRole('menuitem', { name: 'white' }).click();
  await expect(page).toHaveURL(/bg=white/);
  const fitted = await plotPixels(page);
  await page.getByTestId('zoom-in').click();
  await page.getByTestId('zoom-in').click();
  // The address records where the views are once they rest.
  await expect(page).toHaveURL(/spatial_at=[^&]+%2C0\.27/);
  await expect(page).toHaveURL(/umap_at=/);
  await animationFrames(page);
  const zoomed = await plotPixels(page);
  expect(meanDifference(zoomed.data, fitted.data)).toBeGreaterThan(1);
  await shot(page, 'explorer-permalink-before-reload');

  const address = page.url();
  await page.reload();
  await plotsDrawn(page, 0.001);
  await expect(page.getByTestId('heat-bar')).toContainText(gene);
  expect(page.url()).toBe(address);
  await animationFrames(page);
  const restored = await plotPixels(page);
  await shot(page, 'explorer-permalink-after-reload');
  // Same gene, palette, background and zoom: the same picture (a fitted view would be far from it).
  expect([restored.width, restored.height]).toEqual([zoomed.width, zoomed.height]);
  expect(meanDifference(restored.data, zoomed.data)).toBeLessThan(0.5);
  // The plots' background is white.
  const background = await page.getByTestId('linked-plots').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toBe('rgb(255, 255, 255)');
});

test('[EXPLORER-VIEW]: a cluster colour chosen in Color Configuration survives a reload', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await waitForRunData(page, RUN);
  const headers = { authorization: `JWT ${token}` };
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);
  const legend = page.getByTestId('cluster-legend');
  const name = (await legend.getByRole('checkbox').nth(1).getAttribute('aria-label'))!;
  const swatch = () =>
    legend
      .getByRole('checkbox', { name, exact: true })
      .evaluate((el) => getComputedStyle(el.closest('.MuiCheckbox-root')!).color);

  try {
    await page.getByRole('button', { name: 'Color Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Color Configuration' });
    await dialog.getByLabel(`Colour of ${name}`, { exact: true }).fill('#ff00ff');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(ANNOTATION_MSG.coloursSaved)).toBeVisible();
    await expect.poll(swatch).toBe('rgb(255, 0, 255)');

    // A plain address (no colours in it): the group's colour comes from the server.
    await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
    await plotsDrawn(page);
    await expect.poll(swatch, { timeout: 15_000 }).toBe('rgb(255, 0, 255)');
    await shot(page, 'explorer-cluster-colour-after-reload');
  } finally {
    const reset = await page.request.put('/api/v1/cluster_colors', { headers, data: { run_id: RUN, colors: {} } });
    expect(reset.ok(), await reset.text()).toBeTruthy();
  }
});
