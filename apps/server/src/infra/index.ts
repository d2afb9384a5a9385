import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { DatabaseHandle, Db } from './db/index.js';
import type { LimitStore } from './limits/port.js';
import type { Mailer } from './mail/port.js';
import type { Metrics } from './metrics.js';
import type { TaskQueue } from './queue/port.js';
import type { ObjectStore } from './storage/port.js';

/** The infrastructure every domain may use, built once at start from the config. */
export interface Infra {
  config: Config;
  log: Logger;
  database: DatabaseHandle;
  db: Db;
  storage: ObjectStore;
  queue: TaskQueue;
  mailer: Mailer;
  /** Rate limits and throttles: Redis when REDIS_URL is set (shared by every API process), memory otherwise. */
  limits: LimitStore;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics;
  /** Ends the hourly sweep of temporary upload files (./temp-files.ts); absent where nothing was started. */
  stopSweeper?: () => void;
}
