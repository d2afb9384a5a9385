import { hasGroupAccess } from '@atlas/contracts';

/** The group rules of the spec's menus, drawer and cards ('any' = member of at least one group). */
export type GroupRule = Parameters<typeof hasGroupAccess>[1];

/**
 * Every view the home shell can show, chosen by `/?component=<name>` (spec 01 §2), with its display label
 * and who may open it (spec 01 §1/§6, spec 02 §6, spec 03 §6). The screens themselves are mapped in the registry
 * (./registry.ts), so this table stays free of UI imports: features read it (componentHref) without a cycle.
 */
export const COMPONENTS = {
  WaferTrace: { label: 'Wafer Trace', rule: 'admin' },
  ImageViewer: { label: 'Image Viewer', rule: 'admin' },
  QcViewer: { label: 'QC Viewer', rule: 'admin' },
  WaferInformationViewer: { label: 'Wafer Information', rule: 'admin' },
  ChipInformationViewer: { label: 'Chip Information', rule: 'admin' },
  DbitInformationViewer: { label: 'DBiT Information', rule: 'admin' },
  AtlasBrowser: { label: 'AtlasXbrowser', rule: 'user' },
  AtlasViewer: { label: 'Atlas Viewer', rule: 'admin' },
  // A saved session opening a run mounts the explorer before the session check answers (the < 1 s open target).
  AtlasXplore: { label: 'AtlasXplore', rule: 'any', opensBeforeSessionCheck: true },
  AtlasCompare: { label: 'Atlas Compare', rule: 'admin' },
  // Spec 03 §6 opens Analytics to admin and user; only its drawer entry is admin-only (spec 01 §2).
  AtlasAnalytics: { label: 'Atlas Analytics', rule: 'user' },
  AtlasUploader: { label: 'Atlas Uploader', rule: 'admin' },
  AtlasRunViewer: { label: 'Atlas Run Viewer', rule: 'user' },
  // Admin-only in the spec; open to every member of a group for their personal API tokens (issue 20).
  UserSettings: { label: 'User Settings', rule: 'any' },
  AdminPanel: { label: 'Admin Panel', rule: 'admin' },
} as const satisfies Record<string, { label: string; rule: GroupRule; opensBeforeSessionCheck?: true }>;

export type ComponentName = keyof typeof COMPONENTS;

function isComponentName(name: string): name is ComponentName {
  return Object.hasOwn(COMPONENTS, name);
}

/** What the home shell shows for a `component` query value and the current user. */
export type ResolvedView =
  | { kind: 'home' }
  | { kind: 'catalogue' }
  | { kind: 'unknown'; name: string }
  | { kind: 'signIn'; name: ComponentName }
  | { kind: 'forbidden'; name: ComponentName }
  | { kind: 'open'; name: ComponentName };

export function resolveView(component: string | null, user: { groups: readonly string[] } | null): ResolvedView {
  if (!component) return user ? { kind: 'home' } : { kind: 'catalogue' };
  if (!isComponentName(component)) return { kind: 'unknown', name: component };
  if (!user) return { kind: 'signIn', name: component };
  if (!hasGroupAccess(user.groups, COMPONENTS[component].rule)) return { kind: 'forbidden', name: component };
  return { kind: 'open', name: component };
}

/**
 * The view to show while the session check has not answered: a view marked `opensBeforeSessionCheck` when there is a
 * saved session (if the check then fails, the sign-in page replaces it, and the server has refused its data calls
 * anyway); null to wait for the check.
 */
export function viewBeforeSessionCheck(
  component: string | null,
  hasSavedSession: boolean,
): Extract<ResolvedView, { kind: 'open' }> | null {
  if (!hasSavedSession || !component || !isComponentName(component)) return null;
  return 'opensBeforeSessionCheck' in COMPONENTS[component] ? { kind: 'open', name: component } : null;
}

/** The home-shell address of a view, e.g. `/?component=AdminPanel&action=new_run&results_id=null`. */
export function componentHref(name: ComponentName, params: Record<string, string> = {}): string {
  return `/?${new URLSearchParams({ component: name, ...params }).toString()}`;
}

/** The runs list page (spec 03 §2.3; the spec gives no route): a table of the runs the session may see. */
export const RUNS_LIST_PATH = '/runs';
