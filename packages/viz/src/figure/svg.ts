/** A composed figure (./compose.ts) as a standalone SVG document: points as vector circles, grouped by colour. */
import type { Clip, FigureScene, Primitive } from './compose';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
/** Two decimals are far below a printed pixel and keep the file small. */
const n = (v: number) => String(Math.round(v * 100) / 100);

export function figureToSvg(scene: FigureScene): string {
  const clips = new Map<string, string>();
  const clipId = (clip: Clip) => {
    const key = `${clip.x},${clip.y},${clip.w},${clip.h}`;
    let id = clips.get(key);
    if (!id) clips.set(key, (id = `clip${clips.size}`));
    return id;
  };
  const body = scene.primitives.map((p) => primitiveSvg(p, clipId)).join('\n');
  const defs = [...clips].map(([key, id]) => {
    const [x, y, w, h] = key.split(',').map(Number) as [number, number, number, number];
    return `<clipPath id="${id}"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"/></clipPath>`;
  });
  const gradients = scene.primitives.flatMap((p) =>
    p.type === 'gradient'
      ? [
          `<linearGradient id="${p.id}" x1="0" y1="1" x2="0" y2="0">${p.stops
            .map((c, i) => `<stop offset="${n(i / Math.max(1, p.stops.length - 1))}" stop-color="${c}"/>`)
            .join('')}</linearGradient>`,
        ]
      : [],
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}" font-family="Helvetica, Arial, sans-serif">`,
    `<defs>${[...defs, ...gradients].join('')}</defs>`,
    body,
    `</svg>`,
  ].join('\n');
}

function primitiveSvg(p: Primitive, clipId: (clip: Clip) => string): string {
  switch (p.type) {
    case 'rect':
      return `<rect x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" fill="${p.fill}"${p.stroke ? ` stroke="${p.stroke}"` : ''}/>`;
    case 'text':
      return `<text x="${n(p.x)}" y="${n(p.y)}" font-size="${p.size}" fill="${p.fill}"${p.bold ? ' font-weight="bold"' : ''}${p.anchor && p.anchor !== 'start' ? ` text-anchor="${p.anchor}"` : ''}${p.role ? ` data-role="${p.role}"` : ''}>${escapeXml(p.text)}</text>`;
    case 'line':
      return `<line x1="${n(p.x1)}" y1="${n(p.y1)}" x2="${n(p.x2)}" y2="${n(p.y2)}" stroke="${p.stroke}" stroke-width="${p.width}"${p.role ? ` data-role="${p.role}"` : ''}/>`;
    case 'image':
      return `<image x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" opacity="${p.opacity}" preserveAspectRatio="none" clip-path="url(#${clipId(p.clip)})" href="${escapeXml(p.href)}" xlink:href="${escapeXml(p.href)}"/>`;
    case 'points':
      return `<g clip-path="url(#${clipId(p.clip)})" data-role="points">${p.groups
        .map(
          (g) =>
            `<g fill="${g.fill}"${g.opacity < 1 ? ` fill-opacity="${n(g.opacity)}"` : ''}>${g.xs
              .map((x, i) => `<circle cx="${n(x)}" cy="${n(g.ys[i]!)}" r="${n(p.r)}"/>`)
              .join('')}</g>`,
        )
        .join('')}</g>`;
    case 'cells':
      return `<g clip-path="url(#${clipId(p.clip)})" stroke="${p.stroke}" stroke-width="0.5" data-role="cells">${p.groups
        .map(
          (g) =>
            `<g fill="${g.fill}"${g.opacity < 1 ? ` fill-opacity="${n(g.opacity)}" stroke-opacity="${n(g.opacity)}"` : ''}>${g.rings
              .map((ring) => `<polygon points="${ring.map(n).join(' ')}" data-role="cell-outline"/>`)
              .join('')}</g>`,
        )
        .join('')}</g>`;
    case 'polygon':
      return `<polygon points=""${p.points.map(n).join(' ')}" fill="${p.fill}"${p.stroke ? ` stroke="${p.stroke}" stroke-width="0.5"` : ''}${p.role ? ` data-role="${p.role}"` : ''}/>`;
    case 'gradient':
      return `<rect x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" fill="url(#${p.id})" data-role="colour-bar"/>`;
  }
}
