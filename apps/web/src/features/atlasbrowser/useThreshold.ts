import { useEffect, useRef, useState } from 'react';
import { ATLASBROWSER } from '@atlas/contracts';
import type { ShowSnack } from '../../app/feedback';
import { ThresholdClient } from './thresholdClient';

export interface Thresholded {
  canvas: HTMLCanvasElement;
  data: Uint8Array;
}

/** Threshold → the black-and-white canvas: the image's pixels read, the workers' pass, the result drawn. */
export async function thresholdCanvas(
  client: ThresholdClient,
  image: HTMLCanvasElement,
  neighborhood: number,
  c: number,
): Promise<Thresholded & { workerMs: number }> {
  const { bw: data, canvas, ms } = await client.threshold(image, neighborhood, c);
  return { canvas, data, workerMs: ms };
}

/** Adaptive threshold of the working image in a Web Worker (spec 02 §4.3); changing C or the neighbourhood drops it. */
export function useThreshold(snack: ShowSnack) {
  const [cValue, setCValue] = useState<number>(ATLASBROWSER.threshold.default);
  const [neighborhood, setNeighborhood] = useState<number>(ATLASBROWSER.threshold.default);
  const [running, setRunning] = useState(false);
  const [bw, setBw] = useState<Thresholded | null>(null);
  const client = useRef<ThresholdClient | null>(null);
  useEffect(() => () => client.current?.close(), []);

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
    /** True when the black-and-white image is ready. */
    async run(image: HTMLCanvasElement): Promise<boolean> {
      setRunning(true);
      try {
        client.current ??= new ThresholdClient();
        const { canvas, data } = await thresholdCanvas(client.current, image, neighborhood, cValue);
        setBw({ canvas, data });
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
