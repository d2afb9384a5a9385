/**
 * ScatterplotLayer that colours on the GPU: one float per point (`getValue`, a binary attribute) goes through a
 * 256×1 RGBA lookup texture built from `colormap`; `range`, `colorMode`, `dimOpacity` are uniforms. A per-point
 * selected flag (`getSelected`, 0/1 bytes) dims the unselected points when `dimEnabled`. Changing the range,
 * palette or dimming re-uploads no point buffer; changing the values re-uploads only the value buffer.
 *
 * Data is binary: `{length, attributes: {getPosition: {value: Float32Array, size: 2},
 *   getValue: {value: Float32Array, size: 1}, getSelected: {value: Uint8Array, size: 1}}}`.
 */
import { type Accessor, type DefaultProps, type UpdateParameters } from '@deck.gl/core';
import { ScatterplotLayer, type ScatterplotLayerProps } from '@deck.gl/layers';
import type { Texture } from '@luma.gl/core';
import { LUT_SIZE, NO_VALUE_COLOR } from '../colormaps';
import { VALUE_COLOR_VS_DECL, VALUE_COLOR_VS_MAIN_END, valueColorModule, type ValueColorProps } from './value-color-module';

/** Props the value layer adds to ScatterplotLayer's. */
export interface ValueScatterLayerExtraProps<DataT = unknown> {
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

export type ValueScatterLayerProps<DataT = unknown> = ScatterplotLayerProps<DataT> & ValueScatterLayerExtraProps<DataT>;

const defaultProps: DefaultProps<ValueScatterLayerExtraProps> = {
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

export class ValueScatterLayer<DataT = unknown, ExtraProps extends object = object> extends ScatterplotLayer<
  DataT,
  Required<ValueScatterLayerExtraProps<DataT>> & ExtraProps
> {
  static override layerName = 'ValueScatterLayer';
  static override defaultProps = { ...ScatterplotLayer.defaultProps, ...defaultProps };

  declare state: ScatterplotLayer['state'] & { colormapTexture?: Texture };

  override getShaders() {
    const shaders = super.getShaders();
    return {
      ...shaders,
      modules: [...shaders.modules, valueColorModule],
      inject: {
        ...shaders.inject,
        'vs:#decl': `${shaders.inject?.['vs:#decl'] ?? ''}\n${VALUE_COLOR_VS_DECL}`,
        'vs:#main-end': `${shaders.inject?.['vs:#main-end'] ?? ''}\n${VALUE_COLOR_VS_MAIN_END}`,
      },
    };
  }

  override initializeState() {
    super.initializeState();
    this.getAttributeManager()!.addInstanced({
      instanceValues: { size: 1, type: 'float32', accessor: 'getValue', defaultValue: Number.NaN },
      instanceSelected: { size: 1, type: 'uint8', accessor: 'getSelected', defaultValue: 1 },
    });
  }

  override updateState(params: UpdateParameters<this>) {
    super.updateState(params);
    const { props, oldProps } = params;
    if (!this.state.colormapTexture || props.colormap !== oldProps.colormap) this._uploadColormap(props.colormap);
  }

  override finalizeState(context: Parameters<ScatterplotLayer['finalizeState']>[0]) {
    super.finalizeState(context);
    this.state.colormapTexture?.destroy();
  }

  override draw(opts: Parameters<ScatterplotLayer['draw']>[0]) {
    const { range, colorMode, paletteSize, dimEnabled, dimOpacity, noValueColor } = this.props;
    const texture = this.state.colormapTexture;
    if (!texture) return;
    const valueColor: ValueColorProps = {
      noValueColor: [noValueColor[0] / 255, noValueColor[1] / 255, noValueColor[2] / 255, noValueColor[3] / 255],
      range: [range[0], range[1]],
      categorical: colorMode === 'categorical' ? 1 : 0,
      paletteSize,
      dimEnabled: dimEnabled ? 1 : 0,
      dimOpacity,
      valueColormap: texture,
    };
    this.state.model?.shaderInputs.setProps({ valueColor });
    super.draw(opts);
  }

  private _uploadColormap(lut: Uint8Array) {
    if (lut.length !== LUT_SIZE * 4) throw new Error(`colormap must be ${LUT_SIZE}×1 RGBA (${LUT_SIZE * 4} bytes)`);
    let texture = this.state.colormapTexture;
    if (!texture) {
      texture = this.context.device.createTexture({
        id: `${this.id}-colormap`,
        width: LUT_SIZE,
        height: 1,
        format: 'rgba8unorm',
        mipLevels: 1,
        sampler: { minFilter: 'nearest', magFilter: 'nearest', mipmapFilter: 'none', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
      });
      this.setState({ colormapTexture: texture });
    }
    texture.writeData(lut);
    this.setNeedsRedraw();
  }
}
