import { GENES_MSG, mayUseRun, mayUseUnownedKey, MSG, type Caller, type RunMode as Mode } from '@atlas/contracts';
import { checkKey, InvalidKeyError } from '../../infra/storage/index.js';
import { runOfKey } from './keys.js';
import type { RunStore } from './store.js';

/** Something a route or task reads or writes: a stored object, or a run's records (its web-object flag). */
export type Target = { bucket: string; key: string } | { run: string };

/** A refused target. Routes answer it as 404, as for a missing run or object, so it reveals nothing. */
export class NotVisibleError extends Error {
  constructor(readonly target: Target) {
    const run = 'run' in target ? target.run : runOfKey(target.key);
    super(run ? GENES_MSG.runNotFound(run) : MSG.objectNotFound('key' in target ? target.key : ''));
  }
}

/** A key the storage rules refuse (`..`, `//`-free tricks are caught there) belongs to nothing anyone may use. */
const INVALID = Symbol('invalid key');

function runOfStorageKey(key: string): string | null | typeof INVALID {
  try {
    // A listing's folder entries end with `/`: they belong where their folder does.
    checkKey(key.endsWith('/') ? key.slice(0, -1) : key);
  } catch (error) {
    if (error instanceof InvalidKeyError) return INVALID;
    throw error;
  }
  return runOfKey(key);
}

const runOfTarget = (target: Target) => ('run' in target ? target.run : runOfStorageKey(target.key));
type Owner = ReturnType<typeof runOfTarget>;

/**
 * Object-level access: every key is resolved to its run (./keys.ts) and the run's catalogue state decides
 * (mayUseRun, @atlas/contracts). Batched: the states of all runs named by a call cost one query.
 */
export function createObjectAccess(store: RunStore) {
  async function decide(caller: Caller, mode: Mode, owners: readonly Owner[]): Promise<(owner: Owner) => boolean> {
    const runIds = owners.filter((id): id is string => typeof id === 'string');
    const states = caller.kind === 'admin' ? new Map() : await store.runStates(runIds);
    return (owner) => {
      if (owner === INVALID) return false;
      if (owner === null) return mayUseUnownedKey(caller, mode);
      return mayUseRun(caller, mode, owner, states.get(owner));
    };
  }

  return {
    /** Throws NotVisibleError for the first target this caller may not use in this mode. */
    async check(caller: Caller, mode: Mode, targets: readonly Target[]): Promise<void> {
      const owners = targets.map(runOfTarget);
      const allowed = await decide(caller, mode, owners);
      const refused = owners.map(allowed).indexOf(false);
      if (refused >= 0) throw new NotVisibleError(targets[refused]!);
    },

    /** Whether this caller may use every target in this mode. */
    async allows(caller: Caller, mode: Mode, targets: readonly Target[]): Promise<boolean> {
      const owners = targets.map(runOfTarget);
      return owners.every(await decide(caller, mode, owners));
    },

    /**
     * The keys (or prefixes) of runs that are public now, in their order: what a public session may list (the
     * original landing page lists them; reading a file still needs a link). Keys outside a run are left out.
     */
    async publicRunKeys(keys: readonly string[]): Promise<string[]> {
      const owners = keys.map(runOfStorageKey);
      const states = await store.runStates(owners.filter((id): id is string => typeof id === 'string'));
      return keys.filter((_, i) => {
        const owner = owners[i];
        return typeof owner === 'string' && states.get(owner)?.public === true;
      });
    },

    /** The keys (or listing prefixes ending in `/`) of one bucket this caller may read, in their order. */
    async visibleKeys(caller: Caller, keys: readonly string[]): Promise<string[]> {
      const owners = keys.map(runOfStorageKey);
      const decisions = owners.map(await decide(caller, 'read', owners));
      return keys.filter((_, i) => decisions[i]);
    },
  };
}
