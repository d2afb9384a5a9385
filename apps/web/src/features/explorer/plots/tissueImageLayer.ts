/**
 * The run's tissue image under the spatial plot (spec 03 §2.1): `useTissueImageLayer` turns the run's spatial
 * folder image into LinkedPlots props and the props of its control (./TissueImageControl.tsx, part of the explorer's
 * chrome). Runs without a spatial folder get neither.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TissueImage } from '@atlas/viz';
import { useTissueImage } from '../data/tissueImage';
import { useExplorer, type RunRef } from '../state/store';

/** Points over the image are slightly see-through, so the tissue under each tixel stays visible. */
const POINT_OPACITY_OVER_IMAGE = 0.7;

export interface TissueImageControlProps {
  shown: boolean;
  opacity: number;
  onShownChange: (shown: boolean) => void;
  onOpacityChange: (opacity: number) => void;
}

export interface TissueImageLayer {
  /** For LinkedPlots: the image (null when hidden or absent) and the spatial points' opacity. */
  tissueImage: TissueImage | null;
  spatialPointOpacity: number;
  /** Over the image, spots are drawn at their physical diameter (DESIGN §9); undefined = the size bands. */
  spotDiameter: number | undefined;
  /** Null while loading and for runs without an image: then no control is shown. */
  control: TissueImageControlProps | null;
}

export function useTissueImageLayer(run: RunRef | null): TissueImageLayer {
  const loaded = useTissueImage(run).data ?? null;
  // In the store, so that a figure export draws the image as shown.
  const { shown, opacity, patch } = useExplorer(
    useShallow((st) => ({ shown: st.tissueShown, opacity: st.tissueOpacity, patch: st.patch })),
  );
  const image = useMemo<TissueImage | null>(() => {
    if (!loaded) return null;
    const [x0, y0, x1, y1] = loaded.bounds;
    // deck.gl's order is [left, bottom, right, top], "top" being the image's first row: y0 in image coordinates.
    return { image: loaded.bitmap, bounds: [x0, y1, x1, y0] };
  }, [loaded]);
  // One object per image and opacity: a new one on every render would rebuild the plots' layers and redraw them.
  const drawn = useMemo(() => (shown && image ? { ...image, opacity } : null), [shown, image, opacity]);
  return {
    tissueImage: drawn,
    spatialPointOpacity: drawn ? POINT_OPACITY_OVER_IMAGE : 1,
    spotDiameter: drawn ? loaded?.spotDiameter : undefined,
    control: image
      ? {
          shown,
          opacity,
          onShownChange: (value) => patch({ tissueShown: value }),
          onOpacityChange: (value) => patch({ tissueOpacity: value }),
        }
      : null,
  };
}
