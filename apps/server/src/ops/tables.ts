import { sql } from 'kysely';
import type { Db } from '../infra/db/index.js';

/** The application's tables (public schema, not the migration bookkeeping), parents before the tables that refer to them. */
export async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = (
    await sql<{
      name: string;
    }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db)
  ).rows
    .map((r) => r.name)
    .filter((name) => name !== 'schema_migrations');
  const edges = (
    await sql<{ child: string; parent: string }>`
      select cc.relname as child, pc.relname as parent
      from pg_constraint c
      join pg_class cc on cc.oid = c.conrelid
      join pg_class pc on pc.oid = c.confrelid
      join pg_namespace n on n.oid = cc.relnamespace
      where c.contype = 'f' and n.nspname = 'public'`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** `"name"`, for the table names read from the catalogue above (never user input). */
export const ident = (name: string) => sql.id(name);
