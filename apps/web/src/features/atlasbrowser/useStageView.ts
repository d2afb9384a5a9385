import { useCallback, useState } from 'react';
import { ATLASBROWSER } from '@atlas/contracts';
import type { Roi } from '@atlas/spatial/atlasbrowser';
import type { GenerateInput } from './generateArgs';
import type { StageMode } from './Stage';
import type { Background } from './toolPanelProps';

/**
 * What the browser's stage shows and how it is being edited: background, scale, mode, ROI, grid, counts and brush.
 * The image-derived data (threshold, mask) lives in its own hooks; this is the view over it.
 */
export function useStageView() {
  const [background, setBackground] = useState<Background>('bsa');
  const [scale, setScale] = useState<number>(ATLASBROWSER.scale.default);
  const [mode, setMode] = useState<StageMode>('view');
  const [roi, setRoi] = useState<Roi | null>(null);
  const [selectedCorner, setSelectedCorner] = useState(0);
  const [gridShown, setGridShown] = useState(false);
  const [brush, setBrushSize] = useState<number>(ATLASBROWSER.brush.default);
  const [showCounts, setShowCounts] = useState(false);
  /** The threshold of the last Autofill, for metadata.json. */
  const [autofilledBy, setAutofilledBy] = useState<GenerateInput['autofill']>();

  /** A new image or run: the view starts over (scale and brush size stay, as the admin set them). */
  const reset = useCallback(() => {
    setMode('view');
    setRoi(null);
    setGridShown(false);
    setShowCounts(false);
    setBackground('bsa');
  }, []);

  return {
    background,
    setBackground,
    scale,
    setScale,
    mode,
    setMode,
    roi,
    setRoi,
    selectedCorner,
    setSelectedCorner,
    gridShown,
    setGridShown,
    brush,
    /** Clamped to the allowed brush sizes. */
    setBrush: (v: number) => setBrushSize(Math.min(ATLASBROWSER.brush.max, Math.max(ATLASBROWSER.brush.min, v))),
    showCounts,
    setShowCounts,
    autofilledBy,
    setAutofilledBy,
    /** The BW background goes when the threshold's parameters change: it no longer matches them. */
    dropThresholdView: () => setBackground((b) => (b === 'bw' ? 'bsa' : b)),
    reset,
  };
}

export type StageView = ReturnType<typeof useStageView>;
