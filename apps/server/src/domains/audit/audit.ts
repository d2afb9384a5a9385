import type { Kysely } from 'kysely';
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

/** Records one entry, or many (a big import) in statements of 5,000 rows, under PostgreSQL's parameter limit. */
export async function recordAudit(db: Kysely<Tables>, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  for (let i = 0; i < list.length; i += 5_000) {
    await db
      .insertInto('audit_log')
      .values(
        list.slice(i, i + 5_000).map((entry) => ({
          actor: entry.actor,
          action: entry.action,
          target: entry.target,
          before: entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === undefined ? null : JSON.stringify(entry.after),
        })),
      )
      .execute();
  }
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
