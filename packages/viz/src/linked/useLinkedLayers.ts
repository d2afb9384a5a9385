import { useMemo } from 'react';
import type { Layer } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import type { HeatmapPalette } from '../colormaps';
import { tixelDiameterPx } from '../pointSize';
import type { OutlineWindow } from '@atlas/spatial/outline-window';
import { cellOutlineLayers, closeRings, vertexColours } from './cellLayers';
import { linkedLayers, pointsColormap, pointsData } from './layers';
import type { PlotViewId, TissueImage } from './props';
import { useSharedAttribute } from './useSharedAttribute';

export interface LinkedLayerInput {
  viewIds: readonly PlotViewId[];
  embedding: Float32Array | null;
  spatial: Float32Array | null;
  values: Float32Array;
  colorMode: 'continuous' | 'categorical';
  palette: HeatmapPalette;
  customColors: [string, string] | undefined;
  clusterColors: readonly string[];
  /** The CSS colour behind the points: the palette's low end is kept visible against it. */
  background: string;
  range: [number, number];
  displayScale: number;
  pointDiameterPx: number | undefined;
  spotDiameter: number | undefined;
  selected: Uint8Array | null;
  dimOpacity: number;
  tissueImage: TissueImage | null;
  spatialPointOpacity: number;
  pickable: boolean;
  /** Cell outlines to draw over the spatial points (null: points alone). */
  cellWindow: OutlineWindow | null;
  /** The Deck's GPU device once it has one: the views' values and selection then share one buffer each. */
  device: () => Device | null;
}

const EMPTY_LUT_KEY = '';

/** LinkedPlots' layers (./layers.ts), with each part kept while its inputs are unchanged. */
export function useLinkedLayers(input: LinkedLayerInput): Layer[] {
  const { viewIds, embedding, spatial, values, colorMode, palette, customColors, clusterColors, range } = input;
  const { background } = input;
  const { displayScale, pointDiameterPx, spotDiameter, selected, dimOpacity, tissueImage } = input;
  const { spatialPointOpacity, pickable, cellWindow, device } = input;

  // Colour tables: rebuilt only when the palette changes; the layer uploads them as a 1 KB texture.
  const clusterKey = clusterColors.join(',');
  const customKey = customColors ? customColors.join(',') : EMPTY_LUT_KEY;
  const colormap = useMemo(
    () =>
      pointsColormap(
        colorMode,
        palette,
        clusterKey.split(','),
        customKey ? (customKey.split(',') as [string, string]) : undefined,
        background,
      ),
    [colorMode, palette, clusterKey, customKey, background],
  );

  // Binary attribute objects keep their identity so deck re-uploads only what changed; the two views' values and
  // selection are on the GPU once.
  const n = values.length;
  const valueAttr = useSharedAttribute(device, values, 1)!;
  const selectedAttr = useSharedAttribute(device, selected, 1);
  const embeddingAttr = useMemo(() => (embedding ? { value: embedding, size: 2 } : null), [embedding]);
  const spatialAttr = useMemo(() => (spatial ? { value: spatial, size: 2 } : null), [spatial]);
  const data = useMemo(
    () => ({
      embedding: pointsData(embeddingAttr, valueAttr, selectedAttr),
      spatial: pointsData(spatialAttr, valueAttr, selectedAttr),
    }),
    [valueAttr, selectedAttr, embeddingAttr, spatialAttr],
  );

  const diameterPx = pointDiameterPx ?? tixelDiameterPx(n, displayScale);
  const [low, high] = range;
  const categoryCount = clusterColors.length;
  const hasSpatial = spatial !== null;
  const dimmed = Boolean(selected);
  // The outlines' geometry changes with the window only; their colours with the colouring.
  const rings = useMemo(() => (cellWindow ? closeRings(cellWindow) : null), [cellWindow]);
  const outlineLayers = useMemo(
    () =>
      cellWindow && rings
        ? cellOutlineLayers(
            rings,
            vertexColours(cellWindow, rings, {
              values,
              colormap,
              colorMode,
              range: [low, high],
              paletteSize: colorMode === 'categorical' ? categoryCount : 256,
              selected: dimmed ? selected : null,
              dimOpacity,
              opacity: spatialPointOpacity,
            }),
          )
        : [],
    [
      cellWindow,
      rings,
      values,
      colormap,
      colorMode,
      low,
      high,
      categoryCount,
      dimmed,
      selected,
      dimOpacity,
      spatialPointOpacity,
    ],
  );
  // The range is compared by value so a new array with the same numbers costs nothing.
  const pointLayers = useMemo(
    () =>
      linkedLayers({
        viewIds,
        data,
        hasSpatial,
        tissueImage,
        colormap,
        colorMode,
        range: [low, high],
        categoryCount,
        n,
        diameterPx,
        spotDiameter,
        dimmed,
        dimOpacity,
        spatialPointOpacity,
        pickable,
      }),
    [
      viewIds,
      data,
      hasSpatial,
      tissueImage,
      colormap,
      colorMode,
      low,
      high,
      categoryCount,
      n,
      diameterPx,
      spotDiameter,
      dimmed,
      dimOpacity,
      spatialPointOpacity,
      pickable,
    ],
  );
  return useMemo(() => [...pointLayers, ...outlineLayers], [pointLayers, outlineLayers]);
}
