/** The Admin Panel tabs of spec 03 §2.10, in order, with the spec's spellings and a URL slug for `?tab=`. */
export const ADMIN_TABS = [
  { id: 'jobs', label: 'Job Managment' },
  { id: 'users', label: 'User Management' },
  { id: 'groups', label: 'Group Managment' },
  { id: 'create-run', label: 'Create A Run' },
  { id: 'add-run', label: 'Add A Run' },
  { id: 'group-runs', label: 'Group Runs' },
  { id: 'add-files', label: 'Add Files' },
  { id: 'system', label: 'System' },
  // Ours (issue 20): every account's personal API tokens.
  { id: 'api-tokens', label: 'API Tokens' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

const isTabId = (value: string | null): value is AdminTabId => ADMIN_TABS.some((tab) => tab.id === value);

/**
 * The tab a URL opens: an explicit `tab=` wins; otherwise a run action (the 'Add a Run' menu entry sends
 * `action=new_run`, a catalogue edit sends `action=edit`) selects Add A Run, as the spec says; else the first tab.
 */
export function tabFromQuery(query: URLSearchParams): AdminTabId {
  const tab = query.get('tab');
  if (isTabId(tab)) return tab;
  if (query.has('action') || query.has('params')) return 'add-run';
  return ADMIN_TABS[0].id;
}
