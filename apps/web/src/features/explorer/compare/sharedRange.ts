/** Atlas Compare's one colour range (pure): the finite minimum and maximum over every run's values. */
export function sharedRange(arrays: readonly Float32Array[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const values of arrays)
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (!Number.isFinite(lo)) return [0, 1];
  // Flat data gets a one-unit scale, as the explorer's own range does.
  return lo === hi ? [lo, lo + 1] : [lo, hi];
}
