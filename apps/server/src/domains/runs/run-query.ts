import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Caller } from '@atlas/contracts';
import type { Tables } from '../../infra/db/tables.js';

/** A run's catalogue entry joined as every read of the run tables starts: r = results, t = tissues, g = groups. */
export const joinedRuns = (db: Kysely<Tables>) =>
  db
    .selectFrom('results as r')
    .innerJoin('tissues as t', 't.tissue_id', 'r.tissue_id')
    .leftJoin('groups as g', 'g.id', 'r.group_id');

/**
 * The visibility rule (mayUseRun, packages/contracts/src/run-rule.ts) over the aliases of `joinedRuns`, for
 * catalogue entries: public runs (visitors browse the public catalogue); plus, for a member, the runs of their
 * groups; a reviewer, its link's runs; admins see every run.
 */
export function visibleTo(caller: Caller): RawBuilder<boolean> {
  switch (caller.kind) {
    case 'admin':
      return sql<boolean>`true`;
    case 'public':
      return sql<boolean>`r.public`;
    case 'link':
      return sql<boolean>`(r.public and t.run_id = ${caller.runId})`;
    case 'member':
      return sql<boolean>`(r.public or g.name in (${sql.join([...caller.groups])}))`;
    case 'reviewer':
      // Its link's runs only, public or not (never the public catalogue).
      return caller.runIds.length ? sql<boolean>`t.run_id in (${sql.join([...caller.runIds])})` : sql<boolean>`false`;
  }
}

export const epochMs = (column: string) => sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000)::bigint`;

/** A stored path's last segment, as the file lists show it. */
export const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
