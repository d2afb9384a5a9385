import { ADMIN, drawLasso, expect, openFromCatalogue, plotHalves, signIn, test, waitForRunData } from '../fixtures';

/**
 * [SCALE-OUT]: the portal as a deployment runs it (issue 36) — through nginx with TLS to two API processes, tasks
 * run by two worker processes on BullMQ, storage on S3: a scientist signs in, finds a run in the catalogue, opens
 * it, and a lasso is ranked; the page's requests are answered by both API processes.
 */
const RUN = 'D90001';

test('[SCALE-OUT]: sign in, catalogue, open a run, lasso → top 10, through two API processes', async ({ page }) => {
  const answeredBy = new Set<string>();
  page.on('response', (response) => {
    const name = response.headers()['x-atlas-process'];
    if (name && new URL(response.url()).pathname.startsWith('/api/')) answeredBy.add(name);
  });
  await waitForRunData(page, RUN);

  await signIn(page, ADMIN.username, ADMIN.password);
  await openFromCatalogue(page, RUN);
  await expect
    .poll(async () => Math.min(...(await plotHalves(page))), { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBeGreaterThan(0.01);

  // The lasso's ranking is a gene.compute_qc task: posted on one API process, run by a worker process, polled
  // through whichever process nginx picks.
  await page.getByTestId('tool-lasso').click();
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const r = Math.min(box.width / 4, box.height / 2) * 0.6;
  await drawLasso(page, box.x + box.width / 4, box.y + box.height / 2, r);
  const dialog = page.getByRole('dialog', { name: "Tixel Id's Selected" });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog.locator('tbody tr')).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath('scale-out-top10.png') });

  expect([...answeredBy].sort()).toEqual(['api-0', 'api-1']);
});
