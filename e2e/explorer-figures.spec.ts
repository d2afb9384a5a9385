import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, expect, plotsDrawn, shot, signIn, test, tick, waitForRunData } from './fixtures';

/**
 * [EXPLORER-FIGURES]: Export Figure on a demo run with a tissue image (D90003): an SVG with vector points, the run id,
 * the cluster legend (names and counts), the tissue image and a scale bar in µm; a PNG whose header has the pixel
 * size the dialog promised for the chosen DPI; a DPI outside 72–600 is refused. The demo runs' web files are
 * generated in the background after start, so the spec waits for them first.
 */
const RUN = 'D90003';

async function openRun(page: Page, runId: string): Promise<void> {
  await waitForRunData(page, runId);
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${runId}`);
  await plotsDrawn(page);
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian), and its pHYs resolution in DPI. */
function pngHeader(file: string): { width: number; height: number; dpi: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.subarray(37, 41).toString('latin1')).toBe('pHYs');
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    dpi: Math.round(bytes.readUInt32BE(41) * 0.0254),
  };
}

test('[EXPLORER-FIGURES]: SVG with legend, tissue image and scale bar; PNG at the asked DPI', async ({ page }) => {
  test.setTimeout(240_000);
  await openRun(page, RUN);
  // The tissue image is drawn under the spatial plot (its corner control is there).
  await expect(page.getByRole('button', { name: 'Tissue image', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: 60_000 },
  );
  const legendItems = await page.getByTestId('cluster-legend').getByRole('button').count();

  await page.getByTestId('export-figure').click();
  const dialog = page.getByRole('dialog', { name: 'Export Figure' });
  await expect(dialog.getByTestId('figure-size')).toContainText('tixels');
  await shot(page, 'figures-dialog');

  // SVG: vector points, run id, legend, the tissue image and the scale bar.
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(svgDownload.suggestedFilename()).toBe(`${RUN}_figure.svg`);
  const svg = fs.readFileSync((await svgDownload.path())!, 'utf8');
  expect(svg).toMatch(/^<\?xml/);
  expect(svg).toContain(`data-role="run-id">${RUN}</text>`);
  expect(svg).toContain('data-role="legend-title">Clusters</text>');
  const items = svg.match(/data-role="legend-item">[^<]+ \(\d[\d,]*\)<\/text>/g) ?? [];
  expect(items.length).toBeGreaterThan(1);
  expect(items.length).toBe(legendItems);
  expect(svg).toMatch(/data-role="scale-bar-label">\d+ (µm|mm)<\/text>/);
  expect(svg).toContain('data-role="scale-bar"');
  expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
  expect((svg.match(/<circle /g) ?? []).length).toBeGreaterThan(100);
  await expect(dialog).toBeHidden();

  // PNG at 300 DPI: the file has the pixel size the dialog showed.
  await page.getByTestId('export-figure').click();
  await tick(dialog.getByLabel('PNG'));
  const dpi = dialog.getByLabel('Resolution (DPI)');
  await dpi.fill('700');
  await expect(dialog.getByText('A whole number from 72 to 600')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Export' })).toBeDisabled();
  await dpi.fill('300');
  const size = await dialog.getByTestId('figure-size').textContent();
  const [, w, h] = /(\d+) × (\d+) px at 300 DPI/.exec(size ?? '')!;
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toBe(`${RUN}_figure_300dpi.png`);
  expect(pngHeader((await pngDownload.path())!)).toEqual({ width: Number(w), height: Number(h), dpi: 300 });
  // At 300 DPI a CSS pixel is 300/96 device pixels: the figure is far larger than the screen.
  expect(Number(w)).toBeGreaterThan(2500);

  // Spatial only, as SVG: one panel title, the scale bar still there.
  await page.getByTestId('export-figure').click();
  await tick(dialog.getByLabel('Spatial'));
  const [spatialOnly] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  const spatialSvg = fs.readFileSync((await spatialOnly.path())!, 'utf8');
  expect(spatialSvg).not.toContain('>UMAP</text>');
  expect(spatialSvg).toContain('>Spatial</text>');
  expect(spatialSvg).toContain('data-role="scale-bar"');
});
