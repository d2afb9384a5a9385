import { describe, expect, it } from 'vitest';
import { addSample, bytesPerSecond, formatBytes, formatDuration } from './rate';

describe('upload rate', () => {
  it('measures over the last few seconds only', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    samples = addSample(samples, { at: 1000, bytes: 1_000_000 });
    expect(bytesPerSecond(samples)).toBe(1_000_000);
    samples = addSample(samples, { at: 10_000, bytes: 2_000_000 });
    samples = addSample(samples, { at: 12_000, bytes: 6_000_000 });
    expect(bytesPerSecond(samples)).toBe(2_000_000);
  });

  it('waits for a meaningful interval and restarts after a resume goes back', () => {
    expect(bytesPerSecond(addSample([], { at: 0, bytes: 5 }))).toBeNull();
    const samples = addSample([{ at: 0, bytes: 900 }], { at: 1000, bytes: 100 });
    expect(samples).toEqual([{ at: 1000, bytes: 100 }]);
  });

  it('formats sizes and durations', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.50 GB');
    expect(formatDuration(12.4)).toBe('12 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
  });
});
