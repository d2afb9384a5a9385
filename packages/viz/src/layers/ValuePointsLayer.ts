/**
 * The value-coloured tixels drawn as one GL point each (`point-list`, not instanced). ValueScatterLayer draws an
 * instanced 4-vertex quad per point: 4× the vertex work and, under software WebGL (SwiftShader), some 30× slower.
 * Points sized in screen pixels look the same either way, so the plots use this layer for them whatever the count
 * (see `shouldUseGlPoints` in pointSize.ts) and keep the quads for physical spot sizes and hover picking. It colours exactly like ValueScatterLayer (same props,
 * data, shader module and edge smoothing) but is not pickable and sizes its points in CSS pixels only.
 *
 * Data is binary: `{length, attributes: {getPosition: {value: Float32Array, size: 2},
 *   getValue: {value: Float32Array, size: 1}, getSelected: {value: Uint8Array, size: 1}}}`.
 */
import {
  Layer,
  project32,
  type Accessor,
  type DefaultProps,
  type LayerContext,
  type LayerDataSource,
  type LayerProps,
  type Position,
  type UpdateParameters,
} from '@deck.gl/core';
import type { Texture } from '@luma.gl/core';
import { Model } from '@luma.gl/engine';
import { valueColorModule } from './value-color-module';
import {
  VALUE_COLOR_ATTRIBUTES,
  valueColorDefaultProps,
  valueColorUniforms,
  writeColormapTexture,
  type ValueColorLayerProps,
} from './value-color-props';
import { VALUE_POINTS_FS, VALUE_POINTS_VS, valuePointsModule, type ValuePointsProps } from './value-points-shaders';

/** Props the points layer adds to deck's own. */
export interface ValuePointsLayerExtraProps<DataT = unknown> extends ValueColorLayerProps<DataT> {
  data: LayerDataSource<DataT>;
  /** Point position (x, y); with binary data this names the `getPosition` attribute. */
  getPosition?: Accessor<DataT, Position>;
  /** Point diameter in CSS pixels (times the device pixel ratio on screen, at most the device's largest point). */
  pointSizePixels?: number;
  /** Smooth the points' edges over one pixel, as ScatterplotLayer's `antialiasing` does. Default true. */
  antialiasing?: boolean;
}

export type ValuePointsLayerProps<DataT = unknown> = ValuePointsLayerExtraProps<DataT> & LayerProps;

const defaultProps: DefaultProps<ValuePointsLayerProps> = {
  ...valueColorDefaultProps,
  getPosition: { type: 'accessor', value: (x: unknown) => (x as { position: [number, number] }).position },
  pointSizePixels: { type: 'number', min: 0, value: 1 },
  antialiasing: true,
  // The points lie flat at z = 0 and draw in data order, so the depth test can only lose fragments; with it on,
  // SwiftShader left some pixels between overlapping points black.
  parameters: { depthCompare: 'always', depthWriteEnabled: false },
};

export class ValuePointsLayer<DataT = unknown> extends Layer<Required<ValuePointsLayerExtraProps<DataT>>> {
  static override layerName = 'ValuePointsLayer';
  static override defaultProps = defaultProps;

  declare state: { model?: Model; colormapTexture?: Texture; maxDiameter: number };

  override getShaders() {
    return super.getShaders({
      vs: VALUE_POINTS_VS,
      fs: VALUE_POINTS_FS,
      modules: [project32, valueColorModule, valuePointsModule],
    });
  }

  override initializeState(context: LayerContext) {
    const { gl } = context;
    // [min, max] diameter the driver rasterises; larger gl_PointSize values are undefined behaviour.
    const [, maxDiameter] = gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE) as Float32Array;
    this.setState({ maxDiameter: maxDiameter ?? 1 });
    this.getAttributeManager()!.add({
      positions: { size: 3, type: 'float64', fp64: this.use64bitPositions(), accessor: 'getPosition' },
      ...VALUE_COLOR_ATTRIBUTES,
    });
  }

  override updateState(params: UpdateParameters<this>) {
    super.updateState(params);
    const { props, oldProps, changeFlags } = params;
    if (changeFlags.extensionsChanged) {
      this.state.model?.destroy();
      this.setState({ model: this._getModel() });
      this.getAttributeManager()!.invalidateAll();
    }
    if (changeFlags.dataChanged) this.state.model?.setVertexCount(this.getNumInstances());
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

  override finalizeState(context: LayerContext) {
    super.finalizeState(context);
    this.state.colormapTexture?.destroy();
  }

  override draw() {
    const { model, colormapTexture, maxDiameter } = this.state;
    if (!model || !colormapTexture) return;
    const { pointSizePixels, antialiasing } = this.props;
    const valuePoints: ValuePointsProps = {
      diameterPixels: pointSizePixels,
      maxDiameter,
      antialiasing: antialiasing ? 1 : 0,
    };
    model.shaderInputs.setProps({ valueColor: valueColorUniforms(this.props, colormapTexture), valuePoints });
    model.draw(this.context.renderPass);
  }

  private _getModel(): Model {
    return new Model(this.context.device, {
      ...this.getShaders(),
      id: this.props.id,
      bufferLayout: this.getAttributeManager()!.getBufferLayouts({ isInstanced: false }),
      topology: 'point-list',
      isInstanced: false,
      vertexCount: this.getNumInstances(),
    });
  }
}
