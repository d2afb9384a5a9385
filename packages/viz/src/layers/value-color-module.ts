/**
 * The colour-in-the-shader module (DESIGN §9): one float per point goes through a 256×1 RGBA lookup texture.
 * Continuous mode maps [range.x, range.y] onto the table; categorical mode uses round(value) as the entry
 * (cycling over `paletteSize`). Non-finite values (NaN, ±Infinity) take `noValueColor`, detected from the bit
 * pattern so that no compiler can fold the test away. Points whose selected flag is 0 are dimmed when
 * `dimEnabled`. Changing range, palette or dimming only changes uniforms and a 1 KB texture.
 */
import type { ShaderModule } from '@luma.gl/shadertools';
import type { Texture } from '@luma.gl/core';

const uniformBlock = /* glsl */ `\
layout(std140) uniform valueColorUniforms {
  vec4 noValueColor;
  vec2 range;
  float categorical;
  float paletteSize;
  float dimEnabled;
  float dimOpacity;
} valueColor;
`;

/** Uniforms of {@link valueColorModule}; `valueColormap` is the lookup texture binding. */
export type ValueColorProps = {
  noValueColor: [number, number, number, number];
  range: [number, number];
  categorical: number;
  paletteSize: number;
  dimEnabled: number;
  dimOpacity: number;
  valueColormap: Texture;
};

export const valueColorModule = {
  name: 'valueColor',
  vs: uniformBlock,
  fs: uniformBlock,
  uniformTypes: {
    noValueColor: 'vec4<f32>',
    range: 'vec2<f32>',
    categorical: 'f32',
    paletteSize: 'f32',
    dimEnabled: 'f32',
    dimOpacity: 'f32',
  },
} as const satisfies ShaderModule<ValueColorProps>;

/** Declarations injected into the scatterplot vertex shader. */
export const VALUE_COLOR_VS_DECL = /* glsl */ `\
in float instanceValues;
in float instanceSelected;
uniform sampler2D valueColormap;

vec4 valueColor_lookup(float v) {
  uint bits = floatBitsToUint(v);
  if ((bits & 0x7f800000u) == 0x7f800000u) return valueColor.noValueColor;
  int i;
  if (valueColor.categorical > 0.5) {
    i = int(mod(max(floor(v + 0.5), 0.0), max(valueColor.paletteSize, 1.0)));
  } else {
    float span = valueColor.range.y - valueColor.range.x;
    float t = span > 0.0 ? clamp((v - valueColor.range.x) / span, 0.0, 1.0) : 0.5;
    i = int(floor(t * 255.0 + 0.5));
  }
  return texelFetch(valueColormap, ivec2(i, 0), 0);
}
`;

/** Replaces the fill colour at the end of the scatterplot vertex shader. */
export const VALUE_COLOR_VS_MAIN_END = /* glsl */ `\
  {
    vec4 c = valueColor_lookup(instanceValues);
    if (valueColor.dimEnabled > 0.5 && instanceSelected < 0.5) c.a *= valueColor.dimOpacity;
    vFillColor = vec4(c.rgb, c.a * layer.opacity);
  }
`;
