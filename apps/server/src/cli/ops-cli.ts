import { ConfigError, loadConfig, type Config } from '../config.js';
import { runningServerPid } from '../ops/server-pid.js';

/** The config for a maintenance command, or an exit code after printing why it cannot run. */
export function maintenanceConfig(what: string): Config | number {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 78;
    }
    throw error;
  }
  if (!config.databaseUrl) {
    // PGlite: one process owns ./var/db; reading it under a running server would see (or cause) a torn database.
    const pid = runningServerPid(config.dataDir);
    if (pid !== null) {
      console.error(
        `Atlas Portal is running on ${config.dataDir} (process ${pid}). With the embedded database, stop the ` +
          `server first (Ctrl+C in its terminal, or stop its service), then run ${what} again. ` +
          '(With PostgreSQL, DATABASE_URL, it runs while the server runs.)',
      );
      return 75;
    }
  }
  return config;
}
