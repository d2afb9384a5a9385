import type { Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, apiToken, expect, plotHalves, plotsDrawn, plotsScreenshot, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-TISSUE]: the run's tissue image under the spatial plot (spec 03 §2.1). A demo run with a spatial
 * folder (D90003) draws its H&E image under the tixels, for members and in the public viewer; the corner control
 * hides it, shows it again and dims it. A run without a spatial folder (D90002) gets neither image nor control.
 * The demo runs' web files and spatial folders are generated in the background after start.
 */
const WITH_IMAGE = 'D90003';
const WITHOUT_IMAGE = 'D90002';

async function waitForWebFiles(page: Page, token: string, runId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await page.request.get(`/api/v1/genes/data?run_id=${runId}`, { headers: { authorization: `JWT ${token}` } })
        ).status(),
      {
        timeout: 150_000,
        intervals: [1000],
      },
    )
    .toBe(200);
}

const tissueAnswer = (page: Page) =>
  page.waitForResponse((r: Response) => new URL(r.url()).pathname === '/api/v1/genes/tissue_image');

/** Mean brightness (0–255) of the spatial half of the plots. */
async function spatialBrightness(page: Page): Promise<number> {
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const png = await plotsScreenshot(page, {
    x: box.x + box.width / 2 + 4,
    y: box.y + 40,
    width: box.width / 2 - 8,
    height: box.height - 44,
  });
  const { channels } = await sharp(png).removeAlpha().stats();
  return (channels[0]!.mean + channels[1]!.mean + channels[2]!.mean) / 3;
}

test('[EXPLORER-TISSUE]: the tissue image under the tixels, hidden, shown and dimmed; none without a spatial folder', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await waitForWebFiles(page, token, WITH_IMAGE);
  await waitForWebFiles(page, token, WITHOUT_IMAGE);
  await signIn(page, ADMIN.username, ADMIN.password);

  const placed = tissueAnswer(page);
  await page.goto(`/?component=AtlasXplore&run_id=${WITH_IMAGE}`);
  expect(await (await placed).json()).toMatchObject({
    available: true,
    file: 'tissue_hires_image.png',
    width: 2000,
    height: 2000,
  });
  await plotsDrawn(page);
  const control = page.getByTestId('tissue-image-control');
  await expect(control).toHaveAttribute('data-state', 'shown');
  // The image covers the chip: glass and tissue light the spatial half far beyond the tixels on black alone.
  await expect.poll(async () => (await plotHalves(page))[1]!, { timeout: 10_000 }).toBeGreaterThan(0.6);
  const withImage = await spatialBrightness(page);
  await shot(page, 'explorer-tissue-image');

  const toggle = control.getByRole('button', { name: 'Tissue image' });
  await toggle.click();
  await expect(control).toHaveAttribute('data-state', 'hidden');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => spatialBrightness(page)).toBeLessThan(withImage - 40);
  const [, spatialLitWithout] = await plotHalves(page);
  expect(spatialLitWithout).toBeLessThan(0.6);
  await shot(page, 'explorer-tissue-hidden');

  await toggle.click();
  await expect(control).toHaveAttribute('data-state', 'shown');
  await expect.poll(() => spatialBrightness(page)).toBeGreaterThan(withImage - 5);

  // The lowest opacity dims the image towards the black background.
  const slider = control.getByRole('slider', { name: 'Tissue image opacity' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveValue('0.1');
  await expect.poll(() => spatialBrightness(page)).toBeLessThan(withImage - 40);
  await shot(page, 'explorer-tissue-dimmed');

  // Zoomed in on the tissue's left edge at full opacity: for a person to check that tixels sit on the tissue.
  await page.keyboard.press('End');
  await expect(slider).toHaveValue('1');
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.535, box.y + box.height * 0.45);
  // The wheel zooms only once the plots have focus.
  await page.getByTestId('linked-plots').focus();
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  await shot(page, 'explorer-tissue-zoomed');

  // The public viewer reads the image through the encoded link.
  const link = await page.request.post('/api/v1/run_db/encode_link', {
    headers: { authorization: `JWT ${token}` },
    data: { run_id: WITH_IMAGE },
  });
  const { encoded } = (await link.json()) as { encoded: string };
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const pub = await visitor.newPage();
  const publicToken = (
    (await (await pub.request.get('/api/v1/auth/log_into_public')).json()) as { access_token: string }
  ).access_token;
  await pub.goto(
    `/public?${new URLSearchParams({ component: 'PublicGeneViewer', run_id: encoded, public: 'true', token: publicToken })}`,
  );
  await expect(pub.getByTestId('public-viewer')).toBeVisible({ timeout: 30_000 });
  await plotsDrawn(pub);
  await expect(pub.getByTestId('tissue-image-control')).toHaveAttribute('data-state', 'shown');
  await expect.poll(async () => (await plotHalves(pub))[1]!, { timeout: 10_000 }).toBeGreaterThan(0.6);
  await shot(pub, 'explorer-tissue-public');
  await visitor.close();

  // A run without a spatial folder: the call says so, and there is neither control nor image.
  const absent = tissueAnswer(page);
  await page.goto(`/?component=AtlasXplore&run_id=${WITHOUT_IMAGE}`);
  expect(await (await absent).json()).toEqual({
    available: false,
    reason: `Run ${WITHOUT_IMAGE} has no spatial folder`,
  });
  await plotsDrawn(page);
  await expect(page.getByTestId('tissue-image-control')).toHaveCount(0);
  expect((await plotHalves(page))[1]).toBeLessThan(0.6);
  await shot(page, 'explorer-tissue-none');
});
