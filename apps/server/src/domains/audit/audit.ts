import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Tables } from '../../infra/db/tables.js';

/**
 * One row of the audit log: who changed what, with the state before and after. Any domain may record
 * entries; pass the transaction that makes the change so the entry commits (or rolls back) with it.
 * Never put secrets (password hashes, codes, tokens) into `before` or `after`.
 */
export interface AuditEntry {
  /** Username of the actor; null for the system or an anonymous visitor. */
  actor: string | null;
  /** Dotted verb, e.g. `user.create`, `group.delete`. */
  action: string;
  /** `kind:id`, e.g. `user:alice`, `group:lab`. */
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one entry, or many (a big import): each column goes as one array parameter (unnest), 50,000 entries per
 * statement, so 200,000 entries are four statements instead of forty under PostgreSQL's parameter limit.
 */
export async function recordAudit(db: Kysely<Tables>, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  for (let i = 0; i < list.length; i += 50_000) {
    const slice = list.slice(i, i + 50_000);
    await sql`insert into audit_log (actor, action, target, before, after)
      select actor, action, target, before::jsonb, after::jsonb
      from unnest(${sql.val(slice.map((e) => e.actor))}::text[], ${sql.val(slice.map((e) => e.action))}::text[],
        ${sql.val(slice.map((e) => e.target))}::text[], ${sql.val(slice.map((e) => json(e.before)))}::text[],
        ${sql.val(slice.map((e) => json(e.after)))}::text[]) as u(actor, action, target, before, after)`.execute(db);
  }
}

/**
 * The entries of rows a statement writes, as SQL for that same statement (a data-modifying CTE named `rows`): a big
 * import audits its 200,000 new records without sending them back to this process and then in again.
 * `target` and `after` are SQL over the CTE's columns.
 */
export function auditRowsSql(
  rows: string,
  entry: { actor: string | null; action: string; target: RawBuilder<string>; after: RawBuilder<unknown> },
): RawBuilder<unknown> {
  return sql`insert into audit_log (actor, action, target, after)
    select ${entry.actor}::text, ${entry.action}::text, ${entry.target}, ${entry.after} from ${sql.table(rows)}`;
}

export interface AuditRow {
  id: number;
  actor: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
}

/** Newest first, optionally for one target. */
export async function listAudit(db: Kysely<Tables>, options: { target?: string; limit: number }): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.target) query = query.where('target', '=', options.target);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}

export const userTarget = (username: string) => `user:${username}`;
export const groupTarget = (name: string) => `group:${name}`;
