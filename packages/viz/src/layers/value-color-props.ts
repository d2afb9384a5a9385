/**
 * What the value-coloured layers (ValueScatterLayer: instanced circles; ValuePointsLayer: GL points) share: the
 * props that drive {@link valueColorModule}, their defaults, the two per-point attributes and the 1 KB lookup
 * texture. Both layers read the same binary data and colour identically.
 */
import type { Accessor, DefaultProps } from '@deck.gl/core';
import type { Device, Texture } from '@luma.gl/core';
import { LUT_SIZE, NO_VALUE_COLOR } from '../colormaps';
import type { ValueColorProps } from './value-color-module';

/** Props a value-coloured layer adds to deck's own. */
export interface ValueColorLayerProps<DataT = unknown> {
  /** One value per point: an expression value (continuous) or a cluster code (categorical). NaN = no value. */
  getValue?: Accessor<DataT, number>;
  /** Selected flag per point (0 or 1); used only when `dimEnabled`. */
  getSelected?: Accessor<DataT, number>;
  /** 256×1 RGBA lookup table (see colormaps.ts). */
  colormap: Uint8Array;
  /** `continuous`: value → range → table; `categorical`: round(value) → table entry. */
  colorMode?: 'continuous' | 'categorical';
  /** Value range mapped onto the table ends in continuous mode. */
  range?: [number, number];
  /** Entries used in categorical mode (codes cycle over them); default 256. */
  paletteSize?: number;
  /** Dim the points whose selected flag is 0. */
  dimEnabled?: boolean;
  /** Alpha multiplier of dimmed points. */
  dimOpacity?: number;
  /** Colour of points without a value (RGBA bytes). */
  noValueColor?: readonly [number, number, number, number];
}

export const valueColorDefaultProps: DefaultProps<ValueColorLayerProps> = {
  getValue: { type: 'accessor', value: Number.NaN },
  getSelected: { type: 'accessor', value: 1 },
  colormap: { type: 'object', value: new Uint8Array(LUT_SIZE * 4), compare: false },
  colorMode: 'continuous',
  range: { type: 'array', value: [0, 1], compare: true },
  paletteSize: { type: 'number', value: LUT_SIZE },
  dimEnabled: false,
  dimOpacity: { type: 'number', min: 0, max: 1, value: 0.15 },
  noValueColor: { type: 'array', value: NO_VALUE_COLOR, compare: true },
};

/**
 * The per-point attributes the value colour shader reads. The `instance` names are the shader's; the scatter layer
 * registers them per instance, the points layer per vertex.
 */
export const VALUE_COLOR_ATTRIBUTES = {
  instanceValues: { size: 1, type: 'float32', accessor: 'getValue', defaultValue: Number.NaN },
  instanceSelected: { size: 1, type: 'uint8', accessor: 'getSelected', defaultValue: 1 },
} as const;

/** The module uniforms for a layer's current props. */
export function valueColorUniforms(
  props: Required<Omit<ValueColorLayerProps, 'getValue' | 'getSelected' | 'colormap'>>,
  valueColormap: Texture,
): ValueColorProps {
  const { range, colorMode, paletteSize, dimEnabled, dimOpacity, noValueColor } = props;
  return {
    noValueColor: [noValueColor[0] / 255, noValueColor[1] / 255, noValueColor[2] / 255, noValueColor[3] / 255],
    range: [range[0], range[1]],
    categorical: colorMode === 'categorical' ? 1 : 0,
    paletteSize,
    dimEnabled: dimEnabled ? 1 : 0,
    dimOpacity,
    valueColormap,
  };
}

/** Writes the lookup table into `texture`, creating it first when absent. Nearest sampling: entries must not blend. */
export function writeColormapTexture(
  device: Device,
  id: string,
  texture: Texture | undefined,
  lut: Uint8Array,
): Texture {
  if (lut.length !== LUT_SIZE * 4) throw new Error(`colormap must be ${LUT_SIZE}×1 RGBA (${LUT_SIZE * 4} bytes)`);
  const target =
    texture ??
    device.createTexture({
      id,
      width: LUT_SIZE,
      height: 1,
      format: 'rgba8unorm',
      mipLevels: 1,
      sampler: {
        minFilter: 'nearest',
        magFilter: 'nearest',
        mipmapFilter: 'none',
        addressModeU: 'clamp-to-edge',
        addressModeV: 'clamp-to-edge',
      },
    });
  target.writeData(lut);
  return target;
}
