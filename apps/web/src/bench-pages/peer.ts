/**
 * A peer on the same tixels: regl-scatterplot (a WebGL scatter plot library) draws the run's spatial and UMAP
 * plots from the same binary tixel table. The bench compares its first drawn frame with the explorer's.
 */
import createScatterplot from 'regl-scatterplot';
import { boundsOf, clusterColours, loadTixels, report } from './tixels';

/**
 * regl-scatterplot takes points in normalised device coordinates ([-1, 1]) with a category per point, here as
 * columns of typed arrays (its object form), so that millions of points cost no array per point.
 */
function normalised(xy: Float32Array, codes: Uint16Array | undefined) {
  const b = boundsOf(xy);
  const scale = 1.9 / Math.max(b.width, b.height);
  const n = xy.length / 2;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = (xy[2 * i]! - b.cx) * scale;
    y[i] = (xy[2 * i + 1]! - b.cy) * scale;
  }
  return { x, y, valueA: codes ?? new Uint16Array(n) };
}

report(async () => {
  const { table, generateMs } = await loadTixels();
  const dataMs = performance.now();
  const colours = clusterColours(table);
  const codes = table.categories.clusters?.codes;
  const k = table.categories.clusters?.names.length ?? 1;
  // One colour per cluster code, as hex, in code order (the page colours by the category column).
  const pointColor = Array.from({ length: k }, (_, c) => {
    const i = codes ? codes.indexOf(c) : 0;
    return `#${Array.from(colours.subarray(3 * i, 3 * i + 3), (v) => v.toString(16).padStart(2, '0')).join('')}`;
  });
  const scatterplots = (['spatial', 'umap'] as const).map((id) => {
    const canvas = document.getElementById(id) as HTMLCanvasElement;
    const { width, height } = canvas.getBoundingClientRect();
    return {
      id,
      width,
      plot: createScatterplot({ canvas, width, height, pointSize: 3, pointColor, colorBy: 'valueA' }),
    };
  });
  const plots = scatterplots.map(({ id, plot }) => plot.draw(normalised(table[id], codes)));
  // The pan reference of the GPU bench: both plots moved by `dx` screen pixels, camera moved → both drawn.
  window.__benchPan = async (dx) => {
    const started = performance.now();
    await Promise.all(
      scatterplots.map(({ width, plot }) => {
        const drawn = new Promise<void>((resolve) => plot.subscribe('draw', () => resolve(), 1));
        const [x, y] = plot.get('cameraTarget') as [number, number];
        const distance = plot.get('cameraDistance') as number;
        void plot.zoomToLocation([x - (2 * dx * distance) / width, y], distance, { transition: false });
        return drawn;
      }),
    );
    return performance.now() - started;
  };
  const drawn = Promise.all(plots).then(
    () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))),
  );
  return { n: table.n, dataMs, drawn, generateMs };
});
