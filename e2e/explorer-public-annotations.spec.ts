import { ANNOTATION_MSG } from '@atlas/contracts';
import { ADMIN, apiToken, expect, plotsDrawn, shot, test, tick } from './fixtures';

/**
 * [EXPLORER-PUBLIC-ANNOTATIONS]: a public link's viewer sees the run's shared annotations read-only: listed with
 * their size and note, usable as the plots' colouring and as a selection, with nothing to save, edit or delete; the
 * link is the only key (a tampered link is refused).
 */
const RUN = 'D90005';
const NAME = 'Cortex layer (public)';
const auth = (token: string) => ({ authorization: `JWT ${token}` });

test('[EXPLORER-PUBLIC-ANNOTATIONS]: a public link shows the run’s annotations read-only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await apiToken(page, ADMIN.username, ADMIN.password);
  await expect
    .poll(async () => (await page.request.get(`/api/v1/genes/data?run_id=${RUN}`, { headers: auth(admin) })).status(), {
      timeout: 150_000,
      intervals: [1000],
    })
    .toBe(200);
  const tixels = Array.from({ length: 300 }, (_, i) => i * 2);
  const made = await page.request.post('/api/v1/annotations', {
    headers: auth(admin),
    data: { run_id: RUN, name: NAME, color: '#e91e63', note: 'Shared with the paper', tixels },
  });
  expect(made.ok()).toBeTruthy();
  const { id } = (await made.json()) as { id: string };
  const { encoded } = (await (
    await page.request.post('/api/v1/run_db/encode_link', { headers: auth(admin), data: { run_id: RUN } })
  ).json()) as { encoded: string };

  try {
    const visitor = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
    const pub = await visitor.newPage();
    const publicToken = (
      (await (await pub.request.get('/api/v1/auth/log_into_public')).json()) as { access_token: string }
    ).access_token;

    // Through the API: the link's run, never editable; a tampered link is refused.
    const listed = await pub.request.get(`/api/v1/annotations/public?encoded=${encodeURIComponent(encoded)}`, {
      headers: auth(publicToken),
    });
    expect(listed.status()).toBe(200);
    const rows = (await listed.json()) as { name: string; run_id: string; editable: boolean }[];
    expect(rows.find((r) => r.name === NAME)).toMatchObject({ run_id: RUN, editable: false });
    const tampered = await pub.request.get(
      `/api/v1/annotations/public?encoded=${encodeURIComponent(encoded.slice(0, -4) + 'AAAA')}`,
      { headers: auth(publicToken) },
    );
    expect(tampered.status()).toBe(400);
    // A public session cannot reach the members' list by run id.
    expect((await pub.request.get(`/api/v1/annotations?run_id=${RUN}`, { headers: auth(publicToken) })).status()).toBe(
      403,
    );

    // In the public viewer: the annotation is there, read-only, and colours the plots.
    await pub.goto(
      `/public?${new URLSearchParams({ component: 'PublicGeneViewer', run_id: encoded, public: 'true', token: publicToken })}`,
    );
    await expect(pub.getByTestId('public-viewer')).toBeVisible({ timeout: 30_000 });
    await plotsDrawn(pub);
    await pub.getByRole('tab', { name: 'Annotations' }).click();
    const panel = pub.getByTestId('annotations-panel');
    await expect(panel.getByText(ANNOTATION_MSG.readOnlyForLink)).toBeVisible();
    const row = panel.getByTestId('annotation-row').filter({ hasText: NAME });
    await expect(row).toContainText('300');
    await expect(row).toContainText('Shared with the paper');
    await expect(panel.getByRole('button', { name: 'Save selection as annotation' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Edit ${NAME}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `Delete ${NAME}` })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Rank', exact: true })).toHaveCount(0);
    await tick(row.getByRole('checkbox', { name: `Colour by ${NAME}` }));
    const legend = pub.getByTestId('explorer-legend');
    await expect(legend.getByText(NAME)).toBeVisible();
    await expect(legend.getByText('Not annotated')).toBeVisible();
    await shot(pub, 'annotations-public-link');
    await visitor.close();
  } finally {
    await page.request.delete(`/api/v1/annotations/${id}`, { headers: auth(admin) });
  }
});
