import { describe, expect, it } from 'vitest';
import { VALUE_COLOR_VS_MAIN_END } from './value-color-module';
import { VALUE_POINTS_FS, VALUE_POINTS_VS, valuePointsModule } from './value-points-shaders';

describe('value points shaders', () => {
  it('declares the uniform block in the order of uniformTypes (std140 layout depends on it)', () => {
    const block = /uniform valuePointsUniforms \{([^}]*)\}/.exec(valuePointsModule.vs)![1]!;
    const fields = [...block.matchAll(/float\s+(\w+);/g)].map((m) => m[1]);
    expect(fields).toEqual(Object.keys(valuePointsModule.uniformTypes));
  });

  it('sizes points in device pixels within the device limit, cuts them round like ScatterplotLayer, colours them by value', () => {
    expect(VALUE_POINTS_VS).toMatch(
      /clamp\(valuePoints\.diameterPixels \* project\.devicePixelRatio, 1\.0, valuePoints\.maxDiameter\)/,
    );
    expect(VALUE_POINTS_VS).toContain(VALUE_COLOR_VS_MAIN_END);
    expect(VALUE_POINTS_FS).toContain('smoothedge(distToCenter, radius) : step(distToCenter, radius)');
  });
});
