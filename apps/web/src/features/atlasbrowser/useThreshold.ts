import { useCallback, useEffect, useRef, useState } from 'react';
import { ATLASBROWSER, ATLASBROWSER_MSG } from '@atlas/contracts';
import { maskBelow, otsuThreshold, type Roi } from '@atlas/spatial/atlasbrowser';
import type { ShowSnack } from '../../app/feedback';
import type { BwImage } from './bwImage';
import { ThresholdClient } from './thresholdClient';

/** How Autofill decides: the fixed 210 on the thresholded image, or Otsu's threshold of the image inside the ROI. */
export type AutofillMethod = 'fixed' | 'otsu';

/**
 * Adaptive threshold of the working image in Web Workers (spec 02 §4.3); changing C or the neighbourhood drops it.
 * Also the automatic autofill threshold, from the same workers' grey bands.
 */
export function useThreshold(snack: ShowSnack) {
  const [cValue, setCValue] = useState<number>(ATLASBROWSER.threshold.default);
  const [neighborhood, setNeighborhood] = useState<number>(ATLASBROWSER.threshold.default);
  const [running, setRunning] = useState(false);
  const [bw, setBw] = useState<BwImage | null>(null);
  const [autofillMethod, setAutofillMethod] = useState<AutofillMethod>('fixed');
  /** The last automatic threshold applied, shown beside the method and written into metadata.json. */
  const [autoThreshold, setAutoThreshold] = useState<number | null>(null);
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
    autofillMethod,
    setAutofillMethod,
    autoThreshold,
    clear: () => {
      setBw(null);
      setAutoThreshold(null);
    },
    changeC(v: number) {
      setCValue(v);
      setBw(null);
    },
    changeNeighborhood(v: number) {
      setNeighborhood(v);
      setBw(null);
    },
    prepare,
    /**
     * The tissue mask by Otsu's threshold of the tixels' mean grey levels over the whole grid (dark = tissue, as
     * the fixed threshold reads the black-and-white image); null, with a message, when it cannot be had.
     */
    async autoMask(
      image: HTMLCanvasElement,
      roi: Roi,
      channels: number,
    ): Promise<{ mask: Uint8Array; threshold: number } | null> {
      setRunning(true);
      try {
        const means = await pool().tixelMeans(image, roi, channels);
        const threshold = otsuThreshold(means);
        if (threshold === null) {
          snack(ATLASBROWSER_MSG.autoThresholdNoContrast, { color: 'warning' });
          return null;
        }
        setAutoThreshold(threshold);
        return { mask: maskBelow(means, threshold), threshold };
      } catch (error) {
        snack((error as Error).message, { color: 'error' });
        return null;
      } finally {
        setRunning(false);
      }
    },
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
