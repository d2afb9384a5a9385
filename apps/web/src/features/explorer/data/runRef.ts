import type { RunRef } from '../state/store';

/** The query fields naming a run: `run_id` for members, the signed `encoded` link for public viewers (never both). */
export const refQuery = (run: RunRef): { run_id: string } | { encoded: string } =>
  run.run_id ? { run_id: run.run_id } : { encoded: run.encoded! };
