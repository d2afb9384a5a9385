import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  HEATMAP_PALETTES,
  LinkedPlots,
  ZOOM_IN_FACTOR,
  ZOOM_OUT_FACTOR,
  heatBarShades,
  heatBarTicks,
  heatmapLut,
  indicesToMask,
  valueRange,
  type BackgroundName,
  type HeatmapPalette,
  type LinkedPlotsHandle,
  type HoverHit,
  type SelectionTool,
} from '@atlas/viz';
import { generateTixels } from '@atlas/spatial/tixel-points';

/** Timing marks the browser test reads (ms). */
interface VizTimings {
  n: number;
  generateMs: number;
  /** Navigation start → first frame with points drawn. */
  firstDrawMs?: number;
  /** Component mount → first frame drawn. */
  firstDrawSinceMountMs?: number;
  /** Last recolour: click → deck's render of the new colours finished (JS side). */
  recolourMs?: number;
  /** Last recolour: click → the animation frame after that render. */
  recolourFrameMs?: number;
  recolourKind?: string;
  /** Last selection: pointer released → indices back from the worker. */
  selectMs?: number;
  selectedCount?: number;
  /**
   * Last pan/zoom: view state change → deck's render of it finished. The GPU work follows, but where the browser holds
   * the next frame until the GPU has caught up (software GL), this includes that wait.
   */
  panFrameMs?: number;
  /** Every pan/zoom frame's `panFrameMs` since the page opened (the GPU bench reads their spread). */
  panFrames: number[];
  /** The same frames' own work on the main thread: deck's frame start → its render finished. */
  panFrameWork: number[];
  /** Frames deck has drawn. */
  frames: number;
}

declare global {
  interface Window {
    __vizReady?: boolean;
    __vizTimings?: VizTimings;
  }
}

type Colouring = 'geneA' | 'geneB' | 'clusters';

/** A stand-in tissue image (pink blob on white) for `?image=1`, as a data URL. */
function tissueDataUrl(): string {
  const c = document.createElement('canvas');
  c.width = c.height = 256;
  const g = c.getContext('2d')!;
  g.fillStyle = '#f4f0f2';
  g.fillRect(0, 0, 256, 256);
  const grad = g.createRadialGradient(128, 128, 10, 128, 128, 120);
  grad.addColorStop(0, '#b04a8c');
  grad.addColorStop(1, '#f4f0f2');
  g.fillStyle = grad;
  g.beginPath();
  g.ellipse(128, 128, 120, 95, 0.4, 0, 2 * Math.PI);
  g.fill();
  return c.toDataURL('image/png');
}

/**
 * `/viz-lab?n=10000`: a development page for the WebGL plots over generated data. It sets `window.__vizReady`
 * after the first drawn frame and keeps timing marks in `window.__vizTimings` for the browser test.
 */
export function VizLabPage() {
  const [params] = useSearchParams();
  const n = Math.max(10, Math.min(5_000_000, Number(params.get('n')) || 10_000));
  const mountedAt = useRef(performance.now());
  const [data] = useState(() => {
    const t = performance.now();
    const d = generateTixels(n);
    window.__vizTimings = { n, generateMs: performance.now() - t, frames: 0, panFrames: [], panFrameWork: [] };
    window.__vizReady = false;
    return d;
  });
  const withImage = params.get('image') === '1';
  const tissueImage = useMemo(() => {
    if (!withImage) return null;
    const side = Math.ceil(Math.sqrt(n)) * 10;
    return {
      image: tissueDataUrl(),
      bounds: [-5, side - 5, side - 5, -5] as [number, number, number, number],
      opacity: 0.9,
    };
  }, [withImage, n]);
  const [colouring, setColouring] = useState<Colouring>('geneA');
  const [palette, setPalette] = useState<HeatmapPalette>('jet');
  const [background, setBackground] = useState<BackgroundName>('black');
  const [tool, setTool] = useState<SelectionTool>('pan');
  const [selected, setSelected] = useState<Uint8Array | null>(null);
  const [hover, setHover] = useState<string>('');
  const plots = useRef<LinkedPlotsHandle>(null);
  const pending = useRef<{ kind: string; t0: number } | null>(null);
  const selectT0 = useRef(0);
  const panT0 = useRef(0);
  const frameT0 = useRef(0);

  const values = colouring === 'clusters' ? data.clusters : colouring === 'geneA' ? data.geneA : data.geneB;
  const range = useMemo<[number, number]>(() => valueRange(values), [values]);
  const lut = useMemo(() => heatmapLut(palette), [palette]);

  const mark = (kind: string) => {
    pending.current = { kind, t0: performance.now() };
  };
  const onBeforeRender = useCallback(() => {
    frameT0.current = performance.now();
  }, []);
  const onAfterRender = useCallback(() => {
    const t = window.__vizTimings;
    if (t) t.frames++;
    if (t && panT0.current) {
      t.panFrameMs = performance.now() - panT0.current;
      t.panFrames.push(t.panFrameMs);
      t.panFrameWork.push(performance.now() - frameT0.current);
      panT0.current = 0;
    }
    const p = pending.current;
    if (!p || !t) return;
    pending.current = null;
    t.recolourMs = performance.now() - p.t0;
    t.recolourKind = p.kind;
    requestAnimationFrame(() => {
      t.recolourFrameMs = performance.now() - p.t0;
    });
  }, []);
  const onFirstDraw = useCallback(() => {
    const t = window.__vizTimings;
    if (t) {
      t.firstDrawMs = performance.now();
      t.firstDrawSinceMountMs = performance.now() - mountedAt.current;
    }
    window.__vizReady = true;
  }, []);
  const onSelect = useCallback(
    (indices: Uint32Array) => {
      const t = window.__vizTimings;
      if (t) {
        t.selectMs = performance.now() - selectT0.current;
        t.selectedCount = indices.length;
      }
      setSelected(indices.length ? indicesToMask(indices, n) : null);
    },
    [n],
  );
  const onHover = useCallback((hit: HoverHit | null) => {
    setHover(hit === null ? '' : `${hit.view} tixel ${hit.index}`);
  }, []);

  const nextPalette = () => {
    mark('palette');
    setPalette((p) => HEATMAP_PALETTES[(HEATMAP_PALETTES.indexOf(p) + 1) % HEATMAP_PALETTES.length]!);
  };
  const showColouring = (c: Colouring) => {
    mark(c);
    setColouring(c);
  };
  const count = selected ? selected.reduce((s, v) => s + v, 0) : 0;
  const shades = useMemo(() => heatBarShades(lut), [lut]);

  const button = (label: string, onClick: () => void, active = false, testId?: string) => (
    <button
      type="button"
      data-testid={testId}
      onClick={onClick}
      style={{ padding: '4px 10px', fontWeight: active ? 700 : 400, background: active ? '#cfe3ff' : undefined }}
    >
      {label}
    </button>
  );

  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', fontFamily: 'sans-serif', fontSize: 13 }}>
      <div
        style={{
          display: 'flex',
          gap: 6,
          alignItems: 'center',
          padding: 6,
          flexWrap: 'wrap',
          height: 40,
          boxSizing: 'border-box',
        }}
      >
        <strong>Viz lab · {n.toLocaleString()} tixels</strong>
        {button('Gene A', () => showColouring('geneA'), colouring === 'geneA', 'gene-a')}
        {button('Gene B', () => showColouring('geneB'), colouring === 'geneB', 'gene-b')}
        {button('Clusters', () => showColouring('clusters'), colouring === 'clusters', 'clusters')}
        {button(`Palette: ${palette}`, nextPalette, false, 'palette')}
        {button(
          `Background: ${background}`,
          () => setBackground((b) => (b === 'black' ? 'white' : b === 'white' ? 'darkgrey' : 'black')),
          false,
          'background',
        )}
        {button('Pan', () => setTool('pan'), tool === 'pan', 'tool-pan')}
        {button('Lasso', () => setTool('lasso'), tool === 'lasso', 'tool-lasso')}
        {button('Quad', () => setTool('quad'), tool === 'quad', 'tool-quad')}
        {button('Clear', () => setSelected(null), false, 'clear')}
        {button('Zoom +', () => plots.current?.zoom(ZOOM_IN_FACTOR), false, 'zoom-in')}
        {button('Zoom −', () => plots.current?.zoom(ZOOM_OUT_FACTOR), false, 'zoom-out')}
        {button('Fit', () => plots.current?.fit(), false, 'fit')}
        <span data-testid="selected-count">selected: {count}</span>
        <span style={{ color: '#666' }}>{hover}</span>
        {colouring !== 'clusters' && (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-testid="heat-bar">
            {heatBarTicks(range[0], range[1])[0]!.toFixed(1)}
            <span style={{ display: 'inline-flex' }}>
              {shades.map((c, i) => (
                <span key={i} style={{ width: 2, height: 12, background: c }} />
              ))}
            </span>
            {range[1].toFixed(1)}
          </span>
        )}
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        <div
          style={{ width: '100%', height: '100%' }}
          onPointerUpCapture={() => (selectT0.current = performance.now())}
        >
          <LinkedPlots
            ref={plots}
            embedding={data.embedding}
            spatial={data.spatial}
            values={values}
            colorMode={colouring === 'clusters' ? 'categorical' : 'continuous'}
            palette={palette}
            range={range}
            background={background}
            tissueImage={tissueImage}
            spotDiameter={withImage ? 8 : undefined}
            selected={selected}
            tool={tool}
            onHover={onHover}
            onSelect={onSelect}
            onFirstDraw={onFirstDraw}
            onBeforeRender={onBeforeRender}
            onAfterRender={onAfterRender}
            onViewStateChange={() => (panT0.current ||= performance.now())}
          />
        </div>
      </div>
    </div>
  );
}
