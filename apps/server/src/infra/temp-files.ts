import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

/**
 * Temporary files of writes in progress: the filesystem store's `.tmp` (objects before their rename into place) and
 * the staging folder of multipart uploads. A crashed or cut-off writer leaves its file behind; a live writer keeps
 * touching its file, so anything untouched for an hour is swept, at start and every hour.
 */
export const STALE_TEMP_MS = 3600 * 1000;

/** Where multipart uploads are staged before they are checked and stored. */
export const uploadStagingDir = (config: Pick<Config, 'dataDir'>): string =>
  path.join(config.dataDir, 'tmp', 'uploads');

/**
 * Local copies of resumable uploads staged in S3, for checks that need a file (HDF5). The resumable uploads
 * themselves (the staging bucket `{data bucket}-uploads`) are not swept here: a paused upload may rest for days; tus expires them (domains/uploads).
 */
export const uploadCheckDir = (config: Pick<Config, 'dataDir'>): string =>
  path.join(config.dataDir, 'tmp', 'tus-check');

/** The folders the sweeper keeps clean for this configuration. */
export function tempFolders(config: Pick<Config, 'dataDir' | 's3'>): string[] {
  const folders = [uploadStagingDir(config)];
  if (!config.s3) folders.push(path.join(config.dataDir, 'storage', '.tmp'));
  else folders.push(uploadCheckDir(config));
  return folders;
}

/** Removes entries of `dir` last modified before `now - maxAgeMs`; returns how many. A missing folder is empty. */
export async function sweepStale(dir: string, maxAgeMs = STALE_TEMP_MS, now = Date.now()): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    const stat = await fsp.lstat(entry).catch(() => null);
    if (stat && stat.mtimeMs < now - maxAgeMs) {
      await fsp.rm(entry, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}

/** Sweeps the folders now and then hourly; `stop` ends it (the timer never keeps the process alive). */
export function startTempSweeper(folders: readonly string[], log: Logger, intervalMs = STALE_TEMP_MS) {
  const sweep = async () => {
    for (const folder of folders) {
      const removed = await sweepStale(folder).catch((error: unknown) => {
        log.warn({ err: error, folder }, 'could not sweep temporary files');
        return 0;
      });
      if (removed) log.info({ folder, removed }, 'stale temporary files removed');
    }
  };
  const first = sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    /** Resolves when the sweep made at start is done. */
    ready: first,
    stop: () => clearInterval(timer),
  };
}
