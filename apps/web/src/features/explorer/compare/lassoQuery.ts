/**
 * Atlas Compare's lasso selections in the address: one polygon per run, in that run's data coordinates, as
 * `RUN:x,y,x,y,…;RUN:…`. Coordinates are rounded to 0.01 (far below a tixel) so the address stays short.
 */

/** The address key of the lasso polygons (ours, beside the view-state fields). */
export const LASSO_KEY = 'lasso';
/** The longest polygon kept in the address; a longer lasso is thinned to this many vertices. */
export const MAX_LASSO_VERTICES = 200;

const round = (x: number) => String(Math.round(x * 100) / 100);

/** Every `step`-th vertex so that at most MAX_LASSO_VERTICES remain (the shape of a freehand lasso survives). */
export function thinPolygon(polygon: Float32Array): Float32Array {
  const n = polygon.length >> 1;
  if (n <= MAX_LASSO_VERTICES) return polygon;
  const step = Math.ceil(n / MAX_LASSO_VERTICES);
  const kept: number[] = [];
  for (let i = 0; i < n; i += step) kept.push(polygon[2 * i]!, polygon[2 * i + 1]!);
  return new Float32Array(kept);
}

export function writeLassos(polygons: Readonly<Record<string, Float32Array>>): string | null {
  const parts = Object.entries(polygons)
    .filter(([, p]) => p.length >= 6)
    .map(([run, p]) => `${run}:${Array.from(thinPolygon(p), round).join(',')}`);
  return parts.length ? parts.join(';') : null;
}

/** The polygons of the given runs; entries for other runs, with fewer than 3 vertices or a bad number are dropped. */
export function readLassos(text: string | null, runIds: readonly string[]): Record<string, Float32Array> {
  const out: Record<string, Float32Array> = {};
  for (const part of (text ?? '').split(';')) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    const run = part.slice(0, at);
    const numbers = part
      .slice(at + 1)
      .split(',')
      .map((v) => (v.trim() === '' ? NaN : Number(v)));
    if (!runIds.includes(run) || numbers.length < 6 || numbers.length % 2 !== 0) continue;
    if (!numbers.every(Number.isFinite) || numbers.length > 2 * MAX_LASSO_VERTICES) continue;
    out[run] = new Float32Array(numbers);
  }
  return out;
}
