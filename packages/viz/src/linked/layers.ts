/**
 * The layers of LinkedPlots' two views, pure: the tissue image under the spatial points, and per view the points
 * coloured in the shader (ValueScatterLayer, or GL points for big runs; ../pointSize.ts). Every layer id starts with
 * its view's id, which is how each view picks its own layers. `useLinkedLayers` memoises the parts; a page's first
 * frame drawn before the app (../first-frame.ts) builds the same layers from the same functions.
 */
import type { Layer } from '@deck.gl/core';
import type { Buffer } from '@luma.gl/core';
import { BitmapLayer } from '@deck.gl/layers';
import { categoricalLut, heatmapLut, type HeatmapPalette } from '../colormaps';
import { ValuePointsLayer } from '../layers/ValuePointsLayer';
import { ValueScatterLayer } from '../layers/ValueScatterLayer';
import { shouldUseGlPoints } from '../pointSize';
import type { PlotViewId, TissueImage } from './props';

/**
 * A binary attribute as deck takes it: the typed array and the values per point, and where the array is on the GPU
 * already (./useSharedAttribute.ts), that buffer, which deck then draws from without an upload of its own.
 */
export interface BinaryAttribute<T extends Float32Array | Uint8Array = Float32Array | Uint8Array> {
  value: T;
  size: number;
  buffer?: Buffer;
}

/** One view's points as deck's binary data. */
export interface PointsData {
  length: number;
  attributes: {
    getPosition: BinaryAttribute<Float32Array>;
    getValue: BinaryAttribute<Float32Array>;
    getSelected?: BinaryAttribute<Uint8Array>;
  };
}

/**
 * The colour table of the points: the category colours, or the palette's (a custom ramp between two colours) with
 * its low end kept visible against the background.
 */
export function pointsColormap(
  colorMode: 'continuous' | 'categorical',
  palette: HeatmapPalette,
  clusterColors: readonly string[],
  customColors: readonly [string, string] | undefined,
  background: string,
): Uint8Array {
  return colorMode === 'categorical' ? categoricalLut(clusterColors) : heatmapLut(palette, customColors, background);
}

/** A view's points; null without positions. At most one point per position pair and per value. */
export function pointsData(
  positions: BinaryAttribute<Float32Array> | null,
  values: BinaryAttribute<Float32Array>,
  selected: BinaryAttribute<Uint8Array> | null,
): PointsData | null {
  if (!positions) return null;
  return {
    length: Math.min(values.value.length, positions.value.length >> 1),
    attributes: { getPosition: positions, getValue: values, ...(selected ? { getSelected: selected } : {}) },
  };
}

export interface LinkedLayersArgs {
  viewIds: readonly PlotViewId[];
  data: Record<PlotViewId, PointsData | null>;
  /** The run has spatial positions (the tissue image lies under them). */
  hasSpatial: boolean;
  tissueImage: TissueImage | null;
  colormap: Uint8Array;
  colorMode: 'continuous' | 'categorical';
  range: readonly [number, number];
  /** Colours in the categorical table (the continuous table has 256). */
  categoryCount: number;
  /** How many tixels (big runs draw without antialiasing). */
  n: number;
  diameterPx: number;
  spotDiameter: number | undefined;
  dimmed: boolean;
  dimOpacity: number;
  spatialPointOpacity: number;
  pickable: boolean;
}

export function linkedLayers(args: LinkedLayersArgs): Layer[] {
  const { viewIds, data, colormap, colorMode, range, n, diameterPx, spotDiameter, pickable } = args;
  const out: Layer[] = [];
  if (args.tissueImage && args.hasSpatial) {
    out.push(
      new BitmapLayer({
        id: 'spatial-image',
        image: args.tissueImage.image,
        bounds: args.tissueImage.bounds,
        opacity: args.tissueImage.opacity ?? 1,
      }),
    );
  }
  for (const id of viewIds) {
    const points = data[id];
    if (!points) continue;
    const physical = id === 'spatial' && spotDiameter !== undefined && spotDiameter > 0;
    const common = {
      data: points,
      colormap,
      colorMode,
      range: [range[0], range[1]] as [number, number],
      paletteSize: colorMode === 'categorical' ? args.categoryCount : 256,
      dimEnabled: args.dimmed,
      dimOpacity: args.dimOpacity,
      opacity: id === 'spatial' ? args.spatialPointOpacity : 1,
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
}
