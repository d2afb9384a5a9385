import { EXPLORER_MSG } from '@atlas/contracts';
import { ADMIN, apiToken, expect, openFromCatalogue, plotHalves, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER]: the Genes/Motifs dialog of the top bar — filter the run's genes, tick one from the keyboard and one
 * with the mouse, add a typed list, and see the plots recolour (colour scale) behind the dialog; remove a gene by
 * its chip, close with Escape, and find the choice kept when it opens again.
 */

const RUN = 'D90004';
test.use({ locale: 'en-US' });

/** The order the dialog lists matches in: names starting with the query, then names containing it. */
function expectedMatches(names: string[], query: string): string[] {
  const q = query.toLowerCase();
  const starts = names.filter((n) => n.toLowerCase().startsWith(q));
  return [...starts, ...names.filter((n) => n.toLowerCase().indexOf(q) > 0)];
}

test('[EXPLORER]: Genes/Motifs dialog — filter, tick by keyboard and mouse, recolour behind it, remove by chip, close', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const auth = { authorization: `JWT ${token}` };
  await expect
    .poll(async () => (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers: auth })).status(), {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe(200);
  const names = (await (
    await page.request.get(`/api/v1/genes/feature_names?run_id=${RUN}&kind=genes`, { headers: auth })
  ).json()) as string[];
  // A three-letter query taken from a plain name, so that the filter leaves several matches to choose from.
  const plain = names.filter((n) => /^[A-Z][a-z][a-z0-9]+$/.test(n));
  const query = plain.map((n) => n.slice(0, 3).toLowerCase()).find((q) => expectedMatches(names, q).length >= 3)!;
  const matches = expectedMatches(names, query);
  const [first, second, third] = matches as [string, string, string];
  const pasted = plain.find((n) => !matches.includes(n))!;

  await signIn(page, ADMIN.username, ADMIN.password);
  await openFromCatalogue(page, RUN);
  await page.waitForFunction(
    () => (window as unknown as { __explorerReady?: boolean }).__explorerReady === true,
    null,
    { timeout: 30_000 },
  );
  await expect
    .poll(async () => Math.min(...(await plotHalves(page))), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.01);
  await expect(page.getByTestId('heat-bar')).toHaveCount(0);

  await page.getByRole('button', { name: 'Genes/Motifs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Genes' });
  const count = dialog.getByTestId('feature-list-count');
  const chips = dialog.getByTestId('feature-list-chosen').getByRole('button');
  await expect(count).toHaveText(
    `${names.length.toLocaleString('en-US')} of ${names.length.toLocaleString('en-US')} genes`,
  );
  expect(await dialog.getByRole('option').count()).toBeLessThan(30);

  // Filter (500 ms delay), then the keyboard: Arrow Down to the first match, Enter ticks it.
  const filter = dialog.getByRole('combobox', { name: 'Filter genes' });
  await expect(filter).toBeFocused();
  await filter.fill(query);
  await expect(count).toHaveText(
    `${matches.length.toLocaleString('en-US')} of ${names.length.toLocaleString('en-US')} genes`,
  );
  await expect(dialog.getByRole('option').first()).toHaveText(first);
  await filter.press('ArrowDown');
  await filter.press('Enter');
  await expect(dialog.getByRole('option', { name: first, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('heat-bar')).toContainText(first, { timeout: 10_000 });

  // The mouse ticks the second; Arrow Down and Space in the list tick the third, Space again unticks it.
  await dialog.getByRole('option', { name: second, exact: true }).click();
  const list = dialog.getByRole('listbox');
  await expect(list).toBeFocused();
  await list.press('ArrowDown');
  await list.press('Space');
  await expect(chips).toHaveText([first, second, third]);
  await list.press('Space');
  await expect(chips).toHaveText([first, second]);
  await expect(page.getByTestId('heat-bar')).toContainText('Average of 2', { timeout: 10_000 });
  await expect(page).toHaveURL(new RegExp(`features=${encodeURIComponent(first)}(,|%2C)${encodeURIComponent(second)}`));
  await shot(page, 'feature-list-two-genes');

  // A typed list goes through the search's rules: lower case is capitalised, unknown names are ignored.
  await dialog.getByLabel('Paste a list').fill(`${pasted.toLowerCase()}, NotAGene123`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(EXPLORER_MSG.featureFound('genes', pasted))).toBeVisible();
  await expect(chips).toHaveText([first, second, pasted]);

  // Remove the first by its chip: the plots follow.
  await chips.filter({ hasText: first }).locator('.MuiChip-deleteIcon').click();
  await expect(chips).toHaveText([second, pasted]);
  await expect(dialog.getByRole('option', { name: first, exact: true })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByTestId('heat-bar')).toContainText('Average of 2');
  await shot(page, 'feature-list-chip-removed');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('heat-bar')).toBeVisible();
  await page.getByRole('button', { name: 'Genes/Motifs' }).click();
  await expect(chips).toHaveText([second, pasted]);
  await expect(dialog.getByRole('combobox', { name: 'Filter genes' })).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await shot(page, 'feature-list-closed');
});
