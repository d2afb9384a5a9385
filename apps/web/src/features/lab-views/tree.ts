import type { TWaferTrace } from '@atlas/contracts';

/** The levels of the wafer trace (spec 02 §2.2): Wafer/{wafer_id} > Chip/{chip_id} > DBiT/{run_id}. */
export type TraceType = 'Wafer' | 'Chip' | 'DBiT';

export interface TraceNode {
  /** Unique in the tree: the path of ids (a DBiT run can sit under two chips). */
  key: string;
  type: TraceType;
  /** wafer_id, chip_id or run_id. */
  id: string;
  /** The DBiT record as the wafer trace returns it (wafers and chips are looked up separately). */
  record?: Record<string, unknown>;
  children: TraceNode[];
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id, undefined, { numeric: true });

/** The nested wafer → chip → DBiT map as a sorted tree. */
export function buildTraceTree(trace: TWaferTrace): TraceNode[] {
  return Object.entries(trace)
    .map(([waferId, chips]): TraceNode => {
      const waferKey = `W/${waferId}`;
      return {
        key: waferKey,
        type: 'Wafer',
        id: waferId,
        children: Object.entries(chips)
          .map(([chipId, dbits]): TraceNode => {
            const chipKey = `${waferKey}/C/${chipId}`;
            return {
              key: chipKey,
              type: 'Chip',
              id: chipId,
              children: dbits
                .map((record, index): TraceNode => {
                  const runId = String((record as Record<string, unknown>).run_id ?? `#${index + 1}`);
                  return { key: `${chipKey}/D/${runId}`, type: 'DBiT', id: runId, record, children: [] };
                })
                .sort(byId),
            };
          })
          .sort(byId),
      };
    })
    .sort(byId);
}

/**
 * Keeps the nodes whose id contains the text (case-insensitive) and the ancestors of every match (spec 02 §2.2).
 * A matching node keeps its whole subtree, so searching a wafer still shows its chips and runs.
 */
export function filterTree(nodes: TraceNode[], text: string): TraceNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  const visit = (node: TraceNode): TraceNode | null => {
    if (node.id.toLowerCase().includes(needle)) return node;
    const children = node.children.map(visit).filter((n): n is TraceNode => n !== null);
    return children.length ? { ...node, children } : null;
  };
  return nodes.map(visit).filter((n): n is TraceNode => n !== null);
}

/** Every node of the tree, depth first. */
export function flatten(nodes: TraceNode[]): TraceNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** The keys of the nodes that have children: expanding all of them shows every search match. */
export function branchKeys(nodes: TraceNode[]): string[] {
  return flatten(nodes)
    .filter((n) => n.children.length > 0)
    .map((n) => n.key);
}

/** The distinct DBiT run ids under the given nodes (the node itself when it is a run), sorted. */
export function runIdsUnder(nodes: TraceNode[]): string[] {
  const ids = new Set(
    flatten(nodes)
      .filter((n) => n.type === 'DBiT')
      .map((n) => n.id),
  );
  return [...ids].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/** The node with this key and its ancestors, root first; empty when the key is not in the tree. */
export function pathTo(nodes: TraceNode[], key: string): TraceNode[] {
  for (const node of nodes) {
    if (node.key === key) return [node];
    const below = pathTo(node.children, key);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** The Field/Value rows of a record, `first` keys leading: keys that are blank or `_id` are hidden (spec 02 §2.2). */
export function fieldRows(
  record: Record<string, unknown> | undefined,
  max = 1000,
  first: string[] = [],
): Array<[string, string]> {
  if (!record) return [];
  const rows: Array<[string, string]> = [];
  const keys = [...first.filter((k) => k in record), ...Object.keys(record).filter((k) => !first.includes(k))];
  for (const key of keys) {
    const value = record[key];
    if (key === '_id' || !key.trim()) continue;
    if (value === null || value === undefined) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (!text.trim()) continue;
    rows.push([key, text]);
    if (rows.length >= max) break;
  }
  return rows;
}

/** Image names of a QC record that are PNG files (spec 02 §2.2 lists png only), sorted. */
export function pngImages(images: Record<string, string> | undefined): Array<[string, string]> {
  return Object.entries(images ?? {})
    .filter(([, path]) => /\.png$/i.test(path))
    .sort(([a], [b]) => a.localeCompare(b));
}
