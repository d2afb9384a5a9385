/** Canvas operations of the tool: the working image is a canvas in full-resolution pixels. */
import { rotatedSize, type Box } from './geometry';
import type { Orientation } from './orientation';

export function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export function context(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot draw on a canvas.');
  return ctx;
}

/** The size the stage draws an image at. */
export const drawnSize = (image: { width: number; height: number }, scale: number) => ({
  width: Math.max(1, Math.round(image.width * scale)),
  height: Math.max(1, Math.round(image.height * scale)),
});

export async function canvasFromBlob(blob: Blob): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(blob);
  const canvas = canvasOf(bitmap.width, bitmap.height);
  context(canvas).drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas;
}

/**
 * The image turned `ccw` degrees counter-clockwise about its centre on a canvas that holds it whole, black
 * outside, as the server's sharp turns it (same size and centre), so crop pixels mean the same on both sides.
 */
export function rotateCanvas(source: HTMLCanvasElement, ccw: number): HTMLCanvasElement {
  const size = rotatedSize(source, ccw);
  const out = canvasOf(size.width, size.height);
  const ctx = context(out);
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.translate(size.width / 2, size.height / 2);
  ctx.rotate((-ccw * Math.PI) / 180);
  ctx.drawImage(source, -source.width / 2, -source.height / 2);
  return out;
}

/** The image mirrored left↔right and/or top↔bottom, same size. */
export function flipCanvas(source: HTMLCanvasElement, horizontal: boolean, vertical: boolean): HTMLCanvasElement {
  if (!horizontal && !vertical) return source;
  const out = canvasOf(source.width, source.height);
  const ctx = context(out);
  ctx.translate(horizontal ? source.width : 0, vertical ? source.height : 0);
  ctx.scale(horizontal ? -1 : 1, vertical ? -1 : 1);
  ctx.drawImage(source, 0, 0);
  return out;
}

/** Turned, then mirrored: the order the task applies the orientation in. */
export const orientCanvas = (source: HTMLCanvasElement, o: Orientation): HTMLCanvasElement =>
  flipCanvas(rotateCanvas(source, o.rotation), o.horizontal_flip, o.vertical_flip);

export function cropCanvas(source: HTMLCanvasElement, box: Box): HTMLCanvasElement {
  const out = canvasOf(box.side, box.side);
  context(out).drawImage(source, box.x, box.y, box.side, box.side, 0, 0, box.side, box.side);
  return out;
}

/** Jet colour map, 100 shades (spec 02 §9), for a value in [0, 1]. */
export function jet(t: number): string {
  const v = Math.round(Math.min(1, Math.max(0, t)) * 99) / 99;
  const r = Math.min(1, Math.max(0, 1.5 - Math.abs(4 * v - 3)));
  const g = Math.min(1, Math.max(0, 1.5 - Math.abs(4 * v - 2)));
  const b = Math.min(1, Math.max(0, 1.5 - Math.abs(4 * v - 1)));
  return `rgb(${Math.round(r * 255)},${Math.round(g * 255)},${Math.round(b * 255)})`;
}
