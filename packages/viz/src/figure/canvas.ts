/**
 * A composed figure (./compose.ts) painted on a 2D canvas context at `scale` device pixels per figure pixel (DPI /
 * 96), for PNG export. Images are passed in already decoded, by their `href`.
 */
import type { Clip, FigureScene } from './compose';

/** The part of CanvasRenderingContext2D the painter uses (an OffscreenCanvas context fits too). */
type Context2D = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'scale'
  | 'beginPath'
  | 'rect'
  | 'clip'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'stroke'
  | 'arc'
  | 'fill'
  | 'drawImage'
  | 'createLinearGradient'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'globalAlpha'
>;

export function paintFigure(
  scene: FigureScene,
  ctx: Context2D,
  scale: number,
  images: ReadonlyMap<string, CanvasImageSource>,
): void {
  ctx.save();
  ctx.scale(scale, scale);
  const clipTo = (clip: Clip) => {
    ctx.beginPath();
    ctx.rect(clip.x, clip.y, clip.w, clip.h);
    ctx.clip();
  };
  for (const p of scene.primitives) {
    ctx.save();
    switch (p.type) {
      case 'rect':
        if (p.fill !== 'none') {
          ctx.fillStyle = p.fill;
          ctx.fillRect(p.x, p.y, p.w, p.h);
        }
        if (p.stroke) {
          ctx.strokeStyle = p.stroke;
          ctx.lineWidth = 1;
          ctx.strokeRect(p.x, p.y, p.w, p.h);
        }
        break;
      case 'text':
        ctx.fillStyle = p.fill;
        ctx.font = `${p.bold ? 'bold ' : ''}${p.size}px Helvetica, Arial, sans-serif`;
        ctx.textAlign = p.anchor === 'middle' ? 'center' : p.anchor === 'end' ? 'right' : 'left';
        ctx.fillText(p.text, p.x, p.y);
        break;
      case 'line':
        ctx.strokeStyle = p.stroke;
        ctx.lineWidth = p.width;
        ctx.beginPath();
        ctx.moveTo(p.x1, p.y1);
        ctx.lineTo(p.x2, p.y2);
        ctx.stroke();
        break;
      case 'image': {
        const image = images.get(p.href);
        if (!image) break;
        clipTo(p.clip);
        ctx.globalAlpha = p.opacity;
        ctx.drawImage(image, p.x, p.y, p.w, p.h);
        break;
      }
      case 'points':
        clipTo(p.clip);
        for (const g of p.groups) {
          ctx.fillStyle = g.fill;
          ctx.globalAlpha = g.opacity;
          ctx.beginPath();
          for (let i = 0; i < g.xs.length; i++) {
            ctx.moveTo(g.xs[i]! + p.r, g.ys[i]!);
            ctx.arc(g.xs[i]!, g.ys[i]!, p.r, 0, 2 * Math.PI);
          }
          ctx.fill();
        }
        break;
      case 'cells':
        clipTo(p.clip);
        ctx.strokeStyle = p.stroke;
        ctx.lineWidth = 0.5;
        for (const g of p.groups) {
          ctx.fillStyle = g.fill;
          ctx.globalAlpha = g.opacity;
          ctx.beginPath();
          for (const ring of g.rings) {
            ctx.moveTo(ring[0]!, ring[1]!);
            for (let i = 2; i < ring.length; i += 2) ctx.lineTo(ring[i]!, ring[i + 1]!);
            ctx.closePath();
          }
          ctx.fill();
          ctx.stroke();
        }
        break;
      case 'polygon':
        ctx.beginPath();
        for (let i = 0; i < p.points.length; i += 2) {
          if (i === 0) ctx.moveTo(p.points[0]!, p.points[1]!);
          else ctx.lineTo(p.points[i]!, p.points[i + 1]!);
        }
        ctx.closePath();
        ctx.fillStyle = p.fill;
        ctx.fill();
        if (p.stroke) {
          ctx.strokeStyle = p.stroke;
          ctx.lineWidth = 0.5;
          ctx.stroke();
        }
        break;
      case 'gradient': {
        const gradient = ctx.createLinearGradient(0, p.y + p.h, 0, p.y);
        p.stops.forEach((c, i) => gradient.addColorStop(i / Math.max(1, p.stops.length - 1), c));
        ctx.fillStyle = gradient;
        ctx.fillRect(p.x, p.y, p.w, p.h);
        break;
      }
    }
    ctx.restore();
  }
  ctx.restore();
}
