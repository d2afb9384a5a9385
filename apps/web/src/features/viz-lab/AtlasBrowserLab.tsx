import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import type { AtlasBrowserLabTimings } from '@atlas/contracts';
import { AUTOFILL_THRESHOLD, autofill, type Roi } from '@atlas/spatial/atlasbrowser';
import { drawnSize } from '../atlasbrowser/imageOps';
import { Stage } from '../atlasbrowser/Stage';
import { ThresholdClient } from '../atlasbrowser/thresholdClient';

declare global {
  interface Window {
    __atlasBrowserLab?: AtlasBrowserLabTimings;
  }
}

const SIDE = 4000;
const CHANNELS = 220;
const SCALE = 0.15;
const INSET = 200;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const insetRoi = (side: number, by: number): Roi => [
  { x: by, y: by },
  { x: side - by, y: by },
  { x: side - by, y: side - by },
  { x: by, y: side - by },
];

/** A chip photo's stand-in: a stained disc with pixel noise on a light background. */
function stainedCanvas(side: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const image = ctx.createImageData(side, side);
  let s = 11;
  for (let y = 0, i = 0; y < side; y++)
    for (let x = 0; x < side; x++, i += 4) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      const v = Math.hypot(x - side / 2, y - side / 2) < side / 3 ? 60 + (s >>> 26) * 2 : 225 + (s >>> 29);
      image.data.fill(v, i, i + 3);
      image.data[i + 3] = 255;
    }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

function frameCounter() {
  let frames = 0;
  let started = 0;
  let handle = 0;
  const tick = () => {
    frames++;
    handle = requestAnimationFrame(tick);
  };
  return {
    startFrames() {
      frames = 0;
      started = performance.now();
      handle = requestAnimationFrame(tick);
    },
    stopFrames() {
      cancelAnimationFrame(handle);
      return { frames, ms: performance.now() - started };
    },
  };
}

/**
 * `/viz-lab/atlasbrowser`: AtlasXbrowser's heavy paths in the browser on a 4,000 × 4,000 image — threshold through
 * the tool's worker, autofill of a 220 × 220 chip, and the tool's stage with the whole grid and mask drawn while
 * the bench drags an ROI corner. Development and lab builds only, like /viz-lab.
 */
export function AtlasBrowserLab() {
  const [ready, setReady] = useState<{ image: HTMLCanvasElement; mask: Uint8Array } | null>(null);
  const [roi, setRoi] = useState<Roi>(insetRoi(SIDE, INSET));
  const [corner, setCorner] = useState(2);
  useEffect(() => {
    let live = true;
    void (async () => {
      const image = stainedCanvas(SIDE);
      const shown = drawnSize(image, SCALE);
      const copyOf = (source: HTMLCanvasElement) => {
        const copy = document.createElement('canvas');
        copy.width = source.width;
        copy.height = source.height;
        copy.getContext('2d', { willReadFrequently: true })!.drawImage(source, 0, 0);
        return copy;
      };
      const client = new ThresholdClient();
      // A new working image: its pixels read into the workers (the page does this when the image is made), then
      // the Threshold button; each on a fresh copy, so nothing is kept from the last round.
      const fresh: Array<{ load: number; first: number }> = [];
      for (let i = 0; i < 4; i++) {
        const copy = copyOf(image);
        const load = await client.load(copy);
        const started = performance.now();
        await client.threshold(copy, 7, 7, shown);
        // The first round warms the workers' JIT.
        if (i > 0) fresh.push({ load, first: performance.now() - started });
      }
      // Button → BW at the stage's size, again on one image with other C values, as a user tries them.
      const runs: Array<{ total: number; worker: number }> = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const result = await client.threshold(image, 7, 5 + i, shown);
        runs.push({ total: performance.now() - started, worker: result.ms });
      }
      // The threshold the autofill below reads: C 7.
      const bw = (await client.threshold(image, 7, 7, shown)).image.data;
      client.close();
      const rgba = image.getContext('2d')!.getImageData(0, 0, SIDE, SIDE).data;
      const bare: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        let sum = 0;
        for (let j = 0; j < rgba.length; j++) sum += rgba[j]!;
        bare.push(performance.now() - started + (sum < 0 ? 1 : 0));
      }
      const autofills: number[] = [];
      let mask: Uint8Array = new Uint8Array(0);
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        mask = autofill({ width: SIDE, height: SIDE, data: bw }, insetRoi(SIDE, INSET), CHANNELS, AUTOFILL_THRESHOLD);
        autofills.push(performance.now() - started);
      }
      if (!live) return;
      const canvasAt = () => document.querySelector('canvas[aria-label="Processed image"]')!.getBoundingClientRect();
      window.__atlasBrowserLab = {
        side: SIDE,
        thresholdMs: median(fresh.map((r) => r.first)),
        againMs: median(runs.map((r) => r.total)),
        loadMs: median(fresh.map((r) => r.load)),
        workerMs: median(runs.map((r) => r.worker)),
        autofillMs: median(autofills),
        bareLoopMs: median(bare),
        ...frameCounter(),
        get corner() {
          const rect = canvasAt();
          return { x: rect.left + (SIDE - INSET) * SCALE, y: rect.top + (SIDE - INSET) * SCALE };
        },
      };
      // Every tixel on: the heaviest mask to draw.
      setReady({ image, mask: mask.fill(1) });
    })();
    return () => {
      live = false;
    };
  }, []);

  if (!ready)
    return (
      <Typography sx={{ m: 2 }}>
        Preparing a {SIDE} × {SIDE} image…
      </Typography>
    );
  return (
    <Stage
      image={ready.image}
      scale={SCALE}
      mode="roi"
      crop={null}
      onCrop={() => {}}
      roi={roi}
      selectedCorner={corner}
      onSelectCorner={setCorner}
      onRoi={setRoi}
      grid={{ channels: CHANNELS }}
      mask={ready.mask}
      counts={null}
      brush={20}
      onBrushStart={() => {}}
      onBrush={() => {}}
      onBrushEnd={() => {}}
    />
  );
}
