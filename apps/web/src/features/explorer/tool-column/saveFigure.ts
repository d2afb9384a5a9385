/**
 * Writes a composed figure scene to a file: SVG as vectors, or PNG painted at a DPI that is also written into the
 * file. The plots' Export Figure and the distribution and composition panels' exports share it.
 */
import { figureToSvg, paintFigure, withPngDpi, type FigureScene } from '@atlas/viz';
import { downloadBlob } from '../../../components/download';

export const FIGURE_MIN_DPI = 72;
export const FIGURE_MAX_DPI = 600;
/** CSS pixels are 1/96 inch. */
const CSS_DPI = 96;

export type FigureFormat = 'svg' | 'png';

/** The PNG's pixel size of a figure at a DPI. */
export function figurePixels(figure: FigureScene, dpi: number): { width: number; height: number } {
  return { width: Math.round((figure.width * dpi) / CSS_DPI), height: Math.round((figure.height * dpi) / CSS_DPI) };
}

export function dpiAllowed(dpi: number): boolean {
  return Number.isInteger(dpi) && dpi >= FIGURE_MIN_DPI && dpi <= FIGURE_MAX_DPI;
}

/** Downloads `{baseName}.svg` or `{baseName}_{dpi}dpi.png`; throws with a message the dialog shows. */
export async function saveFigure(
  figure: FigureScene,
  format: FigureFormat,
  dpi: number,
  baseName: string,
  images: ReadonlyMap<string, CanvasImageSource> = new Map(),
): Promise<void> {
  if (format === 'svg') {
    downloadBlob(new Blob([figureToSvg(figure)], { type: 'image/svg+xml' }), `${baseName}.svg`);
    return;
  }
  const size = figurePixels(figure, dpi);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a canvas of this size: choose a lower DPI');
  paintFigure(figure, ctx, dpi / CSS_DPI, images);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The figure could not be encoded: choose a lower DPI');
  // The chosen DPI is written into the file, so layout programs place it at its printed size.
  const png = withPngDpi(new Uint8Array(await blob.arrayBuffer()), dpi);
  downloadBlob(new Blob([png], { type: 'image/png' }), `${baseName}_${dpi}dpi.png`);
}
