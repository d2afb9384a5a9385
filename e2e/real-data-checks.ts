/**
 * The heavier checks of the real-data suite, each on a few rows: a lasso around one group reproduces the DERIVED
 * top 10 (scipy's Welch t-test on the file), the cluster legend's figure export, and the permalink round trip.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, meanDifference, plotPixels, plotsDrawn, shot } from './fixtures';
import { derivedTop10 } from './real-data-import';
import { drawPolygon, lassoAround, projector, type RunTable } from './real-data-view';

/**
 * Finds a group of the reference whose points, in the fitted UMAP, a lasso can take alone; draws it and expects the
 * explorer's ranking of that selection against the rest to list the reference's 10 genes in its order.
 */
export async function lassoMatchesReference(
  page: Page,
  table: RunTable,
  reference: { csv: string; groupby: string },
): Promise<string> {
  const project = await projector(page, table, 'embedding');
  const screen = table.clusters.map((_, i) => project(table.umap[2 * i]!, table.umap[2 * i + 1]!));
  const groups = derivedTop10(reference.csv, reference.groupby);
  let chosen: { group: string; n: number; genes: string[]; polygon: [number, number][] } | null = null;
  for (const [group, { n, genes }] of groups) {
    const members = new Set(table.clusters.flatMap((c, i) => (c === group ? [i] : [])));
    expect(members.size, `the run's ${reference.groupby} ${group} has the reference's size`).toBe(n);
    const polygon = lassoAround(screen, members);
    if (polygon) {
      chosen = { group, n, genes, polygon };
      break;
    }
  }
  expect(chosen, 'a group that a lasso can take alone').not.toBeNull();
  const { group, n, genes, polygon } = chosen!;
  await page.getByTestId('tool-lasso').click();
  await drawPolygon(page, polygon);
  const ranked = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(ranked).toBeVisible({ timeout: 90_000 });
  await expect(ranked.getByTestId('selection-summary')).toContainText(
    `${n.toLocaleString('en')} tixels selected, ranked against the rest (`,
  );
  const names = ranked.locator('tbody tr td:nth-child(2)');
  await expect(names).toHaveCount(10);
  expect(await names.allTextContents()).toEqual(genes);
  return group;
}

/** Export Figure as SVG: the legend's names and counts, a circle per point drawn, the tissue image when shown. */
export async function figureMatches(
  page: Page,
  runId: string,
  legend: Record<string, number>,
  expected: { circles: number; image: boolean },
): Promise<void> {
  await page.getByTestId('export-figure').click();
  const dialog = page.getByRole('dialog', { name: 'Export Figure' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${runId}_figure.svg`);
  const svg = fs.readFileSync((await download.path())!, 'utf8');
  expect(svg).toContain(`data-role="run-id">${runId}</text>`);
  const items = [...svg.matchAll(/data-role="legend-item">([^<]+) \((\d[\d,]*)\)<\/text>/g)];
  expect(Object.fromEntries(items.map(([, name, count]) => [name, Number(count!.replace(/,/g, ''))]))).toEqual(legend);
  expect((svg.match(/<circle /g) ?? []).length).toBe(expected.circles);
  expect(/<image [^>]*href="data:image\/png;base64,/.test(svg)).toBe(expected.image);
  await expect(dialog).toBeHidden();
}

/**
 * The plots' pixels with the page scrolled to its top, as a reload shows them. The picture is a page clip, which the
 * viewport's edge cuts; and a click that Playwright retries (its target not yet stable after the first zoom step)
 * scrolls the target to the viewport's end on a later try, leaving the page scrolled by 318 px: 396 of the plots'
 * 594 rows before the reload, all of them after (CI stop 45, reproduced here one run in two after the multi-sample
 * spec: the scroll event follows the second click with no script scrolling).
 */
async function pictureFromTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return plotPixels(page);
}

/** White background and two zoom steps come back from the address after a reload, as the same picture. */
export async function permalinkRoundTrip(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Background Color' }).click();
  await page.getByRole('menuitem', { name: 'white' }).click();
  await expect(page).toHaveURL(/bg=white/);
  const fitted = await pictureFromTop(page);
  await page.getByTestId('zoom-in').click();
  await page.getByTestId('zoom-in').click();
  await expect(page).toHaveURL(/umap_at=/);
  // Away from the button, whose tooltip would lie over the plot in the picture.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  const zoomed = await pictureFromTop(page);
  expect(meanDifference(zoomed.data, fitted.data)).toBeGreaterThan(1);
  await shot(page, `${name}-zoomed`);
  const address = page.url();
  await page.reload();
  await plotsDrawn(page, 0);
  expect(page.url()).toBe(address);
  await page.waitForTimeout(500);
  const restored = await pictureFromTop(page);
  expect([restored.width, restored.height]).toEqual([zoomed.width, zoomed.height]);
  await shot(page, `${name}-reloaded`);
  console.info(
    `permalink ${name}: zoomed vs fitted ${meanDifference(zoomed.data, fitted.data).toFixed(2)}, reloaded vs zoomed ${meanDifference(restored.data, zoomed.data).toFixed(2)}`,
  );
  expect(meanDifference(restored.data, zoomed.data)).toBeLessThan(0.5);
  expect(await page.getByTestId('linked-plots').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
}
