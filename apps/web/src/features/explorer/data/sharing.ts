/** The server calls of sharing a view: Copy Public Link and Save Display → FrontPage (the catalogue thumbnail). */
import { catalogueCalls, FRONTPAGE_PATH } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { logIntoPublic } from '../../../api/auth';
import { PUBLIC_COMPONENT } from '../public/publicLink';
import type { RunRef } from '../state/store';
import { responseError } from './responseError';

/**
 * The shareable address of a run: `/public?component=PublicGeneViewer&public=true&token=…&run_id=<encoded>`. The
 * token is a fresh public-session token, never the member's own. A public viewer shares the link it was opened with.
 */
export async function publicLinkOf(run: RunRef, origin: string): Promise<string> {
  if (run.encoded) {
    const current = new URLSearchParams(window.location.search);
    if (current.get('token')) return `${origin}/public?${current.toString()}`;
  }
  const encoded = run.encoded ?? (await callApi(catalogueCalls.encodeLink, { body: { run_id: run.run_id! } })).encoded;
  const { access_token } = await logIntoPublic();
  const params = new URLSearchParams({
    component: PUBLIC_COMPONENT,
    public: 'true',
    token: access_token,
    run_id: encoded,
  });
  return `${origin}/public?${params.toString()}`;
}

/** Save Display → FrontPage (admin): PUT the PNG; the server re-encodes it ≤ 200×200 into frontpage/{run}.png. */
export async function putFrontPage(runId: string, png: Blob, token: string | null): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'image/png' };
  if (token) headers.authorization = `JWT ${token}`;
  const url = `${FRONTPAGE_PATH}/${encodeURIComponent(runId)}`;
  const response = await fetch(url, { method: 'PUT', headers, body: png });
  if (!response.ok) throw await responseError(response, url);
}
