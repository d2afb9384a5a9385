import { describe, expect, it } from 'vitest';
import { copyInSlices } from './copyInSlices';

describe('copyInSlices', () => {
  it('copies every value into a buffer of its own, a slice per task', async () => {
    const backing = new Float32Array(20).map((_, i) => i * 1.5);
    const view = backing.subarray(3, 13);
    const tasks: number[] = [];
    let copied = 0;
    const copy = await copyInSlices(view, 4, async () => {
      tasks.push(copied);
      copied++;
    });
    expect(Array.from(copy)).toEqual(Array.from(view));
    expect(copy.buffer).not.toBe(backing.buffer);
    expect(copy.byteLength).toBe(copy.buffer.byteLength);
    // 10 values in slices of 4: three slices, a task between each two.
    expect(tasks).toHaveLength(2);
  });

  it('copies an empty array without waiting', async () => {
    let waited = false;
    const copy = await copyInSlices(new Float32Array(0), 4, async () => {
      waited = true;
    });
    expect(copy).toHaveLength(0);
    expect(waited).toBe(false);
  });

  it('yields to the page between slices by default', async () => {
    const source = new Float32Array(3 << 19).fill(2);
    let ranBetween = false;
    setTimeout(() => (ranBetween = true), 0);
    const copy = await copyInSlices(source);
    expect(ranBetween).toBe(true);
    expect(copy[copy.length - 1]).toBe(2);
  });
});
