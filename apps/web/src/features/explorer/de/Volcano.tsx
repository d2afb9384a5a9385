/**
 * The volcano plot of a DE table: log2 fold change (x) against −log10 adjusted p (y), every feature one dot on a
 * canvas (30k dots draw in a few ms; 30k SVG nodes would not). A click picks the nearest dot within a few pixels;
 * the highlighted feature (hovered or picked row) is an SVG circle on top, itself clickable and named.
 */
import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { DE_TABLE_MSG, type DeColumns } from '@atlas/contracts';
import { volcanoHalfWidth, volcanoPoint } from './deTable';

const WIDTH = 320;
const HEIGHT = 240;
const PAD = 28;
/** A click further than this (px) from every dot picks nothing. */
const PICK_RADIUS = 8;

interface Scaled {
  rows: Int32Array;
  xs: Float32Array;
  ys: Float32Array;
  xMax: number;
  yMax: number;
}

function scale(columns: DeColumns): Scaled {
  const rows: number[] = [];
  const px: number[] = [];
  const py: number[] = [];
  let yMax = 1;
  for (let i = 0; i < columns.names.length; i++) {
    const point = volcanoPoint(columns, i);
    if (!point) continue;
    rows.push(i);
    px.push(point.x);
    py.push(point.y);
    yMax = Math.max(yMax, point.y);
  }
  const xMax = volcanoHalfWidth(px);
  const clamp = (x: number) => Math.min(xMax, Math.max(-xMax, x));
  const xs = Float32Array.from(px, (x) => PAD + ((clamp(x) + xMax) / (2 * xMax)) * (WIDTH - 2 * PAD));
  const ys = Float32Array.from(py, (y) => HEIGHT - PAD - (y / yMax) * (HEIGHT - 2 * PAD));
  return { rows: Int32Array.from(rows), xs, ys, xMax, yMax };
}

export function Volcano({
  columns,
  highlight,
  onPick,
}: {
  columns: DeColumns;
  /** The row to mark, or -1. */
  highlight: number;
  onPick: (row: number) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scaled = useMemo(() => scale(columns), [columns]);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    ctx.strokeStyle = '#9e9e9e';
    ctx.beginPath();
    ctx.moveTo(PAD, HEIGHT - PAD);
    ctx.lineTo(WIDTH - PAD, HEIGHT - PAD);
    ctx.moveTo(WIDTH / 2, PAD);
    ctx.lineTo(WIDTH / 2, HEIGHT - PAD);
    ctx.stroke();
    ctx.fillStyle = 'rgba(25, 118, 210, 0.55)';
    for (let k = 0; k < scaled.rows.length; k++) ctx.fillRect(scaled.xs[k]! - 1.5, scaled.ys[k]! - 1.5, 3, 3);
    ctx.fillStyle = '#555';
    ctx.font = '11px sans-serif';
    ctx.fillText(`log2FC (±${scaled.xMax.toFixed(1)})`, WIDTH / 2 - 40, HEIGHT - 8);
    ctx.fillText(`−log10 p adj (0–${scaled.yMax.toFixed(0)})`, 4, 14);
  }, [scaled]);

  const pick = (event: MouseEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) * WIDTH) / box.width;
    const y = ((event.clientY - box.top) * HEIGHT) / box.height;
    let best = -1;
    let bestDistance = PICK_RADIUS * PICK_RADIUS;
    for (let k = 0; k < scaled.rows.length; k++) {
      const d = (scaled.xs[k]! - x) ** 2 + (scaled.ys[k]! - y) ** 2;
      if (d <= bestDistance) [best, bestDistance] = [k, d];
    }
    if (best >= 0) onPick(scaled.rows[best]!);
  };

  const at = highlight >= 0 ? scaled.rows.indexOf(highlight) : -1;
  return (
    <Box sx={{ position: 'relative', width: WIDTH, height: HEIGHT, flexShrink: 0 }} data-testid="de-volcano">
      <canvas
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={DE_TABLE_MSG.volcano}
        onClick={pick}
        style={{ cursor: 'crosshair', display: 'block' }}
      />
      {at >= 0 && (
        <svg width={WIDTH} height={HEIGHT} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
          <circle
            cx={scaled.xs[at]}
            cy={scaled.ys[at]}
            r={6}
            fill="#d32f2f"
            stroke="#fff"
            data-testid="volcano-highlight"
            aria-label={columns.names[highlight]}
            style={{ pointerEvents: 'auto', cursor: 'pointer' }}
            onClick={() => onPick(highlight)}
          />
        </svg>
      )}
    </Box>
  );
}
