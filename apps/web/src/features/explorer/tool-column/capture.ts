/**
 * Save Display (spec 03 §2.1): the explorer's WebGL canvas as PNG. The plots keep their drawing buffer
 * (packages/viz LinkedPlots `preserveDrawingBuffer`), and deck clears to transparent while the background colour
 * is the container's CSS, so the canvas is the transparent PNG and the opaque PNG paints that colour under it.
 */

/** The explorer's plot canvas: the first deck canvas inside `root` (the explorer), or in the page. */
export function findPlotsCanvas(root: ParentNode = document): HTMLCanvasElement | null {
  return (
    root.querySelector<HTMLCanvasElement>('[data-testid="linked-plots"] canvas') ??
    root.querySelector<HTMLCanvasElement>('canvas')
  );
}

/** The CSS background behind the canvas (the plots container's), or black. */
function backgroundOf(canvas: HTMLCanvasElement): string {
  for (let el: HTMLElement | null = canvas.parentElement; el; el = el.parentElement) {
    const colour = getComputedStyle(el).backgroundColor;
    if (colour && colour !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return '#000000';
}

function toBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded'))), 'image/png'),
  );
}

/** The whole plots canvas at its pixel size; `opaque` paints the background under the points. */
export function capturePng(canvas: HTMLCanvasElement, opaque: boolean): Promise<Blob> {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d')!;
  if (opaque) {
    ctx.fillStyle = backgroundOf(canvas);
    ctx.fillRect(0, 0, out.width, out.height);
  }
  ctx.drawImage(canvas, 0, 0);
  return toBlob(out);
}

/**
 * The spatial plot for the catalogue card: the spatial view is the right half of the canvas when both views
 * are drawn (LinkedPlots puts UMAP left, spatial right). Scaled to fit `side`×`side`, on the background colour.
 */
export function captureSpatialThumbnail(canvas: HTMLCanvasElement, bothViews: boolean, side = 200): Promise<Blob> {
  const sx = bothViews ? Math.floor(canvas.width / 2) : 0;
  const sw = canvas.width - sx;
  const sh = canvas.height;
  const scale = Math.min(side / sw, side / sh, 1);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(sw * scale));
  out.height = Math.max(1, Math.round(sh * scale));
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = backgroundOf(canvas);
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, sx, 0, sw, sh, 0, 0, out.width, out.height);
  return toBlob(out);
}

/** `{run}_{features}.png`: the chosen features joined by '_', or `clusters` in cluster view; unsafe characters become '-'. */
export function displayFileName(runId: string, features: readonly string[], mode: string): string {
  const what = features.length ? features.join('_') : mode === 'celltype' ? 'celltypes' : 'clusters';
  return `${runId}_${what}`.replace(/[^\w.-]+/g, '-').slice(0, 180) + '.png';
}
