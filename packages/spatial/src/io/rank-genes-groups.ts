/**
 * A file's own `uns['rank_genes_groups']` (scanpy's result, cellxgene#855): per group the ranked names and, where
 * the method wrote them, scores, log fold changes, p-values and adjusted p-values. scanpy stores each as a
 * record array (one field per group, one row per rank); logreg writes names and scores only. Read-only and
 * bounded: the arrays are rows × groups, both already limited by the file's own var and obs.
 */
import { SpatialFormatError } from './errors.js';
import { child, isDataset, isGroup, readValue, withHdf5, type Group, type H5File } from './hdf5.js';

export const RANK_GENES_GROUPS_COLUMNS = ['scores', 'logfoldchanges', 'pvals', 'pvals_adj'] as const;
export type RankGenesGroupsColumn = (typeof RANK_GENES_GROUPS_COLUMNS)[number];

export interface FileRankedGroup {
  group: string;
  names: string[];
  /** Each column the file holds, in rank order (null for a column it lacks). */
  columns: Record<RankGenesGroupsColumn, Float64Array | null>;
}

export interface FileRankGenesGroups {
  /** uns/rank_genes_groups/params, when present (the obs column and the method that ranked it). */
  groupby: string | null;
  method: string | null;
  reference: string | null;
  groups: FileRankedGroup[];
}

/** The file's rank_genes_groups, or null when it has none. Throws a SpatialFormatError when it is malformed. */
export function readRankGenesGroups(source: string | Uint8Array, label?: string): Promise<FileRankGenesGroups | null> {
  return withHdf5(source, label, rankGenesGroupsOf);
}

export function rankGenesGroupsOf(file: H5File, name: string): FileRankGenesGroups | null {
  const uns = child(file, 'uns');
  const entity = isGroup(uns) ? child(uns, 'rank_genes_groups') : undefined;
  if (!isGroup(entity)) return null;
  const names = recordColumns(entity, 'names', name);
  if (!names) throw new SpatialFormatError(name, 'uns/rank_genes_groups has no names');
  const numeric = Object.fromEntries(
    RANK_GENES_GROUPS_COLUMNS.map((key) => [key, recordColumns(entity, key, name)]),
  ) as Record<RankGenesGroupsColumn, Map<string, unknown[]> | null>;
  const groups = [...names.keys()].map((group): FileRankedGroup => {
    const columns = Object.fromEntries(
      RANK_GENES_GROUPS_COLUMNS.map((key) => {
        const values = numeric[key]?.get(group);
        return [key, values ? Float64Array.from(values, Number) : null];
      }),
    ) as FileRankedGroup['columns'];
    return { group, names: names.get(group)!.map(String), columns };
  });
  const params = child(entity, 'params');
  const param = (key: string): string | null => {
    if (!isGroup(params)) return null;
    const value = child(params, key);
    if (!isDataset(value)) return null;
    const read = readValue(value, `uns/rank_genes_groups/params/${key}`);
    return typeof read === 'string' ? read : null;
  };
  return { groupby: param('groupby'), method: param('method'), reference: param('reference'), groups };
}

/**
 * A record array (h5py compound dataset, 1-D: one row per rank) as group → values in rank order; null when the
 * key is absent. The groups are the compound's member names, in the file's order.
 */
function recordColumns(group: Group, key: string, file: string): Map<string, unknown[]> | null {
  const ds = child(group, key);
  if (!ds) return null;
  const members = isDataset(ds) ? ds.metadata.compound_type?.members : undefined;
  if (!isDataset(ds) || !members || (ds.shape ?? []).length !== 1) {
    throw new SpatialFormatError(file, `uns/rank_genes_groups/${key} is not a record array`);
  }
  const rows = readValue(ds, `uns/rank_genes_groups/${key}`) as unknown[][];
  return new Map(members.map((member, at) => [member.name, rows.map((row) => row[at])]));
}
