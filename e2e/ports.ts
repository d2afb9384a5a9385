import { execFileSync } from 'node:child_process';

/**
 * A port free on loopback now, found synchronously (a Playwright config is evaluated synchronously, in the runner
 * and again in each worker; the caller keeps the answer in an environment variable so that every process agrees).
 */
export function freePortSync(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });",
  ])
    .toString()
    .trim();
}
