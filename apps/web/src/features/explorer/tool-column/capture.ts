/**
 * Save Display (spec 03 §2.1): the explorer's plots as PNG. The plots are views of the page's one WebGL canvas,
 * which also draws the multi-sample grid (packages/viz PlotsDeck), so the plots' own rectangle is cut out of it.
 * The canvas keeps its drawing buffer (`preserveDrawingBuffer`), and deck clears to transparent while the
 * background colour is the plots' CSS, so the cut-out is the transparent PNG and the opaque PNG paints that
 * colour under it.
 */
import type { LinkedPlotsHandle } from '@atlas/viz';

/** The plots' part of the shared canvas, in canvas pixels, and the colour behind the points. */
export interface PlotsImage {
  canvas: HTMLCanvasElement;
  x: number;
  y: number;
  width: number;
  height: number;
  background: string;
}

/** The plots' image source, or null while nothing is drawn. */
export function plotsImage(plots: LinkedPlotsHandle | null): PlotsImage | null {
  const canvas = plots?.getCanvas();
  const rect = plots?.getCanvasRect();
  if (!plots || !canvas || !rect || !canvas.clientWidth || !canvas.clientHeight) return null;
  // Canvas pixels per CSS pixel (the device pixel ratio deck drew with).
  const sx = canvas.width / canvas.clientWidth;
  const sy = canvas.height / canvas.clientHeight;
  const x = Math.max(0, Math.round(rect.x * sx));
  const y = Math.max(0, Math.round(rect.y * sy));
  const width = Math.min(canvas.width - x, Math.round(rect.width * sx));
  const height = Math.min(canvas.height - y, Math.round(rect.height * sy));
  if (width <= 0 || height <= 0) return null;
  return { canvas, x, y, width, height, background: plots.getBackground() };
}

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded'))), 'image/png'),
  );
}

/** The plots at their pixel size; `opaque` paints the background under the points. */
export function capturePng(image: PlotsImage, opaque: boolean): Promise<Blob> {
  const out = document.createElement('canvas');
  out.width = image.width;
  out.height = image.height;
  const ctx = out.getContext('2d')!;
  if (opaque) {
    ctx.fillStyle = image.background;
    ctx.fillRect(0, 0, out.width, out.height);
  }
  ctx.drawImage(image.canvas, image.x, image.y, image.width, image.height, 0, 0, image.width, image.height);
  return toBlob(out);
}

/**
 * The spatial plot for the catalogue card: the spatial view is the right half of the plots when both views are
 * drawn (LinkedPlots puts UMAP left, spatial right). Scaled to fit `side`×`side`, on the background colour.
 */
export function captureSpatialThumbnail(image: PlotsImage, bothViews: boolean, side = 200): Promise<Blob> {
  const half = bothViews ? Math.floor(image.width / 2) : 0;
  const sx = image.x + half;
  const sw = image.width - half;
  const sh = image.height;
  const scale = Math.min(side / sw, side / sh, 1);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(sw * scale));
  out.height = Math.max(1, Math.round(sh * scale));
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = image.background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image.canvas, sx, image.y, sw, sh, 0, 0, out.width, out.height);
  return toBlob(out);
}

/**
 * `{run}_{features}_{transparent|opaque}.png`: the chosen features joined by '_', or `clusters` in cluster view;
 * unsafe characters become '-'. The background is in the name so saving both keeps both (they had one name, and
 * the second download replaced or renamed the first).
 */
export function displayFileName(runId: string, features: readonly string[], mode: string, opaque: boolean): string {
  const what = features.length ? features.join('_') : mode === 'celltype' ? 'celltypes' : 'clusters';
  return `${runId}_${what}`.replace(/[^\w.-]+/g, '-').slice(0, 180) + (opaque ? '_opaque.png' : '_transparent.png');
}
