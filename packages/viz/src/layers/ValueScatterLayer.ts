/**
 * ScatterplotLayer that colours on the GPU: one float per point (`getValue`, a binary attribute) goes through a
 * 256×1 RGBA lookup texture built from `colormap`; `range`, `colorMode`, `dimOpacity` are uniforms. A per-point
 * selected flag (`getSelected`, 0/1 bytes) dims the unselected points when `dimEnabled`. Changing the range,
 * palette or dimming re-uploads no point buffer; changing the values re-uploads only the value buffer.
 *
 * Data is binary: `{length, attributes: {getPosition: {value: Float32Array, size: 2},
 *   getValue: {value: Float32Array, size: 1}, getSelected: {value: Uint8Array, size: 1}}}`.
 */
import type { DefaultProps, UpdateParameters } from '@deck.gl/core';
import { ScatterplotLayer, type ScatterplotLayerProps } from '@deck.gl/layers';
import type { Texture } from '@luma.gl/core';
import { VALUE_COLOR_VS_DECL, VALUE_COLOR_VS_MAIN_END, valueColorModule } from './value-color-module';
import {
  VALUE_COLOR_ATTRIBUTES,
  valueColorDefaultProps,
  valueColorUniforms,
  writeColormapTexture,
  type ValueColorLayerProps,
} from './value-color-props';

/** Props the value layer adds to ScatterplotLayer's. */
export type ValueScatterLayerExtraProps<DataT = unknown> = ValueColorLayerProps<DataT>;

export type ValueScatterLayerProps<DataT = unknown> = ScatterplotLayerProps<DataT> & ValueScatterLayerExtraProps<DataT>;

export class ValueScatterLayer<DataT = unknown, ExtraProps extends object = object> extends ScatterplotLayer<
  DataT,
  Required<ValueScatterLayerExtraProps<DataT>> & ExtraProps
> {
  static override layerName = 'ValueScatterLayer';
  // Annotated so the emitted declaration names a public deck.gl type (TS2742 under `tsc --build`).
  static override defaultProps: DefaultProps<ValueScatterLayerProps> = {
    ...ScatterplotLayer.defaultProps,
    ...valueColorDefaultProps,
  };

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
    this.getAttributeManager()!.addInstanced(VALUE_COLOR_ATTRIBUTES);
  }

  override updateState(params: UpdateParameters<this>) {
    super.updateState(params);
    const { props, oldProps } = params;
    if (!this.state.colormapTexture || props.colormap !== oldProps.colormap) {
      this.setState({
        colormapTexture: writeColormapTexture(
          this.context.device,
          `${this.id}-colormap`,
          this.state.colormapTexture,
          props.colormap,
        ),
      });
    }
  }

  override finalizeState(context: Parameters<ScatterplotLayer['finalizeState']>[0]) {
    super.finalizeState(context);
    this.state.colormapTexture?.destroy();
  }

  override draw(opts: Parameters<ScatterplotLayer['draw']>[0]) {
    const texture = this.state.colormapTexture;
    if (!texture) return;
    this.state.model?.shaderInputs.setProps({ valueColor: valueColorUniforms(this.props, texture) });
    super.draw(opts);
  }
}
