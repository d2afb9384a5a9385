/**
 * The cell-type view from a Cell Type Mapping (`clusterLabels` in the explorer store): each tixel takes its
 * cluster's label, so the plots and the legend show cell types instead of clusters. Same shape as the explorer's
 * `RunData.cellTypes` ({codes, names, counts}), so ./useColouring uses either.
 */
export function cellTypesFromLabels(
  clusterCodes: Float32Array,
  clusterNames: readonly string[],
  labels: Record<string, string>,
): { codes: Float32Array; names: string[]; counts: number[] } {
  const names: string[] = [];
  const codeOfLabel = new Map<string, number>();
  // Cluster code → label code, labels numbered in cluster order (first cluster's label first).
  const remap = clusterNames.map((cluster) => {
    const label = labels[cluster]?.trim() || 'Undefined';
    let code = codeOfLabel.get(label);
    if (code === undefined) {
      code = names.length;
      codeOfLabel.set(label, code);
      names.push(label);
    }
    return code;
  });
  const codes = new Float32Array(clusterCodes.length);
  const counts = new Array<number>(names.length).fill(0);
  for (let i = 0; i < clusterCodes.length; i++) {
    const c = clusterCodes[i]!;
    const code = Number.isNaN(c) ? NaN : (remap[c] ?? NaN);
    codes[i] = code;
    if (!Number.isNaN(code)) counts[code]! += 1;
  }
  return { codes, names, counts };
}
