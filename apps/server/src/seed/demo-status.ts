import type { Infra } from '../infra/index.js';
import { DEMO_RUNS } from './demo-runs.js';

/** What the System tab says of the demo content: asked for, seeded, still there, and explorable. */
export async function demoStatus(infra: Pick<Infra, 'config' | 'db'>) {
  const ids = DEMO_RUNS.map((r) => r.run_id);
  const seeded = await infra.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'seed.demo_runs')
    .executeTakeFirst();
  const rows = await infra.db
    .selectFrom('tissues as t')
    .leftJoin('results as r', 'r.tissue_id', 't.tissue_id')
    .select(['t.run_id', 'r.web_object_available'])
    .where('t.run_id', 'in', ids)
    .execute();
  const present = new Set(rows.map((r) => r.run_id));
  const ready = new Set(rows.filter((r) => r.web_object_available).map((r) => r.run_id));
  return {
    enabled: infra.config.demoData,
    seeded: Boolean(seeded),
    total: ids.length,
    present: present.size,
    ready: ready.size,
  };
}
