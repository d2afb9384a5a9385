/** What a browser's processes hold in memory, read from /proc: the GPU bench's and `bench cells`' memory rows. */
import fs from 'node:fs';
import path from 'node:path';

export const GB = 1024 ** 3;

/** Proportional set size of the processes of this Chromium binary (shared pages counted once), in bytes, by kind. */
export interface BrowserMemory {
  total: number;
  /** Chromium's `--type` of each process (`gpu-process`, `renderer`, `utility`, `zygote`; `browser` without one). */
  byKind: Record<string, number>;
}

/**
 * PSS, not RSS: the renderer and the GPU process map the same shared memory (transfer buffers, textures under
 * software GL), which a sum of RSS counts twice. `binary`: how the executable's path ends.
 */
export function chromiumPss(binary: string): BrowserMemory {
  const memory: BrowserMemory = { total: 0, byKind: {} };
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readlinkSync(`/proc/${pid}/exe`).endsWith(binary)) continue;
      const pss = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      const bytes = pss ? Number(pss[1]) * 1024 : 0;
      const kind = /--type=([\w-]+)/.exec(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
      memory.total += bytes;
      memory.byKind[kind] = (memory.byKind[kind] ?? 0) + bytes;
    } catch {
      // the process ended while being read, or is not ours to read
    }
  }
  return memory;
}

/** The executable a Chromium launch path runs (Debian's /usr/bin/chromium is a script that starts it). */
export function chromiumBinaryOf(launchPath: string): string {
  const real = fs.realpathSync(launchPath);
  const script = fs.readFileSync(real).subarray(0, 2).toString() === '#!';
  return script ? path.basename(real) : real;
}

const gb = (bytes: number) => `${(bytes / GB).toFixed(2)} GB`;
/** "1.20 GB (gpu-process 0.80, renderer 0.30, browser 0.10)": the biggest kinds first. */
export const memoryFigure = (memory: BrowserMemory) =>
  `${gb(memory.total)} (` +
  Object.entries(memory.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, bytes]) => `${kind} ${(bytes / GB).toFixed(2)}`)
    .join(', ') +
  ')';
