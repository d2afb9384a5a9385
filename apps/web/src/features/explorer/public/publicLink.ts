/**
 * The query of a public viewer link (spec 01 §2): `/public?component=PublicGeneViewer&run_id=…&public=true&token=…`.
 */
export type PublicLink = { ok: true; runId: string; token: string } | { ok: false; problems: string[] };

export const PUBLIC_COMPONENT = 'PublicGeneViewer';

export function readPublicLink(params: URLSearchParams): PublicLink {
  const problems: string[] = [];
  const component = params.get('component');
  const runId = params.get('run_id')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  if (component !== PUBLIC_COMPONENT) problems.push(component ? `unknown component '${component}'` : 'no component');
  if (!runId) problems.push('no run_id');
  if (params.get('public') !== 'true') problems.push('public is not true');
  if (!token) problems.push('no token');
  return problems.length ? { ok: false, problems } : { ok: true, runId, token };
}
