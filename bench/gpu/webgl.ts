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

export async function webglRenderer(page: Page): Promise<string> {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'no WebGL2';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  });
}
