import { describe, expect, it } from 'vitest';
import type { Buffer, Device } from '@luma.gl/core';
import { SharedAttributeBuffer } from './useSharedAttribute';

/** A device that records its buffers: what was made, written and destroyed (no GPU in Node). */
function recordingDevice() {
  const buffers: Array<{ byteLength: number; writes: number[]; destroyed: boolean; device: unknown }> = [];
  const device = {
    createBuffer({ byteLength }: { byteLength: number }) {
      const buffer = {
        device,
        byteLength,
        writes: [] as number[],
        destroyed: false,
        write(data: ArrayBufferView) {
          buffer.writes.push(data.byteLength);
        },
        destroy() {
          buffer.destroyed = true;
        },
      };
      buffers.push(buffer);
      return buffer as unknown as Buffer;
    },
  };
  return { device: device as unknown as Device, buffers };
}

/** Frames run when the test says so. */
function frames() {
  let queue: Array<() => void> = [];
  return {
    schedule: (then: () => void) => void queue.push(then),
    run(count: number) {
      for (let i = 0; i < count; i++) {
        const now = queue;
        queue = [];
        for (const then of now) then();
      }
    },
  };
}

describe('SharedAttributeBuffer', () => {
  it('hands the array itself until the Deck has a device', () => {
    const slot = new SharedAttributeBuffer(frames().schedule);
    const values = new Float32Array(10);
    const attribute = slot.attributeFor(values, 1, null);
    expect(attribute).toEqual({ value: values, size: 1 });
    slot.commit(attribute);
  });

  it('writes each new array once, at commit, over one buffer while it is large enough', () => {
    const { device, buffers } = recordingDevice();
    const slot = new SharedAttributeBuffer(frames().schedule);
    const first = slot.attributeFor(new Float32Array(100), 1, device);
    expect(buffers[0]!.writes).toEqual([]);
    slot.commit(first);
    const second = slot.attributeFor(new Float32Array(100), 1, device);
    slot.commit(second);
    expect(second).not.toBe(first);
    expect(second.buffer).toBe(first.buffer);
    expect(buffers).toHaveLength(1);
    expect(buffers[0]!.writes).toEqual([400, 400]);
  });

  it('retires a buffer given up for a longer array two frames after the commit, not before', () => {
    const { device, buffers } = recordingDevice();
    const clock = frames();
    const slot = new SharedAttributeBuffer(clock.schedule);
    slot.commit(slot.attributeFor(new Uint8Array(8), 1, device));
    const longer = slot.attributeFor(new Uint8Array(64), 1, device);
    expect(buffers.map((b) => b.byteLength)).toEqual([8, 64]);
    clock.run(2);
    expect(buffers[0]!.destroyed).toBe(false);
    slot.commit(longer);
    clock.run(1);
    expect(buffers[0]!.destroyed).toBe(false);
    clock.run(1);
    expect(buffers[0]!.destroyed).toBe(true);
    expect(buffers[1]!.destroyed).toBe(false);
  });

  it('makes a new buffer on a new device', () => {
    const a = recordingDevice();
    const b = recordingDevice();
    const slot = new SharedAttributeBuffer(frames().schedule);
    slot.commit(slot.attributeFor(new Float32Array(4), 1, a.device));
    expect(slot.attributeFor(new Float32Array(4), 1, b.device).buffer).toBe(b.buffers[0]);
  });

  it('destroys its buffer once unmounted, but keeps it through StrictMode’s unmount and mount again', () => {
    const { device, buffers } = recordingDevice();
    const clock = frames();
    const slot = new SharedAttributeBuffer(clock.schedule);
    slot.mount();
    slot.commit(slot.attributeFor(new Float32Array(4), 1, device));
    slot.unmount();
    slot.mount();
    clock.run(2);
    expect(buffers[0]!.destroyed).toBe(false);
    slot.unmount();
    clock.run(2);
    expect(buffers[0]!.destroyed).toBe(true);
    // A later render makes a new one rather than drawing from the destroyed one.
    expect(slot.attributeFor(new Float32Array(4), 1, device).buffer).toBe(buffers[1]);
  });
});
