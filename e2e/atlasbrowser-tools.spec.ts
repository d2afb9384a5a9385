import fs from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { sharedData } from '@atlas/spatial/testing';
import { auth, chooseRun, drag, onTissue, selectOption, snackbar, stage, upload } from './atlasbrowser-page';
import { ADMIN, apiToken, expect, shot, signIn, test } from './fixtures';

/**
 * AtlasXbrowser's tool defaults on a lab's own folders (issue 37 items 4 and 5): the crop box starts as the whole
 * image with a handle on each corner, the PostB image is chosen beside the BSA image (or its absence explained),
 * the metadata dialog says SLIMS is off on this server, and Autofill offers an automatic threshold beside the fixed
 * one. The image is a real 600 × 600 H&E (squidpy's Visium lowres, from ../shared/data), named as labs name theirs.
 */
const TECH = { username: 'tools-tech', password: 'Good#Pass1' };
/** Two images, neither named postB: the user says which is which. */
const PAIRED = 'D77031';
/** One image: no PostB to show. */
const SINGLE = 'D77032';
const HE = sharedData('visium-squidpy-tests', 'spatial', 'tissue_lowres_image.png');

async function openTools(page: Page, run: string) {
  await page.setViewportSize({ width: 1400, height: 1100 });
  await signIn(page, TECH.username, TECH.password);
  await page.goto('/?component=AtlasBrowser');
  await chooseRun(page, run);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  const admin = await apiToken(page, ADMIN.username, ADMIN.password);
  const user = { ...TECH, name: 'Tools Tech', email: 'tools-tech@example.org', groups: ['user'] };
  expect((await page.request.post('/api/v1/auth/user', { headers: auth(admin), data: user })).ok()).toBeTruthy();
  expect(
    (await page.request.put('/api/v1/auth/confirm', { headers: auth(admin), data: { username: TECH.username } })).ok(),
  ).toBeTruthy();
  const he = fs.readFileSync(HE);
  await upload(page, admin, `data/${PAIRED}/images/HE_section2.png`, he, 'image/png');
  const brightfield = await sharp(he).greyscale().png().toBuffer();
  await upload(page, admin, `data/${PAIRED}/images/section2_brightfield.png`, brightfield, 'image/png');
  const jpeg = await sharp(he).jpeg().toBuffer();
  await upload(page, admin, `data/${SINGLE}/images/${SINGLE}_tissue.jpg`, jpeg, 'image/jpeg');
  // The demo barcode list is written in the background after start.
  await expect
    .poll(
      async () => {
        const response = await page.request.post('/api/v1/storage/list', {
          headers: auth(admin),
          data: { bucket: 'atx-data', path: 'barcodes/', filter: [], only_files: true, delimiter: '' },
        });
        return ((await response.json()) as string[] | false) || [];
      },
      { timeout: 170_000, intervals: [1000] },
    )
    .toContain('barcodes/demo-bc50.txt');
  await page.close();
});

test('the crop starts as the whole image with four handles; the PostB image is picked; SLIMS off is said', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openTools(page, PAIRED);

  // Neither image is named postB: the user picks the BSA image and, beside it, which one is the PostB.
  const images = page.getByRole('dialog', { name: 'Select Image' });
  await selectOption(page, images.getByRole('combobox', { name: 'Select Image' }), 'HE_section2.png');
  const postB = images.getByRole('combobox', { name: 'PostB Image' });
  await postB.click();
  // The BSA image is not offered as its own PostB.
  await expect(page.getByRole('option', { name: 'HE_section2.png' })).toHaveCount(0);
  await selectOption(page, postB, 'section2_brightfield.png');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await shot(page, 'ab-tools-image-choice');
  await images.getByRole('button', { name: 'Submit' }).click();

  // This server has no SLIMS: the metadata dialog says so, and why nothing was filled in.
  const metadata = page.getByRole('dialog', { name: PAIRED });
  await expect(
    metadata.getByText(
      'SLIMS (the lab information system) is not configured on this server: nothing is pulled from it, so fill in the metadata here.',
    ),
  ).toBeVisible();
  await shot(page, 'ab-tools-metadata-slims-off');
  await selectOption(page, metadata.getByRole('combobox', { name: /Barcode File/ }), 'demo-bc50.txt');
  await metadata.getByRole('button', { name: 'Confirm' }).click();
  await page
    .getByRole('dialog', { name: 'Tissue Positions With Counts' })
    .getByRole('button', { name: 'Skip' })
    .click();

  // The chosen PostB image is the PostB background; no hint about a missing one.
  const canvas = stage(page);
  await expect(canvas).toHaveAttribute('data-width', '600');
  await page.getByRole('button', { name: 'PostB' }).click();
  await expect(page.getByRole('button', { name: 'PostB' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/No PostB image for this run/)).toHaveCount(0);
  await page.getByRole('button', { name: 'BSA' }).click();

  // Scale 0.8 (the slider's top): the 600 px image is drawn 480 px wide.
  const slider = page.getByRole('slider', { name: 'Scale' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveValue('0.8');

  // Activate then Confirm keeps the whole image (it used to cut 600 × 600 to 300 × 300).
  await page.getByRole('button', { name: 'Activate Crop' }).click();
  await expect(canvas).toHaveAttribute('data-crop', '0,0,600');
  await shot(page, 'ab-tools-crop-handles');
  await page.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(canvas).toHaveAttribute('data-width', '600');

  // Every corner's handle works and holds the opposite corner: top-left in, then bottom-right in.
  await page.getByRole('button', { name: 'Activate Crop' }).click();
  await drag(page, canvas, 0.8, [4, 4], [60, 40]);
  await expect(canvas).toHaveAttribute('data-crop', '40,40,560');
  await drag(page, canvas, 0.8, [596, 596], [560, 580]);
  await expect(canvas).toHaveAttribute('data-crop', '40,40,540');
  await drag(page, canvas, 0.8, [576, 44], [700, -50]);
  await expect(snackbar(page)).toContainText('Keeping Cropping on Image');
  await expect(canvas).toHaveAttribute('data-crop', '40,20,560');
  await shot(page, 'ab-tools-crop-resized');
  await page.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(canvas).toHaveAttribute('data-width', '560');

  // Autofill, fixed then automatic. The automatic one needs no Threshold and says the value it found.
  await page.getByRole('button', { name: 'Activate ROI' }).click();
  await page.getByRole('button', { name: 'Display Grid' }).click();
  const methods = page.getByRole('group', { name: 'Autofill threshold' });
  await expect(methods.getByRole('button', { name: 'Fixed 210' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Autofill' })).toBeDisabled();
  await page.getByRole('button', { name: 'Threshold', exact: true }).click();
  await expect(page.getByRole('button', { name: 'BW' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Autofill' }).click();
  const fixed = await onTissue(page);
  expect(fixed).toBeGreaterThan(0);
  await methods.getByRole('button', { name: 'Automatic' }).click();
  await page.getByRole('button', { name: 'Autofill' }).click();
  await expect(
    page.getByText(/Otsu's threshold of the image's own intensities over the ROI's tixels: [\d.]+ of 255/),
  ).toBeVisible();
  const automatic = await onTissue(page);
  expect(automatic).toBeGreaterThan(0);
  expect(automatic).toBeLessThan(2500);
  await page.getByRole('button', { name: 'BSA' }).click();
  await shot(page, 'ab-tools-autofill-automatic');
  console.info(`autofill on ${PAIRED}: fixed ${fixed}, automatic ${automatic} of 2500 tixels`);
});

test('a run with one image says why PostB is off and what it needs', async ({ page }) => {
  test.setTimeout(120_000);
  await openTools(page, SINGLE);
  // One image loads by itself; the metadata dialog comes next.
  const metadata = page.getByRole('dialog', { name: SINGLE });
  await expect(metadata.getByText(/SLIMS \(the lab information system\) is not configured/)).toBeVisible();
  await metadata.getByRole('button', { name: 'Cancel' }).click();
  await expect(stage(page)).toHaveAttribute('data-width', '600');
  await expect(page.getByRole('button', { name: 'PostB' })).toBeDisabled();
  await expect(
    page.getByText(
      "No PostB image for this run: put one named postB.<ext> (e.g. postB.tif) in the run's images folder, or choose it beside the BSA image when the run has several images.",
    ),
  ).toBeVisible();
  await shot(page, 'ab-tools-postb-hint');
});
