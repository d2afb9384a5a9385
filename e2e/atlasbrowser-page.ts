import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** What the AtlasXbrowser specs share: the API calls they set up with and the tool's parts they read or drag. */
export const auth = (token: string) => ({ authorization: `JWT ${token}` });
export const snackbar = (page: Page) => page.getByTestId('snackbar');
export const stage = (page: Page) => page.getByRole('img', { name: 'Processed image' });
export const onTissue = async (page: Page) =>
  Number(/On tissue: (\d+)/.exec((await page.getByText(/On tissue: \d+ tixels/).textContent()) ?? '')?.[1]);

/** Stores a file at `key` of the data bucket as the storage route takes it (overwriting). */
export async function upload(page: Page, token: string, key: string, buffer: Buffer, mimeType: string) {
  const response = await page.request.post('/api/v1/storage/upload?overwrite=true', {
    headers: auth(token),
    multipart: { meta: '{}', output_filename: key, file: { name: key.split('/').pop()!, mimeType, buffer } },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Drags on the stage canvas between image pixels (the stage draws the image at `scale`), through the midpoint. */
export async function drag(page: Page, canvas: Locator, scale: number, from: [number, number], to: [number, number]) {
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + from[0] * scale, box.y + from[1] * scale);
  await page.mouse.down();
  await page.mouse.move(box.x + (from[0] + to[0]) * 0.5 * scale, box.y + (from[1] + to[1]) * 0.5 * scale, {
    steps: 4,
  });
  await page.mouse.move(box.x + to[0] * scale, box.y + to[1] * scale, { steps: 4 });
  await page.mouse.up();
}

export async function chooseRun(page: Page, run: string) {
  const dialog = page.getByRole('dialog', { name: 'Choose a Run' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Search runs').fill(run);
  await dialog.getByRole('button', { name: run }).click();
}

/**
 * Chooses `name` in a select field until the field shows it. Under CI's load an option once moved under the pointer
 * (the list still growing in) between press and release: nothing was chosen and the list stayed open over its dialog,
 * hiding the dialog's buttons from every later step.
 */
export async function selectOption(page: Page, field: Locator, name: string) {
  await expect(async () => {
    const option = page.getByRole('option', { name, exact: true });
    if (!(await option.isVisible())) await field.click();
    await option.click({ timeout: 5_000 });
    await expect(field).toHaveText(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
