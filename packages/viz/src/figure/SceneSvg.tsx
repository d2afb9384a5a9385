/**
 * A figure scene (./compose.ts) drawn on screen as inline SVG: the distribution and composition plots are shown by
 * this and exported by ./svg.ts and ./canvas.ts from the same scene. Supports the primitives those plots use.
 */
import { useId } from 'react';
import type { FigureScene, Primitive } from './compose';

function ScenePrimitive({ p, gradientId }: { p: Primitive; gradientId: (id: string) => string }) {
  switch (p.type) {
    case 'rect':
      return <rect x={p.x} y={p.y} width={p.w} height={p.h} fill={p.fill} stroke={p.stroke} />;
    case 'text':
      return (
        <text
          x={p.x}
          y={p.y}
          fontSize={p.size}
          fill={p.fill}
          fontWeight={p.bold ? 'bold' : undefined}
          textAnchor={p.anchor}
          data-role={p.role}
        >
          {p.text}
        </text>
      );
    case 'line':
      return (
        <line x1={p.x1} y1={p.y1} x2={p.x2} y2={p.y2} stroke={p.stroke} strokeWidth={p.width} data-role={p.role} />
      );
    case 'polygon':
      return (
        <polygon
          points={p.points.join(' ')}
          fill={p.fill}
          stroke={p.stroke}
          strokeWidth={p.stroke ? 0.5 : undefined}
          data-role={p.role}
        />
      );
    case 'points':
      return (
        <g data-role="points">
          {p.groups.flatMap((g, gi) =>
            g.xs.map((x, i) => (
              <circle key={`${gi}-${i}`} cx={x} cy={g.ys[i]} r={p.r} fill={g.fill} fillOpacity={g.opacity} />
            )),
          )}
        </g>
      );
    case 'gradient':
      return (
        <rect x={p.x} y={p.y} width={p.w} height={p.h} fill={`url(#${gradientId(p.id)})`} data-role="colour-bar" />
      );
    case 'image':
      return null;
  }
}

export function SceneSvg({
  scene,
  label,
  testId,
  zoom = 1,
}: {
  scene: FigureScene;
  label: string;
  testId?: string;
  /** Screen pixels per figure pixel: the figures are laid out at print size, small on a screen. */
  zoom?: number;
}) {
  // Gradient ids are page-wide: several scenes on one page each get their own.
  const prefix = useId().replace(/:/g, '');
  const gradientId = (id: string) => `${prefix}-${id}`;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      width={scene.width * zoom}
      height={scene.height * zoom}
      viewBox={`0 0 ${scene.width} ${scene.height}`}
      fontFamily="Helvetica, Arial, sans-serif"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <defs>
        {scene.primitives.flatMap((p) =>
          p.type === 'gradient'
            ? [
                <linearGradient key={p.id} id={gradientId(p.id)} x1="0" y1="1" x2="0" y2="0">
                  {p.stops.map((c, i) => (
                    <stop key={i} offset={i / Math.max(1, p.stops.length - 1)} stopColor={c} />
                  ))}
                </linearGradient>,
              ]
            : [],
        )}
      </defs>
      {scene.primitives.map((p, i) => (
        <ScenePrimitive key={i} p={p} gradientId={gradientId} />
      ))}
    </svg>
  );
}
