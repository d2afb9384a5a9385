import { useMemo } from 'react';
import type { Layer } from '@deck.gl/core';
import { BitmapLayer } from '@deck.gl/layers';
import { categoricalLut, heatmapLut, type HeatmapPalette } from '../colormaps';
import { ValuePointsLayer } from '../layers/ValuePointsLayer';
import { ValueScatterLayer } from '../layers/ValueScatterLayer';
import { shouldUseGlPoints, tixelDiameterPx } from '../pointSize';
import type { PlotViewId, TissueImage } from './props';

export interface LinkedLayerInput {
  viewIds: readonly PlotViewId[];
  embedding: Float32Array | null;
  spatial: Float32Array | null;
  values: Float32Array;
  colorMode: 'continuous' | 'categorical';
  palette: HeatmapPalette;
  customColors: [string, string] | undefined;
  clusterColors: readonly string[];
  range: [number, number];
  displayScale: number;
  pointDiameterPx: number | undefined;
  spotDiameter: number | undefined;
  selected: Uint8Array | null;
  dimOpacity: number;
  tissueImage: TissueImage | null;
  spatialPointOpacity: number;
  pickable: boolean;
}

const EMPTY_LUT_KEY = '';

/**
 * The layers of the two views: the tissue image under the spatial points, and per view the points coloured in the
 * shader (ValueScatterLayer, or GL points for big runs; ./pointSize.ts). Every layer id starts with its view's id,
 * which is how each view picks its own layers.
 */
export function useLinkedLayers(input: LinkedLayerInput): Layer[] {
  const { viewIds, embedding, spatial, values, colorMode, palette, customColors, clusterColors, range } = input;
  const { displayScale, pointDiameterPx, spotDiameter, selected, dimOpacity, tissueImage } = input;
  const { spatialPointOpacity, pickable } = input;

  // Colour tables: rebuilt only when the palette changes; the layer uploads them as a 1 KB texture.
  const clusterKey = clusterColors.join(',');
  const customKey = customColors ? customColors.join(',') : EMPTY_LUT_KEY;
  const colormap = useMemo(
    () =>
      colorMode === 'categorical'
        ? categoricalLut(clusterKey.split(','))
        : heatmapLut(palette, customKey ? (customKey.split(',') as [string, string]) : undefined),
    [colorMode, palette, clusterKey, customKey],
  );

  // Binary attribute objects keep their identity so deck re-uploads only what changed.
  const n = values.length;
  const valueAttr = useMemo(() => ({ value: values, size: 1 }), [values]);
  const selectedAttr = useMemo(() => (selected ? { value: selected, size: 1 } : null), [selected]);
  const embeddingAttr = useMemo(() => (embedding ? { value: embedding, size: 2 } : null), [embedding]);
  const spatialAttr = useMemo(() => (spatial ? { value: spatial, size: 2 } : null), [spatial]);
  const dataFor = useMemo(() => {
    const make = (pos: { value: Float32Array; size: number } | null) =>
      pos
        ? {
            length: Math.min(n, pos.value.length >> 1),
            attributes: {
              getPosition: pos,
              getValue: valueAttr,
              ...(selectedAttr ? { getSelected: selectedAttr } : {}),
            },
          }
        : null;
    return { embedding: make(embeddingAttr), spatial: make(spatialAttr) };
  }, [n, valueAttr, selectedAttr, embeddingAttr, spatialAttr]);

  const diameterPx = pointDiameterPx ?? tixelDiameterPx(n, displayScale);
  const [low, high] = range;
  return useMemo(() => {
    const out: Layer[] = [];
    if (tissueImage && spatial) {
      out.push(
        new BitmapLayer({
          id: 'spatial-image',
          image: tissueImage.image,
          bounds: tissueImage.bounds,
          opacity: tissueImage.opacity ?? 1,
        }),
      );
    }
    for (const id of viewIds) {
      const data = dataFor[id];
      if (!data) continue;
      const physical = id === 'spatial' && spotDiameter !== undefined && spotDiameter > 0;
      const common = {
        data,
        colormap,
        colorMode,
        range: [low, high] as [number, number],
        paletteSize: colorMode === 'categorical' ? clusterColors.length : 256,
        dimEnabled: Boolean(selected),
        dimOpacity,
        opacity: id === 'spatial' ? spatialPointOpacity : 1,
        antialiasing: n < 200_000,
      };
      // The two kinds get different ids: deck would otherwise hand one layer's GPU state to the other.
      out.push(
        shouldUseGlPoints({ physical, pickable })
          ? new ValuePointsLayer({ ...common, id: `${id}-gl-points`, pointSizePixels: diameterPx })
          : new ValueScatterLayer({
              ...common,
              id: `${id}-points`,
              radiusUnits: physical ? 'common' : 'pixels',
              getRadius: physical ? spotDiameter / 2 : diameterPx / 2,
              radiusMinPixels: 0.5,
              pickable,
              autoHighlight: false,
            }),
      );
    }
    return out;
    // The range is compared by value so a new array with the same numbers costs nothing.
  }, [
    tissueImage,
    spatialPointOpacity,
    spatial,
    viewIds,
    dataFor,
    spotDiameter,
    diameterPx,
    n,
    colormap,
    colorMode,
    low,
    high,
    clusterColors.length,
    selected,
    dimOpacity,
    pickable,
  ]);
}
