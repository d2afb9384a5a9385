/**
 * Upload speed and time left from progress samples over a sliding window, so a stall or a burst shows within
 * seconds instead of being averaged over the whole upload.
 */
export interface RateSample {
  at: number;
  bytes: number;
}

const WINDOW_MS = 4000;

export function addSample(samples: readonly RateSample[], sample: RateSample): RateSample[] {
  const kept = samples.filter((s) => sample.at - s.at <= WINDOW_MS && s.bytes <= sample.bytes);
  return [...kept, sample];
}

/** Bytes per second over the window, or null until two samples at least 200 ms apart exist. */
export function bytesPerSecond(samples: readonly RateSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 200) return null;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

/** "1 h 02 min", "3 min 05 s", "12 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}
