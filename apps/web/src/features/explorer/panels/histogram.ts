/** Equal-width bins over [min, max] of the finite values; NaN (no value) is skipped. */
export interface Bins {
  min: number;
  max: number;
  counts: number[];
  /** Finite values counted. */
  total: number;
}

export function binValues(values: ArrayLike<number>, bins = 20): Bins {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const counts = new Array<number>(bins).fill(0);
  if (min === Infinity) return { min: 0, max: 0, counts, total: 0 };
  const width = max > min ? (max - min) / bins : 1;
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    counts[Math.min(bins - 1, Math.floor((v - min) / width))]! += 1;
    total++;
  }
  return { min, max, counts, total };
}

/** A short axis label: integers as is, else up to 3 significant digits. */
export function tickLabel(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(0) : Number(v.toPrecision(3)).toString();
}
