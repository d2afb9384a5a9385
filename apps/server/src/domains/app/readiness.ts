import { sql } from 'kysely';
import type { TAppReadiness } from '@atlas/contracts';
import type { Infra } from '../../infra/index.js';

/** How often the parts are probed; GET /api/v1/app answers from the last probe, so it stays the API's floor. */
export const READINESS_INTERVAL_MS = 5_000;
/** A part that has not answered in this long counts as down. */
const PROBE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const answers = (probe: () => Promise<unknown>): Promise<boolean> =>
  within(probe(), PROBE_TIMEOUT_MS).then(
    () => true,
    () => false,
  );

/** One probe of what a request needs: the database, the queue's broker and the object store. */
export async function probeReadiness(infra: Infra): Promise<TAppReadiness> {
  const [database, queue, storage] = await Promise.all([
    answers(() => sql`select 1`.execute(infra.db)),
    answers(() => infra.queue.ping()),
    // A key nobody writes: the store answers "absent" when it is up, and throws when it cannot be reached.
    answers(() => infra.storage.head(infra.config.buckets[0]!, '.atlas-readiness-probe')),
  ]);
  return { database, queue, storage };
}

/**
 * The parts' state for the health check (issue 36: a proxy or orchestrator takes a process out of rotation when it
 * cannot reach them), probed in the background so that the check itself costs nothing per request.
 */
export function watchReadiness(infra: Infra): { current(): Promise<TAppReadiness>; stop(): void } {
  let last: Promise<TAppReadiness> = probeReadiness(infra);
  const timer = setInterval(() => {
    const next = probeReadiness(infra);
    void next.then(() => (last = next));
  }, READINESS_INTERVAL_MS);
  timer.unref();
  return { current: () => last, stop: () => clearInterval(timer) };
}
