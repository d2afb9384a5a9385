import { useRef } from 'react';
import type { Layer, Viewport } from '@deck.gl/core';
import { categoricalLut } from './colormaps';
import { ValuePointsLayer } from './layers/ValuePointsLayer';
import { ValueScatterLayer } from './layers/ValueScatterLayer';
import { shouldUseGlPoints, tixelDiameterPx } from './pointSize';

/**
 * The points of one panel of a many-view Deck (the multi-sample grid, Atlas Compare): one layer per view, drawn only
 * in its own view, with the same layer choice, sizes and colouring as the main plots.
 */

/** See LinkedPlots: no MSAA (the point shader smooths edges), and the drawing buffer kept for screenshots. */
export const GRID_DEVICE_PROPS = { webgl: { antialias: false, preserveDrawingBuffer: true } };

type BinaryData = { length: number; attributes: Record<string, { value: Float32Array; size: number }> };

// Deck re-uploads a layer's buffers whenever its `data` object changes, so a panel's data object keeps its identity
// for as long as its arrays do. Weak keys: entries go with the arrays.
const dataCache = new WeakMap<Float32Array, WeakMap<Float32Array, BinaryData>>();

function binaryData(positions: Float32Array, values: Float32Array): BinaryData {
  let byValues = dataCache.get(positions);
  if (!byValues) dataCache.set(positions, (byValues = new WeakMap()));
  let data = byValues.get(values);
  if (!data) {
    data = {
      length: Math.min(values.length, positions.length >> 1),
      attributes: { getPosition: { value: positions, size: 2 }, getValue: { value: values, size: 1 } },
    };
    byValues.set(values, data);
  }
  return data;
}

// The two layer kinds get different ids: deck would otherwise hand one layer's GPU state to the other when a
// panel's tixel count crosses into another size band.
const pointLayerId = (viewId: string, glPoints: boolean) => `${viewId}-${glPoints ? 'gl-points' : 'points'}`;

/** The id of a view's selection outline (Atlas Compare). */
export const selectionLayerId = (viewId: string) => `${viewId}-selection`;

/** Whether a layer belongs to a view's panel (its points or its selection outline). */
export const isPanelLayer = (layer: Layer, viewId: string): boolean =>
  layer.id === pointLayerId(viewId, layer instanceof ValuePointsLayer) || layer.id === selectionLayerId(viewId);

/** Deck's `layerFilter`: each view draws only its own panel's layers. */
export const ownViewOnly = ({ layer, viewport }: { layer: Layer; viewport: Viewport }) =>
  isPanelLayer(layer, viewport.id);

/** Categorical look-up tables by palette, kept across renders (a new table would re-upload a texture). */
export function useClusterLuts(): (colors: readonly string[]) => Uint8Array {
  const luts = useRef(new Map<string, Uint8Array>());
  return (colors) => {
    const key = colors.join(',');
    let lut = luts.current.get(key);
    if (!lut) luts.current.set(key, (lut = categoricalLut(colors)));
    return lut;
  };
}

export interface GridPanelPoints {
  viewId: string;
  positions: Float32Array;
  values: Float32Array;
  colormap: Uint8Array;
  colorMode: 'categorical' | 'continuous';
  range: [number, number];
  paletteSize: number;
  displayScale: number;
}

/** The panel's points as GL points or instanced circles, whichever its tixel count calls for (./pointSize.ts). */
export function gridPointLayer(panel: GridPanelPoints): ValuePointsLayer | ValueScatterLayer {
  const { viewId, positions, values, displayScale, ...colouring } = panel;
  const diameterPx = tixelDiameterPx(values.length, displayScale);
  const common = { ...colouring, data: binaryData(positions, values), antialiasing: values.length < 200_000 };
  return shouldUseGlPoints(values.length, { physical: false, pickable: false })
    ? new ValuePointsLayer({ ...common, id: pointLayerId(viewId, true), pointSizePixels: diameterPx })
    : new ValueScatterLayer({
        ...common,
        id: pointLayerId(viewId, false),
        radiusUnits: 'pixels',
        getRadius: diameterPx / 2,
        radiusMinPixels: 0.5,
        pickable: false,
      });
}
