/**
 * A selection as labels for the per-label kernels: 1 for the group's observations, 0 for the rest. The group
 * is a set: repeated indices count once.
 */
export function groupLabels(nObs: number, group: ArrayLike<number>): { labels: Int32Array; nGroup: number } {
  const labels = new Int32Array(nObs);
  let nGroup = 0;
  for (let k = 0; k < group.length; k++) {
    const i = group[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= nObs) {
      throw new RangeError(`group index ${i} is not an observation index in [0, ${nObs})`);
    }
    if (labels[i] === 0) nGroup++;
    labels[i] = 1;
  }
  return { labels, nGroup };
}

/**
 * scanpy refuses a group with fewer than two observations for every method ("Could not calculate statistics
 * for groups … since they only contain one sample"); the Welch variance (ddof = 1) truly needs two on each
 * side, while the rank-sum test is defined from one, which the Wilcoxon reference exercises.
 */
export function requireSizes(method: string, nGroup: number, nRest: number, minimum: number): void {
  if (nGroup < minimum || nRest < minimum) {
    throw new RangeError(
      `${method}: the group has ${nGroup} and the rest ${nRest} observations; each needs at least ${minimum}`,
    );
  }
}
