import { useEffect, useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import type { Point, Roi } from '@atlas/spatial/atlasbrowser';
import { clampCrop, clampPoint, cornerAt, cropCorners, resizeCrop, withCorner, type Box as CropBox } from './geometry';
import { BwImage } from './bwImage';
import { drawnSize, jet } from './imageOps';
import { fillTixels, strokeTixelGrid, tixelLattice } from './tixelDrawing';

export type StageMode = 'view' | 'crop' | 'roi' | 'fill' | 'erase';

export interface StageProps {
  /** A working image, or its thresholded black and white. */
  image: HTMLCanvasElement | BwImage;
  scale: number;
  mode: StageMode;
  crop: CropBox | null;
  onCrop(box: CropBox, clamped: boolean): void;
  roi: Roi | null;
  selectedCorner: number;
  onSelectCorner(index: number): void;
  onRoi(roi: Roi): void;
  grid: { channels: number } | null;
  mask: Uint8Array | null;
  counts: { values: Float64Array; lower: number; upper: number } | null;
  /** Brush radius in screen pixels. */
  brush: number;
  onBrushStart(): void;
  onBrush(p: Point): void;
  onBrushEnd(): void;
}

const HANDLE_PX = 10;
/** The tissue mask's colour; drawn at 45 % opacity. */
const MASK_COLOUR = 'rgb(220, 30, 60)';

/** The processed image with its crop box, ROI, tixel grid, tissue mask or counts, drawn at the chosen scale. */
export function Stage(props: StageProps) {
  const { image, scale, mode, crop, roi, selectedCorner, grid, mask, counts, brush } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  // Scratch canvas of the tixel fills (tixelDrawing.fillTixels), kept between frames.
  const overlay = useRef<HTMLCanvasElement>(document.createElement('canvas'));
  const drag = useRef<{
    kind: 'move' | 'resize' | 'corner' | 'brush';
    start: Point;
    crop?: CropBox;
    /** The crop corner being dragged (TL, TR, BR, BL). */
    corner?: number;
  } | null>(null);
  const cursor = useRef<Point | null>(null);
  const { width, height } = drawnSize(image, scale);
  // The image at its drawn size, made once per image and scale: scaling a 4,000 × 4,000 image down on every frame
  // of a drag cost more than the rest of the frame.
  const scaled = useMemo(() => {
    if (image instanceof BwImage) return image.scaled(width, height);
    const out = document.createElement('canvas');
    out.width = width;
    out.height = height;
    const ctx = out.getContext('2d');
    if (ctx) {
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(image, 0, 0, width, height);
    }
    return out;
  }, [image, width, height]);

  const draw = () => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(scaled, 0, 0);
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    if (grid && roi) {
      const n = grid.channels;
      const lattice = tixelLattice(roi, n);
      if (counts) {
        const span = counts.upper - counts.lower || 1;
        const colourOf = (i: number) => {
          const v = counts.values[i]!;
          return Number.isFinite(v) ? jet((v - counts.lower) / span) : null;
        };
        fillTixels(ctx, overlay.current, lattice, scale, colourOf, 0.7);
      } else if (mask) {
        fillTixels(ctx, overlay.current, lattice, scale, (i) => (mask[i] ? MASK_COLOUR : null), 0.45);
      }
      ctx.lineWidth = 0.6 / scale;
      ctx.strokeStyle = 'rgba(0, 170, 255, 0.8)';
      strokeTixelGrid(ctx, lattice, scale);
    }
    if (roi) {
      ctx.beginPath();
      roi.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.closePath();
      ctx.lineWidth = 2 / scale;
      ctx.strokeStyle = '#00e676';
      ctx.stroke();
      roi.forEach((p, i) => {
        ctx.beginPath();
        ctx.arc(p.x, p.y, (i === selectedCorner ? 8 : 6) / scale, 0, 2 * Math.PI);
        ctx.fillStyle = i === selectedCorner ? '#ffea00' : '#00e676';
        ctx.fill();
      });
    }
    if (mode === 'crop' && crop) {
      ctx.fillStyle = 'rgba(0, 0, 0, 0.5)';
      ctx.beginPath();
      ctx.rect(0, 0, image.width, image.height);
      ctx.rect(crop.x + crop.side, crop.y, -crop.side, crop.side);
      ctx.fill('evenodd');
      ctx.lineWidth = 2 / scale;
      ctx.strokeStyle = '#ffea00';
      ctx.strokeRect(crop.x, crop.y, crop.side, crop.side);
      // A handle on every corner, drawn inside the box: a box as large as the image keeps all four in view.
      ctx.fillStyle = '#ffea00';
      const h = HANDLE_PX / scale;
      cropCorners(crop).forEach((p, i) =>
        ctx.fillRect(i === 1 || i === 2 ? p.x - h : p.x, i === 2 || i === 3 ? p.y - h : p.y, h, h),
      );
    }
    if ((mode === 'fill' || mode === 'erase') && cursor.current) {
      ctx.beginPath();
      ctx.arc(cursor.current.x, cursor.current.y, brush / scale, 0, 2 * Math.PI);
      ctx.lineWidth = 1.5 / scale;
      ctx.strokeStyle = mode === 'fill' ? '#ff1744' : '#ffffff';
      ctx.stroke();
    }
  };

  const frame = useRef(0);
  const schedule = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(draw);
  };
  useEffect(() => {
    schedule();
    return () => cancelAnimationFrame(frame.current);
  });

  const toImage = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / scale, y: (event.clientY - rect.top) / scale };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = toImage(event);
    event.currentTarget.focus();
    if (mode === 'crop' && crop) {
      const corner = cornerAt(cropCorners(crop), p, (1.5 * HANDLE_PX) / scale);
      const inside = p.x >= crop.x && p.x <= crop.x + crop.side && p.y >= crop.y && p.y <= crop.y + crop.side;
      if (corner >= 0) drag.current = { kind: 'resize', start: p, crop, corner };
      else if (inside) drag.current = { kind: 'move', start: p, crop };
    } else if (mode === 'roi' && roi) {
      const index = cornerAt(roi, p, 14 / scale);
      if (index >= 0) {
        props.onSelectCorner(index);
        drag.current = { kind: 'corner', start: p };
      }
    } else if (mode === 'fill' || mode === 'erase') {
      drag.current = { kind: 'brush', start: p };
      props.onBrushStart();
      props.onBrush(p);
    }
    if (drag.current) event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = toImage(event);
    cursor.current = p;
    const d = drag.current;
    if (!d) {
      if (mode === 'fill' || mode === 'erase') schedule();
      return;
    }
    if ((d.kind === 'move' || d.kind === 'resize') && d.crop) {
      const { box, clamped } =
        d.kind === 'move'
          ? clampCrop(
              { ...d.crop, x: Math.round(d.crop.x + p.x - d.start.x), y: Math.round(d.crop.y + p.y - d.start.y) },
              image,
            )
          : resizeCrop(d.crop, d.corner ?? 2, p, image);
      props.onCrop(box, clamped);
    } else if (d.kind === 'corner' && roi) {
      props.onRoi(withCorner(roi, selectedCorner, clampPoint({ x: Math.round(p.x), y: Math.round(p.y) }, image)));
    } else if (d.kind === 'brush') {
      props.onBrush(p);
    }
  };

  const onPointerUp = () => {
    if (drag.current?.kind === 'brush') props.onBrushEnd();
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (mode !== 'roi' || !roi || selectedCorner < 0) return;
    const step = event.shiftKey ? 10 : 1;
    const delta: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = delta[event.key];
    if (!move) return;
    event.preventDefault();
    const corner = roi[selectedCorner]!;
    props.onRoi(withCorner(roi, selectedCorner, clampPoint({ x: corner.x + move.x, y: corner.y + move.y }, image)));
  };

  return (
    <Box sx={{ overflow: 'auto', flex: 1, minWidth: 0, bgcolor: 'grey.900', borderRadius: 1, p: 1 }}>
      <canvas
        ref={canvas}
        width={width}
        height={height}
        tabIndex={0}
        role="img"
        aria-label="Processed image"
        data-mode={mode}
        data-width={image.width}
        data-height={image.height}
        data-roi={roi ? roi.map((q) => `${Math.round(q.x)},${Math.round(q.y)}`).join(' ') : ''}
        data-crop={mode === 'crop' && crop ? `${crop.x},${crop.y},${crop.side}` : ''}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => {
          cursor.current = null;
          schedule();
        }}
        onKeyDown={onKeyDown}
        style={{ display: 'block', touchAction: 'none', cursor: mode === 'view' ? 'default' : 'crosshair' }}
      />
    </Box>
  );
}
