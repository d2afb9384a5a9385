import { useRef } from 'react';
import type { Layer, Viewport } from '@deck.gl/core';
import { categoricalLut } from './colormaps';
import { ValuePointsLayer } from './layers/ValuePointsLayer';
import { tixelDiameterPx } from './pointSize';

/**
 * The points of one panel of a many-view Deck (the multi-sample grid, Atlas Compare): one layer per view, drawn only
 * in its own view, as GL points (their sizes are in screen pixels and nothing is picked: see `shouldUseGlPoints`),
 * with the same sizes and colouring as the main plots.
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

const pointLayerId = (viewId: string) => `${viewId}-gl-points`;

/** The id of a view's selection outline (Atlas Compare). */
export const selectionLayerId = (viewId: string) => `${viewId}-selection`;

/** Whether a layer belongs to a view's panel (its points or its selection outline). */
export const isPanelLayer = (layer: Layer, viewId: string): boolean =>
  layer.id === pointLayerId(viewId) || layer.id === selectionLayerId(viewId);

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

/** The panel's points, one GL point per tixel. */
export function gridPointLayer(panel: GridPanelPoints): ValuePointsLayer {
  const { viewId, positions, values, displayScale, ...colouring } = panel;
  return new ValuePointsLayer({
    ...colouring,
    data: binaryData(positions, values),
    antialiasing: values.length < 200_000,
    id: pointLayerId(viewId),
    pointSizePixels: tixelDiameterPx(values.length, displayScale),
  });
}
