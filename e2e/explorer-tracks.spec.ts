import type { Page, Response } from '@playwright/test';
import type { Core } from 'cytoscape';
import { DOWNLOAD_PATH, EXPLORER_MSG, NETWORK_LAYOUTS, type TTracks } from '@atlas/contracts';
import { ADMIN, apiToken, expect, plotsDrawn, shot, signIn, test } from './fixtures';

/**
 * [EXPLORER-TRACKS]: the Peak/Motif/Network Viewer of an ATAC demo run in gene and eRegulon mode — the track
 * browser (igv) reads the run's per-cluster bigWigs, its peaks (bigBed) and its fragments (tabix-indexed
 * fragments.tsv.gz) over range requests and its bedGraph and the genome's gene BED whole, through download links,
 * starts at chr1:1-1,000,000 and goes to the chosen gene's locus; the regulon network (cytoscape) draws in each of the four
 * layouts, the slider keeps the strongest edges, and clicking a regulon node colours the plots by it; a public
 * link's viewer sees the tracks of its run, and another run's are refused.
 */

const RUN = 'D90001';
const PRIVATE_RUN = 'D90011';

/** The locus the track browser reports, as chromosome and 1-based start and end. */
async function shownLocus(page: Page): Promise<[string, number, number] | null> {
  const text = (await page.getByTestId('track-locus').textContent()) ?? '';
  const match = /(chr\w+):([\d,]+)-([\d,]+)/.exec(text);
  return match ? [match[1]!, Number(match[2]!.replace(/,/g, '')), Number(match[3]!.replace(/,/g, ''))] : null;
}

/** Canvases of the track browser with at least one drawn pixel (igv keeps them in an open shadow root). */
function drawnCanvases(page: Page): Promise<number> {
  return page.getByTestId('igv-host').evaluate((host) => {
    const canvases: HTMLCanvasElement[] = [];
    const walk = (root: Element | ShadowRoot) => {
      root.querySelectorAll('canvas').forEach((c) => canvases.push(c));
      root.querySelectorAll('*').forEach((el) => el.shadowRoot && walk(el.shadowRoot));
    };
    walk(host);
    if (host.shadowRoot) walk(host.shadowRoot);
    return canvases.filter((c) => {
      const ctx = c.getContext('2d');
      if (!ctx || !c.width || !c.height) return false;
      const data = ctx.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
      return false;
    }).length;
  });
}

/** A track's download link (issue 33 §7): `/api/v1/downloads/{token}/{file name}`, the page's only tracks are RUN's. */
const isTrackFile = (name: string) => (r: Response) => {
  const path = new URL(r.url()).pathname;
  return path.startsWith(`${DOWNLOAD_PATH}/`) && path.endsWith(`/${encodeURIComponent(name)}`) && r.ok();
};
const isTrackRange = (name: string) => (r: Response) =>
  isTrackFile(name)(r) && r.request().headers().range !== undefined && r.status() === 206;

/** The names of the tracks in igv's track list (each track view's label). */
function igvTrackNames(page: Page): Promise<string[]> {
  return page.getByTestId('igv-host').evaluate((host) => {
    const names: string[] = [];
    const walk = (root: Element | ShadowRoot) => {
      root.querySelectorAll('.igv-track-label').forEach((el) => {
        const name = el.textContent?.trim();
        if (name) names.push(name);
      });
      root.querySelectorAll('*').forEach((el) => el.shadowRoot && walk(el.shadowRoot));
    };
    walk(host);
    if (host.shadowRoot) walk(host.shadowRoot);
    return [...new Set(names)];
  });
}

async function waitForRunData(page: Page, auth: Record<string, string>): Promise<void> {
  await expect
    .poll(async () => (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers: auth })).status(), {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe(200);
}

test('[EXPLORER-TRACKS]: bigWig, bedGraph, bigBed, BED and fragment tracks load, from chr1:1-1,000,000 to a gene', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  const auth = { authorization: `JWT ${token}` };
  await waitForRunData(page, auth);
  const listed = (await (
    await page.request.get(`/api/v1/genes/tracks?run_id=${RUN}`, { headers: auth })
  ).json()) as TTracks;
  expect(listed.genome).toBe('mm10');
  // Every kind of track file the browser reads (spec 03 §7): bigWig, bedGraph, bigBed, BED and tabix-indexed fragments.
  const kinds = listed.tracks.map((t) => [t.name, t.format, t.source, Boolean(t.index_url)]);
  expect(kinds).toEqual(
    expect.arrayContaining([
      ['C1.bw', 'bigwig', 'run', false],
      ['All tixels.bedGraph', 'bedgraph', 'run', false],
      ['peaks.bb', 'bigbed', 'run', false],
      ['fragments.tsv.gz', 'fragments', 'run', true],
      ['genes.bed', 'bed', 'reference', false],
    ]),
  );
  const genesBed = await (await page.request.get(listed.reference!.genes_url!)).text();
  const actb = genesBed
    .split('\n')
    .find((l) => l.split('\t')[3] === 'Actb')!
    .split('\t');

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);
  // The indexed files are read in pieces (206); the small text files whole (igv reads them once).
  const bigWigRead = page.waitForResponse(isTrackRange('C1.bw'), { timeout: 60_000 });
  const bigBedRead = page.waitForResponse(isTrackRange('peaks.bb'), { timeout: 60_000 });
  const bedGraphRead = page.waitForResponse(isTrackFile('All tixels.bedGraph'), { timeout: 60_000 });
  const fragmentIndexRead = page.waitForResponse(isTrackFile('fragments.tsv.gz.tbi'), { timeout: 60_000 });
  await page.getByRole('tab', { name: 'Peak/Motif/Network Viewer' }).click();
  const browser = page.getByTestId('track-browser');
  await expect(browser).toBeVisible({ timeout: 30_000 });
  await Promise.all([bigWigRead, bigBedRead, bedGraphRead, fragmentIndexRead]);
  await expect.poll(() => shownLocus(page), { timeout: 30_000 }).toEqual(['chr1', 1, 1_000_000]);
  // Each file is a track of igv's track list.
  for (const name of ['C1.bw', 'All tixels.bedGraph', 'peaks.bb', 'fragments.tsv.gz', 'Genes'])
    await expect(browser.getByText(name, { exact: true }).first()).toBeVisible();
  await expect
    .poll(() => igvTrackNames(page))
    .toEqual(expect.arrayContaining(['C1.bw', 'All tixels.bedGraph', 'peaks.bb', 'fragments.tsv.gz', 'Genes']));
  // igv draws each wig track (the cluster bigWigs and the bedGraph) into a canvas of its own, in its shadow DOM.
  const wigTracks = listed.tracks.filter((t) => t.format === 'bigwig' || t.format === 'bedgraph').length;
  await expect.poll(() => drawnCanvases(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(wigTracks);
  await page.getByTestId('igv-host').scrollIntoViewIfNeeded();
  await shot(page, 'explorer-tracks-start');

  // Choosing a gene moves the view to its locus, close enough for the fragments (igv reads them only in a window
  // of 200 kb): their compressed blocks come in pieces too.
  const fragmentsRead = page.waitForResponse(isTrackRange('fragments.tsv.gz'), { timeout: 60_000 });
  const search = page.getByTestId('feature-search');
  await search.click();
  await search.fill('Actb');
  await page.getByRole('option', { name: 'Actb', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect
    .poll(
      async () => {
        const locus = await shownLocus(page);
        return locus && locus[0] === actb[0] && locus[1] <= Number(actb[1]) + 1 && locus[2] >= Number(actb[2]);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await fragmentsRead;
  // The peak at the gene's TSS and its fragments are drawn (igv draws each annotation track into its own canvas).
  await expect.poll(() => drawnCanvases(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(wigTracks + 3);
  await shot(page, 'explorer-tracks-gene');
});

test('[EXPLORER-NETWORK]: the regulon network in four layouts, the edge slider, a node colours the plots', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await waitForRunData(page, { authorization: `JWT ${token}` });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);
  const regulonButton = page
    .getByRole('group', { name: 'Feature type' })
    .getByRole('button', { name: 'eRegulon', exact: true });
  await expect(regulonButton).toBeEnabled({ timeout: 20_000 });
  await regulonButton.click();
  await page.getByRole('tab', { name: 'Peak/Motif/Network Viewer' }).click();
  const canvas = page.getByTestId('network-canvas');
  await expect(canvas).toBeVisible({ timeout: 30_000 });

  type Drawn = { nodes: number; edges: number; positions: string; labelPx: number };
  const drawn = () =>
    canvas.evaluate((el) => {
      const cy = (el as unknown as { _cyreg?: { cy?: Core } })._cyreg?.cy;
      if (!cy) return null;
      return {
        nodes: cy.nodes().length,
        edges: cy.edges().length,
        positions: cy
          .nodes()
          .map((n) => `${Math.round(n.position('x'))},${Math.round(n.position('y'))}`)
          .join(' '),
        // A label's size on screen: its style's size at the drawing's zoom.
        labelPx: parseFloat(cy.nodes()[0]!.style('font-size') as string) * cy.zoom(),
      } satisfies Drawn;
    });

  // Each layout draws every node and edge, and places the nodes differently.
  const seen = new Set<string>();
  let total = 0;
  for (const layout of NETWORK_LAYOUTS) {
    await page.getByRole('button', { name: layout, exact: true }).click();
    await expect(canvas).toHaveAttribute('data-layout', layout);
    await expect.poll(async () => (await drawn())?.nodes ?? 0, { timeout: 15_000 }).toBeGreaterThan(10);
    const now = (await drawn())!;
    total = now.edges;
    expect(seen.has(now.positions), `${layout} places the nodes anew`).toBe(false);
    // Node labels are readable at the fitted zoom (they were 9 units at that zoom: 3–5 px on screen).
    expect(now.labelPx).toBeGreaterThanOrEqual(11);
    seen.add(now.positions);
    await shot(page, `explorer-network-${layout.toLowerCase()}`);
  }
  const count = page.getByTestId('network-edge-count');
  await expect(count).toContainText(`${total} of ${total} edges`);

  // The slider (default 100 %) keeps the strongest edges: 75 %, then down to 15 %.
  const slider = page.getByRole('slider', { name: 'Strongest edges' });
  await expect(slider).toHaveAttribute('aria-valuetext', '100%');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', '75%');
  await expect(count).toContainText(`${Math.ceil(total * 0.75)} of ${total} edges`);
  await expect.poll(async () => (await drawn())?.edges).toBe(Math.ceil(total * 0.75));
  for (const step of ['50%', '25%', '15%']) {
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveAttribute('aria-valuetext', step);
  }
  await expect.poll(async () => (await drawn())?.edges).toBe(Math.ceil(total * 0.15));
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', '100%');
  await expect.poll(async () => (await drawn())?.edges).toBe(total);

  // Clicking a regulon node on the canvas colours the plots by that eRegulon. The network is drawn anew when the
  // slider's value settles: the node is read once the same drawing has held it at the same place for a moment.
  await canvas.scrollIntoViewIfNeeded();
  const nodeNow = () =>
    canvas.evaluate((el) => {
      const cy = (el as unknown as { _cyreg: { cy: Core & { probe?: number } } })._cyreg.cy;
      cy.probe ??= Math.random();
      const node = cy.edges()[0]!.source();
      const { x, y } = node.renderedPosition();
      return { name: node.id(), x, y, drawing: cy.probe };
    });
  let target = await nodeNow();
  await expect
    .poll(
      async () => {
        const before = target;
        target = await nodeNow();
        return JSON.stringify(target) === JSON.stringify(before);
      },
      { timeout: 10_000, intervals: [300] },
    )
    .toBe(true);
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + target.x, box.y + target.y);
  await expect(page.getByTestId('heat-bar')).toContainText(target.name, { timeout: 15_000 });
  await plotsDrawn(page);
  await shot(page, 'explorer-network-node');
});

test('[EXPLORER-TRACKS]: a public link’s viewer sees its run’s tracks; another run’s are refused', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(page, ADMIN.username, ADMIN.password);
  await waitForRunData(page, { authorization: `JWT ${token}` });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/?component=AtlasXplore&run_id=${RUN}`);
  await plotsDrawn(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.getByRole('button', { name: 'Copy Public Link' }).click();
  await expect(page.getByText(EXPLORER_MSG.publicLinkCopied)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());

  const visitor = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const pub = await visitor.newPage();
  const listing = pub.waitForResponse((r) => r.url().includes('/api/v1/genes/tracks?'), { timeout: 60_000 });
  const bigWigRead = pub.waitForResponse(isTrackRange('C1.bw'), { timeout: 60_000 });
  await pub.goto(link);
  await plotsDrawn(pub);
  await pub.getByRole('tab', { name: 'Peak/Motif/Network Viewer' }).click();
  await expect(pub.getByTestId('track-browser')).toBeVisible({ timeout: 30_000 });
  // A visitor can sign in from the viewer.
  await expect(pub.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  const listed = await listing;
  expect(listed.status()).toBe(200);
  await bigWigRead;
  await expect.poll(() => shownLocus(pub), { timeout: 30_000 }).toEqual(['chr1', 1, 1_000_000]);
  await shot(pub, 'public-tracks');

  // The same link and session, asking for another run's tracks (a private one, and a public one): refused alike.
  const headers = await listed.request().allHeaders();
  const encoded = new URL(listed.url()).searchParams.get('encoded')!;
  for (const other of [PRIVATE_RUN, 'D90002']) {
    const refused = await pub.request.get('/api/v1/genes/tracks', {
      headers: { authorization: headers.authorization! },
      params: { encoded, run_id: other },
    });
    expect(refused.status(), other).toBe(404);
  }
  const own = await pub.request.get('/api/v1/genes/tracks', {
    headers: { authorization: headers.authorization! },
    params: { encoded },
  });
  expect(((await own.json()) as TTracks).run_id).toBe(RUN);
  await visitor.close();
});
