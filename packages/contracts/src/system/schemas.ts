import { z } from 'zod';
import { ZQueueName } from '../tasks/schemas.js';

/** How often the Admin Panel's System tab reads the status again. */
export const SYSTEM_REFRESH_MS = 5000;
/** The System tab lists this many of the latest failed tasks. */
export const SYSTEM_FAILED_TASKS = 20;

export const ZSystemStatus = z.object({
  version: z.string(),
  /** `schema.version` is the last migration applied to the database; `latest` the last this code knows. */
  schema: z.object({ version: z.string(), latest: z.string(), applied: z.number().int() }),
  environment: z.string(),
  drivers: z.object({ database: z.string(), storage: z.string(), queue: z.string(), mail: z.string() }),
  uptime_seconds: z.number(),
  queues: z.array(
    z.object({
      queue: ZQueueName,
      waiting: z.number().int(),
      active: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  /** Live worker processes, from the same table as Atlas Analytics' worker status table. */
  workers: z.array(
    z.object({
      worker: z.string(),
      driver: z.string(),
      queues: z.array(z.string()),
      requested: z.number().int(),
      seen_at: z.string(),
    }),
  ),
  failed: z.array(
    z.object({
      _id: z.string(),
      task: z.string(),
      queue: z.string(),
      error: z.string().nullable(),
      requested_by: z.string().nullable(),
      request_id: z.string().nullable(),
      failed_at: z.string(),
    }),
  ),
  storage: z.object({
    measured_at: z.string(),
    buckets: z.array(z.object({ bucket: z.string(), objects: z.number().int(), bytes: z.number() })),
  }),
  database: z.object({ driver: z.string(), bytes: z.number().nullable() }),
  demo: z.object({
    /** ATLAS_DEMO_DATA (on by default outside tests). */
    enabled: z.boolean(),
    /** The demo records were seeded once (an admin may have deleted some since). */
    seeded: z.boolean(),
    total: z.number().int(),
    /** Demo runs still in the catalogue, and those whose web files are ready to explore. */
    present: z.number().int(),
    ready: z.number().int(),
  }),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;
