import { useLayoutEffect, useMemo, useRef } from 'react';
import { Buffer, type Device } from '@luma.gl/core';
import type { BinaryAttribute } from './layers';

/**
 * One GPU buffer for a per-point array that both linked views draw (the values, the selection mask), handed to deck as
 * an external buffer. Given the array itself, deck uploads it once per layer: a 5M-cell gene pick sent 2 × 20 MB
 * through the command buffer, and a lasso 2 × 5 MB. Here the array is written once, in the layout phase, before the
 * panel hands its layers to the Deck. Until the Deck has a device (the first render), the array goes as it is.
 */
export function useSharedAttribute<T extends Float32Array | Uint8Array>(
  device: () => Device | null,
  array: T | null,
  size: number,
): BinaryAttribute<T> | null {
  const shared = useRef<SharedAttributeBuffer | null>(null);
  shared.current ??= new SharedAttributeBuffer();
  const slot = shared.current;
  const attribute = useMemo(
    () => (array ? slot.attributeFor(array, size, device()) : null),
    [slot, array, size, device],
  );
  useLayoutEffect(() => slot.commit(attribute), [slot, attribute]);
  useLayoutEffect(() => {
    slot.mount();
    return () => slot.unmount();
  }, [slot]);
  return attribute;
}

/** What the buffers need of the page: a frame callback (requestAnimationFrame in a page). */
export type FrameScheduler = (then: () => void) => void;

/**
 * The buffer behind `useSharedAttribute`, React-free. Every new array gets a new attribute object (deck redraws for a
 * new object, never for the same buffer rewritten), written over the same buffer while that is large enough. A buffer
 * given up (a longer array, a new device, the component gone) is destroyed two frames after the commit that gave it
 * up, when the Deck has drawn without it; one made by a render React threw away is left to the garbage collector.
 * StrictMode's rehearsal (unmounted and mounted again at once) keeps its buffer.
 */
export class SharedAttributeBuffer {
  private made: Buffer | null = null;
  private committed: Buffer | null = null;
  private mounted = false;

  constructor(private readonly onFrame: FrameScheduler = (then) => requestAnimationFrame(then)) {}

  /** The attribute for `array` (render phase: nothing is written yet). */
  attributeFor<T extends Float32Array | Uint8Array>(array: T, size: number, device: Device | null): BinaryAttribute<T> {
    if (!device) return { value: array, size };
    let buffer = this.made;
    if (!buffer || buffer.destroyed || buffer.device !== device || buffer.byteLength < array.byteLength) {
      buffer = device.createBuffer({ byteLength: Math.max(array.byteLength, 4), usage: Buffer.VERTEX });
      this.made = buffer;
    }
    return { value: array, size, buffer };
  }

  /** The attribute the panel now shows (layout phase): its array written to its buffer, a buffer given up retired. */
  commit(attribute: BinaryAttribute | null): void {
    const buffer = attribute?.buffer ?? null;
    if (buffer) buffer.write(attribute!.value);
    const previous = this.committed;
    if (previous && previous !== buffer) this.afterFrames(() => previous.destroy());
    this.committed = buffer;
  }

  mount(): void {
    this.mounted = true;
  }

  unmount(): void {
    this.mounted = false;
    const buffer = this.committed;
    if (buffer) this.afterFrames(() => !this.mounted && buffer.destroy());
  }

  /** Two frames on: the Deck asks for its frames before this is called, so it has drawn one by then. */
  private afterFrames(then: () => void): void {
    this.onFrame(() => this.onFrame(then));
  }
}
