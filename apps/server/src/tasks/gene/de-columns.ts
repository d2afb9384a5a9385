/**
 * A ranking as the DE results panel receives it: one array per statistic in feature order, values rounded to 7
 * significant digits (float32 data carries no more) so that 30k features × 8 statistics stay ~2.5 MB of JSON.
 */
import type { DeColumns } from '@atlas/contracts';
import type { DeResult, FileRankedGroup } from '@atlas/spatial';

const round = (v: number): number | null => (Number.isFinite(v) ? Number(v.toPrecision(7)) : null);
const column = (values: ArrayLike<number> | null): (number | null)[] | null =>
  values ? Array.from(values, round) : null;

export function deColumns(result: DeResult, names: readonly string[]): DeColumns {
  return {
    names: [...names],
    mean_in: column(result.meanGroup),
    mean_out: column(result.meanRest),
    pct_in: column(result.fractionGroup.map((f) => 100 * f)),
    pct_out: column(result.fractionRest.map((f) => 100 * f)),
    log2fc: column(result.logFoldChanges),
    score: column(result.scores),
    p: column(result.pValues),
    p_adj: column(result.pAdj),
  };
}

/** A file's own rank_genes_groups group, in its rank order; the statistics it did not write are null. */
export function fileColumns(group: FileRankedGroup): DeColumns {
  const { columns } = group;
  return {
    names: group.names,
    mean_in: null,
    mean_out: null,
    pct_in: null,
    pct_out: null,
    log2fc: column(columns.logfoldchanges),
    score: column(columns.scores),
    p: column(columns.pvals),
    p_adj: column(columns.pvals_adj),
  };
}
