import { describe, expect, it } from 'vitest';
import { heatmapLut } from '../colormaps';
import { FigureTooLargeError, composeFigure, type FigureSpec } from './compose';
import { figureToSvg } from './svg';
import { gridPitch, micronsPerUnit, niceScaleBar } from './scaleBar';

/** A 10×10 tixel grid at pitch 2 (data units), shown 200×200 px with 10 px per unit, centred on the grid. */
const grid = Float32Array.from({ length: 200 }, (_, i) =>
  i % 2 === 0 ? (Math.floor(i / 2) % 10) * 2 : Math.floor(i / 20) * 2,
);
const codes = Float32Array.from({ length: 100 }, (_, i) => (i < 60 ? 0 : 1));
const spatial = {
  title: 'Spatial',
  positions: grid,
  viewState: { target: [9, 9, 0] as [number, number, number], zoom: Math.log2(10) },
  width: 200,
  height: 200,
  flipY: true,
  pointDiameter: 6,
  micronsPerUnit: micronsPerUnit({ channelWidthUm: 20, pitch: gridPitch(grid) }),
};
const spec: FigureSpec = {
  runId: 'D90001',
  panels: [spatial],
  colouring: { mode: 'categorical', values: codes, colors: ['#ff0000', '#0000ff'] },
  legend: {
    kind: 'categories',
    title: 'Clusters',
    items: [
      { name: 'C1', color: '#ff0000', count: 60 },
      { name: 'C2 <x>', color: '#0000ff', count: 40 },
    ],
  },
  background: '#000000',
};

const circles = (svg: string) => svg.match(/<circle /g)?.length ?? 0;

describe('scale bars', () => {
  it('reads the grid pitch and turns channel width or spot diameter into µm per unit', () => {
    expect(gridPitch(grid)).toBe(2);
    // DBiT: centres two channel widths apart → 20 µm channels at pitch 2 = 20 µm per unit.
    expect(micronsPerUnit({ channelWidthUm: 20, pitch: 2 })).toBe(20);
    expect(micronsPerUnit({ spotDiameter: 110 })).toBe(0.5);
    expect(micronsPerUnit({ channelWidthUm: null, spotDiameter: null })).toBeNull();
  });

  it('picks the longest 1-2-5 length that fits', () => {
    expect(niceScaleBar(2, 50)).toEqual({ microns: 100, px: 50, label: '100 µm' });
    expect(niceScaleBar(2, 49)).toEqual({ microns: 50, px: 25, label: '50 µm' });
    expect(niceScaleBar(100, 30)).toEqual({ microns: 2000, px: 20, label: '2 mm' });
    expect(niceScaleBar(0, 30)).toBeNull();
  });
});

describe('composeFigure → SVG', () => {
  it('draws every shown tixel as a vector circle, with run id, legend names and counts, and the scale bar', () => {
    const scene = composeFigure(spec);
    const svg = figureToSvg(scene);
    expect(scene.pointCount).toBe(100);
    expect(circles(svg)).toBe(100);
    expect(svg).toContain('data-role="run-id">D90001</text>');
    expect(svg).toContain('data-role="legend-item">C1 (60)</text>');
    expect(svg).toContain('C2 &lt;x&gt; (40)');
    // 10 px per unit at 20 µm per unit = 2 µm per px; a quarter of 200 px is 50 px → 100 µm.
    expect(svg).toContain('data-role="scale-bar-label">100 µm</text>');
    expect(svg).toMatch(
      /<line x1="[\d.]+" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" stroke="#ffffff" stroke-width="3" data-role="scale-bar"/,
    );
    expect(svg).toContain('<g fill="#ff0000">');
  });

  it('keeps what the screen shows: zoomed in, only the tixels in view are drawn; dimmed ones stay translucent', () => {
    const zoomed = { ...spatial, viewState: { target: [0, 0, 0] as [number, number, number], zoom: Math.log2(50) } };
    const selected = new Uint8Array(100);
    selected[0] = 1;
    const scene = composeFigure({ ...spec, panels: [zoomed], selected });
    // ±2 units around (0,0): the tixels at x,y ∈ {0, 2} (and their halves reaching in).
    expect(scene.pointCount).toBe(4);
    const svg = figureToSvg(scene);
    expect(svg).toContain('fill-opacity="0.15"');
  });

  it("draws a cell run's outlines over its points, coloured and dimmed like them, only where shown", () => {
    // Tixels 0 (x,y 0,0) and 99 (18,18) outlined by squares of 1.6 units; the view shows ±4 units around (0,0).
    const outlines = {
      cells: Uint32Array.from([0, 99]),
      offsets: Uint32Array.from([0, 4, 8]),
      xy: Float32Array.from([
        -0.8, -0.8, 0.8, -0.8, 0.8, 0.8, -0.8, 0.8, 17.2, 17.2, 18.8, 17.2, 18.8, 18.8, 17.2, 18.8,
      ]),
    };
    const zoomed = {
      ...spatial,
      viewState: { target: [0, 0, 0] as [number, number, number], zoom: Math.log2(25) },
      micronsPerUnit: 1,
      outlines,
    };
    const selected = new Uint8Array(100);
    selected[1] = 1;
    const scene = composeFigure({ ...spec, panels: [zoomed], selected });
    expect(scene.outlineCount).toBe(1);
    const svg = figureToSvg(scene);
    const rings = [...svg.matchAll(/<polygon points="([^"]+)" data-role="cell-outline"\/>/g)];
    expect(rings).toHaveLength(1);
    // 25 px per unit from the panel's centre (116, 148; y down): the first corner (-0.8, -0.8) lands at (96, 128).
    expect(rings[0]![1]!.split(' ').slice(0, 2).map(Number)).toEqual([96, 128]);
    // Cell 0 is C1 (red) and not selected: dimmed, fill and edge alike.
    expect(svg).toMatch(/<g fill="#ff0000" fill-opacity="0.15" stroke-opacity="0.15"><polygon /);
    // 25 px per µm: a quarter of 200 px is 2 µm.
    expect(svg).toContain('data-role="scale-bar-label">2 µm</text>');
  });

  it('shows a colour bar with the feature name and range in expression view', () => {
    const values = Float32Array.from({ length: 100 }, (_, i) => i / 10);
    const svg = figureToSvg(
      composeFigure({
        ...spec,
        colouring: { mode: 'continuous', values, lut: heatmapLut('jet'), range: [0, 9.9] },
        legend: { kind: 'colorbar', title: 'Gfap', lut: heatmapLut('jet'), range: [0, 9.9] },
      }),
    );
    expect(svg).toContain('data-role="legend-title">Gfap</text>');
    expect(svg).toContain('data-role="colour-bar"');
    expect(svg).toContain('data-role="legend-tick">0.00</text>');
    expect(svg).toContain('data-role="legend-tick">9.90</text>');
    expect(svg.match(/<stop /g)).toHaveLength(64);
  });

  it('places a tissue image in data coordinates and refuses more points than a vector figure holds', () => {
    const withImage = {
      ...spatial,
      image: {
        href: 'data:image/png;base64,AAAA',
        bounds: [0, 18, 18, 0] as [number, number, number, number],
        opacity: 0.9,
      },
    };
    const svg = figureToSvg(composeFigure({ ...spec, panels: [withImage] }));
    // Data x 0..18 and y 0..18 around centre 9 at 10 px/unit: a 180 px square 10 px inside the 200 px panel.
    expect(svg).toMatch(/<image x="26" y="58" width="180" height="180" opacity="0.9"/);
    expect(() => composeFigure({ ...spec, maxPoints: 99 })).toThrow(FigureTooLargeError);
  });
});
