import { GROUP_ADMIN, hasGroupAccess, type Identity } from './access.js';

/**
 * The visibility rule of runs (spec 01 §6, DESIGN §3, issue "One owner for runs"), as pure functions so that every
 * door — catalogue SQL, run-data routes, storage routes, tasks — decides the same way, and the web app offers only
 * what the server will allow (the explorer's 'Save selection as annotation').
 *
 * - A run is visible to admins, to members of the run's group, and, when it is public, to every signed-in member
 *   (an account in at least one group) and to holders of that run's public link.
 * - A reviewer session reads its link's runs (public or private) and nothing else; it never writes.
 * - Writing a run's data (web files, web-object flag) needs an admin or a member of the run's group.
 * - A run id with data in storage but no catalogue entry yet (uploaded, not registered) is lab data: lab staff
 *   (the `user` role) may read and write it, as they may any key outside a run.
 * - Keys outside any run: read by lab staff, written by admins (the storage routes' role rules).
 */

/** Who is asking, as far as run data is concerned. */
export type Caller =
  /** Admins, and the server itself (seed, importer). */
  | { kind: 'admin' }
  | { kind: 'member'; groups: readonly string[] }
  /** Anonymous visitors, public sessions and accounts in no group: public-run metadata only, data through a link. */
  | { kind: 'public' }
  /** The holder of a checked public link to one run. */
  | { kind: 'link'; runId: string }
  /** A reviewer session (issue 35): its link's runs, read-only, public or not. */
  | { kind: 'reviewer'; runIds: readonly string[] };

export type RunMode = 'read' | 'write';

/** What the run tables say about a run; undefined for a run id without a catalogue entry. */
export interface RunState {
  public: boolean;
  group: string | null;
}

export function callerOf(identity: Identity): Caller {
  if (identity.kind === 'reviewer') return { kind: 'reviewer', runIds: [...identity.runIds].sort() };
  if (identity.kind !== 'user' || identity.groups.length === 0) return { kind: 'public' };
  if (identity.groups.includes(GROUP_ADMIN)) return { kind: 'admin' };
  return { kind: 'member', groups: [...identity.groups].sort() };
}

/** A stable name of what a caller may see, for cache keys. */
export function callerKey(caller: Caller): string {
  if (caller.kind === 'member') return `member:${caller.groups.join(',')}`;
  if (caller.kind === 'reviewer') return `reviewer:${caller.runIds.join(',')}`;
  return caller.kind === 'link' ? `link:${caller.runId}` : caller.kind;
}

const labStaff = (caller: Caller) =>
  caller.kind === 'admin' || (caller.kind === 'member' && hasGroupAccess(caller.groups, 'user'));

/** May this caller read (or write) the data of run `runId`, whose catalogue state is `state`? */
export function mayUseRun(caller: Caller, mode: RunMode, runId: string, state: RunState | undefined): boolean {
  if (caller.kind === 'admin') return true;
  if (caller.kind === 'reviewer') return mode === 'read' && state !== undefined && caller.runIds.includes(runId);
  if (!state) return labStaff(caller);
  const inGroup = caller.kind === 'member' && state.group !== null && caller.groups.includes(state.group);
  if (mode === 'write') return inGroup;
  if (inGroup) return true;
  if (!state.public) return false;
  return caller.kind === 'member' || (caller.kind === 'link' && caller.runId === runId);
}

/** May this caller read (or write) a key that belongs to no run? */
export function mayUseUnownedKey(caller: Caller, mode: RunMode): boolean {
  return mode === 'read' ? labStaff(caller) : caller.kind === 'admin';
}
