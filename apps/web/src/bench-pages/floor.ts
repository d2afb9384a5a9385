/**
 * The floor of the explorer's open figure: a bare page that fetches the run's binary tixel table and draws its
 * spatial and UMAP plots with deck.gl, no app shell. The bench opens it and the explorer in the same run and
 * prints their ratio.
 */
import { Deck, OrthographicView, type OrthographicViewState } from '@deck.gl/core';
import { ScatterplotLayer } from '@deck.gl/layers';
import { boundsOf, clusterColours, loadTixels, report } from './tixels';

report(async () => {
  const { table, generateMs } = await loadTixels();
  const dataMs = performance.now();
  const colours = clusterColours(table);
  const parent = document.getElementById('plots') as HTMLDivElement;
  const half = parent.clientWidth / 2;
  const fit = (xy: Float32Array): OrthographicViewState => {
    const b = boundsOf(xy);
    return { target: [b.cx, b.cy, 0], zoom: Math.log2(Math.min(half / b.width, parent.clientHeight / b.height) * 0.9) };
  };
  const layer = (id: string, xy: Float32Array) =>
    new ScatterplotLayer({
      id,
      data: {
        length: table.n,
        attributes: { getPosition: { value: xy, size: 2 }, getFillColor: { value: colours, size: 3 } },
      },
      radiusUnits: 'pixels',
      getRadius: 2,
    });
  let viewState = { spatial: fit(table.spatial), umap: fit(table.umap) };
  let drawnAt: (ms: number) => void = () => {};
  let nextDraw: (() => void) | undefined;
  const drawn = new Promise<number>((resolve) => (drawnAt = resolve));
  // The drawing buffer gets the canvas's size before the first frame: left to luma, that frame is drawn into the
  // default 300×150 buffer, stretched, and the full-size one follows only after its resize observer reports.
  const canvas = document.createElement('canvas');
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  parent.appendChild(canvas);
  canvas.width = Math.floor(canvas.clientWidth * devicePixelRatio);
  canvas.height = Math.floor(canvas.clientHeight * devicePixelRatio);
  const deck = new Deck({
    canvas,
    views: [
      new OrthographicView({ id: 'spatial', x: 0, width: '50%', flipY: true }),
      new OrthographicView({ id: 'umap', x: '50%', width: '50%' }),
    ],
    viewState,
    layers: [layer('spatial', table.spatial), layer('umap', table.umap)],
    layerFilter: ({ layer: l, viewport }) => l.id === viewport.id,
    // The first frame of both plots at the canvas's size.
    onAfterRender: () => {
      const atSize = canvas.width === Math.floor(canvas.clientWidth * devicePixelRatio);
      if (deck.isInitialized && deck.props.layers.length && atSize) drawnAt(performance.now());
      nextDraw?.();
    },
  });
  // The pan reference of the GPU bench: both plots moved by `dx` screen pixels, new view state → frame drawn.
  window.__benchPan = (dx) =>
    new Promise((resolve) => {
      const started = performance.now();
      nextDraw = () => {
        nextDraw = undefined;
        resolve(performance.now() - started);
      };
      const moved = (v: OrthographicViewState): OrthographicViewState => {
        const [x, y] = v.target as [number, number, number];
        return { ...v, target: [x - dx / 2 ** (v.zoom as number), y, 0] };
      };
      viewState = { spatial: moved(viewState.spatial), umap: moved(viewState.umap) };
      deck.setProps({ viewState });
    });
  return { n: table.n, dataMs, drawn, generateMs };
});
