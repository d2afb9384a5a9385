/** What WebGL a page of a launched Chromium runs on: the GPU bench picks its GL path by it, `bench cells` its rows. */
import type { Page } from 'playwright-core';

// bench compiles without the DOM lib: what the function run in the page uses of it.
interface WebGl2 {
  RENDERER: number;
  getExtension(name: 'WEBGL_debug_renderer_info'): { UNMASKED_RENDERER_WEBGL: number } | null;
  getParameter(name: number): unknown;
}
declare const document: { createElement(tag: 'canvas'): { getContext(kind: 'webgl2'): WebGl2 | null } };

/** Renderers that rasterise on the CPU: minutes per frame of millions of points. */
export const SOFTWARE_RENDERER = /swiftshader|llvmpipe|software|no webgl/i;
/** Mesa's software rasteriser: seconds per frame of 5M points where SwiftShader takes minutes. */
export const LLVMPIPE_RENDERER = /llvmpipe/i;
/** Chromium's switches to WebGL through ANGLE on EGL: llvmpipe on our GPU-less machines, the GPU where one is. */
export const EGL_SWITCHES = ['--use-gl=angle', '--use-angle=gl-egl', '--ignore-gpu-blocklist'];

export async function webglRenderer(page: Page): Promise<string> {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'no WebGL2';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  });
}

/**
 * Waits until the GPU process has caught up with the page's frames: a 1-pixel read of a probe context, which waits
 * behind whatever the GPU process is executing, answers within `quickMs` three times running (or `timeoutMs` passes).
 * Under llvmpipe a frame of 5M points is seconds of raster on the same two cores as the page and the server; a figure
 * taken while it runs measures that raster, not our work. Returns the ms waited. A string: tsx's name helpers do not
 * exist in the page.
 */
export async function waitForGpuIdle(page: Page, timeoutMs = 60_000, quickMs = 25): Promise<number> {
  return page.evaluate(`(async () => {
    const g = globalThis;
    g.__gpuProbe ??= document.createElement('canvas').getContext('webgl2');
    const gl = g.__gpuProbe;
    if (!gl) return 0;
    const pixel = new Uint8Array(4);
    const started = performance.now();
    let quick = 0;
    while (quick < 3 && performance.now() - started < ${timeoutMs}) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const t = performance.now();
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      quick = performance.now() - t < ${quickMs} ? quick + 1 : 0;
    }
    return Math.round(performance.now() - started);
  })()`);
}
