/**
 * What the real-data suite (e2e/real-data.spec.ts) reads off the explorer: the tixel count it drew, the legend,
 * where a point of the run lands on the screen (as LinkedPlots fits its views), a lasso around a set of points,
 * and the tissue image's pixels under the spots.
 */
import type { Page } from '@playwright/test';
import { fitBounds, linkedViewIds, linkedViewRects } from '../packages/viz/src/linked/views';
import { pointBounds } from '../packages/viz/src/viewState';
import { expect, plotPixels } from './fixtures';

/** The run's tixel table as the API answers it (JSON): per tixel its cluster, x,y and UMAP x,y. */
export interface RunTable {
  clusters: string[];
  spatial: number[];
  umap: number[];
}

export async function runTable(page: Page, token: string, runId: string): Promise<RunTable> {
  const response = await page.request.get(`/api/v1/genes/data?run_id=${runId}`, {
    headers: { authorization: `JWT ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as RunTable;
}

/** How many tixels the explorer drew (its timing marks, apps/web/src/features/explorer/plots/timings.ts). */
export async function drawnTixels(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as { __explorerReady?: boolean }).__explorerReady === true, null, {
    timeout: 90_000,
  });
  return page.evaluate(() => (window as unknown as { __explorerTimings: { tixels: number } }).__explorerTimings.tixels);
}

/** The cluster legend as name → count, read from its rows (checkbox label and the count beside it). */
export async function legendCounts(page: Page): Promise<Record<string, number>> {
  const legend = page.getByTestId('cluster-legend');
  await expect(legend.getByRole('button').first()).toBeVisible({ timeout: 30_000 });
  const rows = await legend.evaluate((list) =>
    Array.from(list.querySelectorAll('[role=button]'), (row) => [
      row.querySelector('input')?.getAttribute('aria-label') ?? '',
      row.querySelector('.MuiListItemText-secondary')?.textContent ?? '',
    ]),
  );
  return Object.fromEntries(rows.map(([name, count]) => [name, Number(count!.replace(/\D/g, ''))]));
}

/** Share of lit (not background-black) pixels in the plots: any drawn point lights some. */
export async function litShare(page: Page): Promise<number> {
  const { data, width, height } = await plotPixels(page);
  let lit = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i]! + data[i + 1]! + data[i + 2]! > 60) lit++;
  return lit / (width * height);
}

export type ViewId = 'embedding' | 'spatial';
/** Data coordinates → page px, and how many px one data unit takes. */
export type Projector = ((x: number, y: number) => [number, number]) & { scale: number };

/**
 * Where data coordinates land on the page in one view of the fitted plots: the views sit side by side
 * (linkedViewRects), each fitted to its points (fitBounds); the spatial view's y grows downwards (image rows), the
 * embedding's upwards (LINKED_DEFAULTS). Valid until the view is zoomed or panned.
 */
export async function projector(page: Page, table: RunTable, view: ViewId): Promise<Projector> {
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const hasSpatial = table.spatial.some(Number.isFinite);
  const embedding = Float32Array.from(table.umap);
  const spatial = hasSpatial ? Float32Array.from(table.spatial) : null;
  const rect = linkedViewRects(linkedViewIds(embedding, spatial), box.width, box.height).find((r) => r.id === view)!;
  const positions = view === 'embedding' ? embedding : spatial!;
  const fitted = fitBounds(pointBounds(positions), rect.width, rect.height)!;
  const scale = 2 ** fitted.zoom;
  const [tx, ty] = fitted.target;
  const down = view === 'spatial' ? 1 : -1;
  const project = (x: number, y: number): [number, number] => [
    box.x + rect.x + rect.width / 2 + (x - tx) * scale,
    box.y + rect.y + rect.height / 2 + down * (y - ty) * scale,
  ];
  return Object.assign(project, { scale });
}

type Point = [number, number];

/** Convex hull (Andrew's monotone chain), counter-clockwise. */
function hull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]) => {
    const out: Point[] = [];
    for (const q of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, q) <= 0) out.pop();
      out.push(q);
    }
    return out.slice(0, -1);
  };
  return [...half(p), ...half(p.reverse())];
}

function inside(polygon: Point[], [x, y]: Point): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * A lasso polygon (page px) around `members` that holds no other point: the hull of the members grown by `margin`
 * px (each point as a small octagon). Null when another point lies inside it.
 */
export function lassoAround(screen: Point[], members: Set<number>, margin = 7): Point[] | null {
  const grown = [...members].flatMap((i) =>
    Array.from({ length: 8 }, (_, k): Point => {
      const a = (k / 8) * 2 * Math.PI;
      return [screen[i]![0] + margin * Math.cos(a), screen[i]![1] + margin * Math.sin(a)];
    }),
  );
  const polygon = hull(grown);
  const foreign = screen.some((p, i) => !members.has(i) && inside(polygon, p));
  return foreign ? null : polygon;
}

/** Draws a closed lasso along `polygon` (page px): the pointer visits every vertex, released last. */
export async function drawPolygon(page: Page, polygon: Point[]): Promise<void> {
  const [x0, y0] = polygon[0]!;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  let last: Point = [x0, y0];
  for (const p of [...polygon.slice(1), polygon[0]!]) {
    const steps = Math.max(1, Math.ceil(Math.hypot(p[0] - last[0], p[1] - last[1]) / 4));
    await page.mouse.move(p[0], p[1], { steps });
    last = p;
  }
  await page.mouse.up();
}

/** RGB of the page's pixels at the given page positions (one screenshot of the plots). */
export async function pixelsAt(page: Page, at: Point[]): Promise<[number, number, number][]> {
  const box = (await page.getByTestId('linked-plots').boundingBox())!;
  const { data, width } = await plotPixels(page);
  return at.map(([x, y]) => {
    const i = (Math.round(y - box.y) * width + Math.round(x - box.x)) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  });
}
