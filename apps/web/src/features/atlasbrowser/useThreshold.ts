import { useCallback, useEffect, useRef, useState } from 'react';
import { ATLASBROWSER } from '@atlas/contracts';
import type { ShowSnack } from '../../app/feedback';
import type { BwImage } from './bwImage';
import { ThresholdClient } from './thresholdClient';

/** Adaptive threshold of the working image in Web Workers (spec 02 §4.3); changing C or the neighbourhood drops it. */
export function useThreshold(snack: ShowSnack) {
  const [cValue, setCValue] = useState<number>(ATLASBROWSER.threshold.default);
  const [neighborhood, setNeighborhood] = useState<number>(ATLASBROWSER.threshold.default);
  const [running, setRunning] = useState(false);
  const [bw, setBw] = useState<BwImage | null>(null);
  const client = useRef<ThresholdClient | null>(null);
  useEffect(() => () => client.current?.close(), []);
  const pool = useCallback(() => (client.current ??= new ThresholdClient()), []);
  /** Reads a new working image into the workers ahead of the Threshold button; a failure shows on that button. */
  const prepare = useCallback(
    (image: HTMLCanvasElement) => {
      pool()
        .load(image)
        .catch(() => undefined);
    },
    [pool],
  );

  return {
    cValue,
    neighborhood,
    running,
    bw,
    clear: () => setBw(null),
    changeC(v: number) {
      setCValue(v);
      setBw(null);
    },
    changeNeighborhood(v: number) {
      setNeighborhood(v);
      setBw(null);
    },
    prepare,
    /** True when the black-and-white image is ready; `shown` is the size the stage draws it at. */
    async run(image: HTMLCanvasElement, shown: { width: number; height: number }): Promise<boolean> {
      setRunning(true);
      try {
        setBw((await pool().threshold(image, neighborhood, cValue, shown)).image);
        return true;
      } catch (error) {
        snack((error as Error).message, { color: 'error' });
        return false;
      } finally {
        setRunning(false);
      }
    },
  };
}
