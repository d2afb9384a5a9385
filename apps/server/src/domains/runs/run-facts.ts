import type { RunForLink, RunStore } from './store.js';

/** Runs kept per version; past it the map starts again (a version lives until the next write anyway). */
const MAX_RUNS = 10_000;

/**
 * A run's catalogue row (folder, species, public flag, group) as of the run tables' change counter
 * (`run_db_state.version`, bumped by triggers on every write, by any process): every run-data read checks its run,
 * and under load that check was the read's largest cost (a join per request, a third of the CPU of
 * `genes/get_summation`). A hit costs the counter read (free on PGlite, one primary-key read on PostgreSQL), and a
 * change anywhere empties the map, so access follows a run made private at once.
 */
export function createRunFacts(store: Pick<RunStore, 'version' | 'findRunForLink'>) {
  let version: number | null = null;
  const rows = new Map<string, Promise<RunForLink | undefined>>();
  return async function runFacts(runId: string): Promise<RunForLink | undefined> {
    const now = await store.version();
    if (now !== version) {
      rows.clear();
      version = now;
    }
    let row = rows.get(runId);
    if (!row) {
      if (rows.size >= MAX_RUNS) rows.clear();
      // Read as admin: which caller may use the row is decided by the rule (mayUseRun), not by the query.
      row = store.findRunForLink({ kind: 'admin' }, runId);
      rows.set(runId, row);
      row.catch(() => rows.delete(runId));
    }
    return row;
  };
}

export type RunFacts = ReturnType<typeof createRunFacts>;
