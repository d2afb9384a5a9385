import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite in `{dataDir}/db`) belongs to one process. The server records its pid here so
 * that `npm run backup` / `npm run restore` can say "stop the server first" instead of reading a database that
 * is being written (or corrupting it).
 */
const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

export function writeServerPid(dataDir: string): () => void {
  const file = pidFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The pid of a live server process on this data folder, or null (no file, or a stale one left by a crash). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
