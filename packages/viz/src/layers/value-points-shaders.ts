/**
 * Shaders of ValuePointsLayer: one GL point per tixel (no instancing), coloured by the value colour module. A
 * point is a square of `gl_PointSize` device pixels that the fragment shader cuts to a circle exactly as deck's
 * ScatterplotLayer cuts its quads (with `antialiasing` the square grows by one pixel for the smoothed edge), so
 * both layers draw the same pixels.
 */
import type { ShaderModule } from '@luma.gl/shadertools';
import { VALUE_COLOR_VS_DECL, VALUE_COLOR_VS_MAIN_END } from './value-color-module';

/** Uniforms of {@link valuePointsModule}. */
export type ValuePointsProps = {
  /** Point diameter in CSS pixels. */
  diameterPixels: number;
  /** Largest `gl_PointSize` the device draws (ALIASED_POINT_SIZE_RANGE), in device pixels. */
  maxDiameter: number;
  /** 1: smooth the circle's edge over one pixel. */
  antialiasing: number;
};

const uniformBlock = /* glsl */ `\
layout(std140) uniform valuePointsUniforms {
  float diameterPixels;
  float maxDiameter;
  float antialiasing;
} valuePoints;
`;

export const valuePointsModule = {
  name: 'valuePoints',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: { diameterPixels: 'f32', maxDiameter: 'f32', antialiasing: 'f32' },
} as const satisfies ShaderModule<ValuePointsProps>;

export const VALUE_POINTS_VS = /* glsl */ `\
#version 300 es
#define SHADER_NAME value-points-layer-vertex-shader
in vec3 positions;
in vec3 positions64Low;
out vec4 vFillColor;
flat out float vDiameter;
flat out float vPointSize;
${VALUE_COLOR_VS_DECL}
void main(void) {
  geometry.worldPosition = positions;
  gl_Position = project_position_to_clipspace(positions, positions64Low, vec3(0.0), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  // Never below one pixel: a thinner point would not be rasterised at all.
  vDiameter = clamp(valuePoints.diameterPixels * project.devicePixelRatio, 1.0, valuePoints.maxDiameter);
  vPointSize = valuePoints.antialiasing > 0.5 ? min(vDiameter + 2.0 * SMOOTH_EDGE_RADIUS, valuePoints.maxDiameter) : vDiameter;
  gl_PointSize = vPointSize;
${VALUE_COLOR_VS_MAIN_END}
}
`;

export const VALUE_POINTS_FS = /* glsl */ `\
#version 300 es
#define SHADER_NAME value-points-layer-fragment-shader
precision highp float;
in vec4 vFillColor;
flat in float vDiameter;
flat in float vPointSize;
out vec4 fragColor;
void main(void) {
  float distToCenter = length(gl_PointCoord - 0.5) * vPointSize;
  float radius = vDiameter / 2.0;
  float inCircle = valuePoints.antialiasing > 0.5 ? smoothedge(distToCenter, radius) : step(distToCenter, radius);
  if (inCircle == 0.0) discard;
  fragColor = vec4(vFillColor.rgb, vFillColor.a * inCircle);
}
`;
