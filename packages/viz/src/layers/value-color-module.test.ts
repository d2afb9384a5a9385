import { describe, expect, it } from 'vitest';
import { VALUE_COLOR_VS_DECL, VALUE_COLOR_VS_MAIN_END, valueColorModule } from './value-color-module';

describe('value colour shader module', () => {
  it('declares its uniform block in the same order and types as uniformTypes (std140 layout depends on it)', () => {
    const block = /uniform valueColorUniforms \{([^}]*)\}/.exec(valueColorModule.vs)![1]!;
    const fields = [...block.matchAll(/(vec4|vec2|float)\s+(\w+);/g)].map((m) => [m[2], m[1]]);
    const glslOf = { 'vec4<f32>': 'vec4', 'vec2<f32>': 'vec2', f32: 'float' } as const;
    expect(fields).toEqual(Object.entries(valueColorModule.uniformTypes).map(([k, t]) => [k, glslOf[t]]));
  });

  it('reads one value and one selected flag per point and looks colours up in the texture', () => {
    expect(VALUE_COLOR_VS_DECL).toContain('in float instanceValues;');
    expect(VALUE_COLOR_VS_DECL).toContain('in float instanceSelected;');
    expect(VALUE_COLOR_VS_DECL).toContain('uniform sampler2D valueColormap;');
    expect(VALUE_COLOR_VS_DECL).toContain('floatBitsToUint');
    expect(VALUE_COLOR_VS_MAIN_END).toContain('vFillColor =');
  });
});
