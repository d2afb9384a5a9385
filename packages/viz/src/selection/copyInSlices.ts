/**
 * A copy of a typed array made a slice per task. Sending a 5M-cell run's positions to the selection worker needs a
 * buffer of their own (they view the tixel table's response): one 40 MB copy was a 150–230 ms long task at the first
 * hover on a 2-core machine whose page faults are dear (~15 µs per 4 KiB page), the pointer frozen meanwhile. In
 * 2 MB slices each task stays near 10 ms, and the page is free between them.
 */
export async function copyInSlices(
  source: Float32Array,
  sliceLength = SLICE_LENGTH,
  nextTask: () => Promise<void> = yieldToPage,
): Promise<Float32Array> {
  const copy = new Float32Array(source.length);
  for (let start = 0; start < source.length; start += sliceLength) {
    if (start > 0) await nextTask();
    copy.set(source.subarray(start, start + sliceLength), start);
  }
  return copy;
}

/** 2 MB of float32 values. */
const SLICE_LENGTH = 1 << 19;

/** Lets the page run its pending tasks (input first, where the scheduler API exists) before the next slice. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
