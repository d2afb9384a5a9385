import type { Page } from '@playwright/test';
import { EXPLORER_MSG } from '@atlas/contracts';
import { ADMIN, apiToken, expect, plotsDrawn, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-LOGO]: the Peak/Motif Viewer in motif mode on an ATAC demo run — it asks for a motif, draws the
 * sequence logo of one chosen motif (gene.seq_logo, polled), asks for a single motif when two are chosen, shows
 * the cached logo again without a new task, and draws the logo in the public viewer through the public-task route.
 */

const RUN = 'D90001';

/** Per motif of motifs.csv (`motif, base, 1…L`, rows A, C, G, T): its probabilities per position. */
type Pfm = [number, number, number, number][];

async function readMotifsCsv(page: Page, auth: Record<string, string>): Promise<Map<string, Pfm>> {
  const buckets = (await (
    await page.request.get('/api/v1/storage/fetch_buckets', { headers: auth })
  ).json()) as string[];
  const reply = await page.request.get('/api/v1/storage/csv', {
    headers: auth,
    params: { bucket_name: buckets[0]!, filename: `data/${RUN}/h5/obj/motifs.csv` },
  });
  const [header, ...rows] = (await reply.json()) as string[][];
  const first = header!.indexOf('base') + 1;
  const motifs = new Map<string, Pfm>();
  for (let r = 0; r < rows.length; r += 4) {
    const group = rows.slice(r, r + 4).map((row) =>
      row
        .slice(first)
        .filter((cell) => cell !== '')
        .map(Number),
    );
    motifs.set(
      rows[r]![0]!,
      group[0]!.map((_, p) => group.map((row) => row[p]!) as [number, number, number, number]),
    );
  }
  return motifs;
}

/** The most probable base per position ('N' on a tie) and each position's information content in bits. */
function expectedLogo(pfm: Pfm): { consensus: string; bits: number[] } {
  const consensus = pfm.map((p) => {
    const top = Math.max(...p);
    return p.filter((v) => v === top).length === 1 ? 'ACGT'[p.indexOf(top)]! : 'N';
  });
  const bits = pfm.map((p) => {
    const total = p.reduce((a, b) => a + b, 0);
    return Math.max(0, 2 + p.reduce((h, v) => (v > 0 ? h + (v / total) * Math.log2(v / total) : h), 0));
  });
  return { consensus: consensus.join(''), bits };
}

async function chooseMotif(page: Page, name: string): Promise<void> {
  const search = page.getByTestId('feature-search');
  await search.click();
  await search.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/**
 * The logo has one column per position, is named by its consensus, and every letter's drawn height is its bits on
 * the 0–2 bit axis (so a column is as tall as its information content).
 */
async function checkLogo(page: Page, motif: string, expected: { consensus: string; bits: number[] }): Promise<void> {
  const logo = page.getByRole('img', { name: EXPLORER_MSG.seqLogoLabel(motif, expected.consensus) });
  await expect(logo).toBeVisible({ timeout: 60_000 });
  await expect(logo.getByTestId('logo-column')).toHaveCount(expected.bits.length);
  const measured = await logo.evaluate((svg) => {
    const axis = svg.querySelector('[data-testid="logo-y-axis"] > line')!.getBoundingClientRect();
    const pxPerBit = axis.height / 2;
    return Array.from(svg.querySelectorAll('[data-testid="logo-column"]'), (column) =>
      Array.from(column.querySelectorAll('path'), (path) => ({
        bits: Number(path.getAttribute('data-bits')),
        drawn: path.getBoundingClientRect().height / pxPerBit,
        bottom: (axis.bottom - path.getBoundingClientRect().bottom) / pxPerBit,
      })),
    );
  });
  measured.forEach((letters, p) => {
    let below = 0;
    for (const letter of letters) {
      expect(letter.drawn).toBeCloseTo(letter.bits, 1);
      expect(letter.bottom).toBeCloseTo(below, 1);
      below += letter.bits;
    }
    expect(below, `position ${p + 1}`).toBeCloseTo(expected.bits[p]!, 3);
  });
}

test('[EXPLORER-LOGO]: sequence logo of one motif, one at a time, cached, and in the public viewer', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const auth = { authorization: `JWT ${token}` };
  await expect
    .poll(async () => (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers: auth })).status(), {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe(200);
  const names = (await (
    await page.request.get(`/api/v1/genes/feature_names?run_id=${RUN}&kind=motifs`, { headers: auth })
  ).json()) as string[];
  const pfms = await readMotifsCsv(page, auth);
  const [first, second] = names.filter((n) => pfms.has(n));
  expect(second, 'two motifs of motifs.h5ad are in motifs.csv').toBeTruthy();
  const expected = expectedLogo(pfms.get(first!)!);

  const logoTasks: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/task') && r.postData()?.includes('gene.seq_logo'))
      logoTasks.push(r.postData()!);
  });

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);
  const viewer = page.getByTestId('viewer-slot');

  // Gene mode: the track browser.
  await page.getByRole('tab', { name: /Peak\/Motif/ }).click();
  await expect(viewer.getByTestId('track-browser')).toBeVisible({ timeout: 30_000 });

  const motifButton = page
    .getByRole('group', { name: 'Feature type' })
    .getByRole('button', { name: 'motif', exact: true });
  await expect(motifButton).toBeEnabled({ timeout: 20_000 });
  await motifButton.click();
  await expect(viewer).toContainText(EXPLORER_MSG.chooseOneMotif);

  await chooseMotif(page, first!);
  await checkLogo(page, first!, expected);
  expect(logoTasks).toHaveLength(1);
  expect(JSON.parse(logoTasks[0]!)).toMatchObject({
    queue: 'atxcloud_gene',
    args: [`data/${RUN}/h5/obj/motifs.csv`, first],
  });
  await shot(page, 'explorer-logo');

  await chooseMotif(page, second!);
  await expect(viewer).toContainText(EXPLORER_MSG.oneMotifAtATime);
  await expect(viewer.getByTestId('sequence-logo')).toHaveCount(0);
  await shot(page, 'explorer-logo-two-motifs');

  // Back to the first motif alone: its logo comes from the cache, without a new task.
  await page.getByRole('button', { name: second }).locator('.MuiChip-deleteIcon').click();
  await checkLogo(page, first!, expected);
  expect(logoTasks).toHaveLength(1);

  // ---- The public viewer posts through the public-task route with its link ----
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.getByRole('button', { name: 'Copy Public Link' }).click();
  await expect(page.getByText(EXPLORER_MSG.publicLinkCopied)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const pub = await visitor.newPage();
  const publicTasks: string[] = [];
  pub.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/genes/public_task')) publicTasks.push(r.postData()!);
  });
  await pub.goto(link);
  await plotsDrawn(pub);
  const pubMotif = pub.getByRole('group', { name: 'Feature type' }).getByRole('button', { name: 'motif', exact: true });
  await expect(pubMotif).toBeEnabled({ timeout: 20_000 });
  await pubMotif.click();
  await chooseMotif(pub, second!);
  await pub.getByRole('tab', { name: /Peak\/Motif/ }).click();
  await checkLogo(pub, second!, expectedLogo(pfms.get(second!)!));
  expect(publicTasks.map((body) => JSON.parse(body) as Record<string, unknown>)).toEqual([
    expect.objectContaining({ task: 'gene.seq_logo', motif: second }),
  ]);
  await shot(pub, 'public-logo');
  await visitor.close();
});
