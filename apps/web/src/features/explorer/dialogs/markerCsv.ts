/**
 * The Cell Type Mapping upload (spec 03 §5): one cell type per row, `label, marker, marker, …`. Marker names are
 * cleaned of punctuation (letters, digits, `-`, `_` and `.` stay: HLA-DRA, mt-Co1, AC009.1), entries of length 1
 * or less are dropped and names are capitalised (`gfap` → `Gfap`, `CD3E` stays). Labels are only trimmed. The
 * worker's parser (packages/spatial celltype/marker-csv) runs here too, so that an empty map is caught before a
 * task is posted ("the cell-type run happens only when the name map is non-empty").
 */
export type NameMap = Record<string, string[]>;

/**
 * The worker's own parser (browser-safe, no I/O), so the dialog and the task clean names identically. Loaded when a
 * file is chosen: it brings the CSV parser (papaparse), which the explorer's first load has no use for.
 */
export async function parseMarkerCsv(text: string): Promise<NameMap> {
  const { parseMarkerCsv: parseMarkers } = await import('@atlas/spatial/celltype/marker-csv');
  return Object.fromEntries(parseMarkers(text));
}

/** A task result `{cluster: [labels]}` as one label per cluster (several joined by ' / '; none → 'Undefined'). */
export function labelsOfResult(result: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!result || typeof result !== 'object') return out;
  for (const [cluster, labels] of Object.entries(result as Record<string, unknown>)) {
    const list = Array.isArray(labels)
      ? labels.filter((l): l is string => typeof l === 'string' && l !== '')
      : typeof labels === 'string'
        ? [labels]
        : [];
    out[cluster] = list.length ? list.join(' / ') : 'Undefined';
  }
  return out;
}

/** gene.compute_cell_type's explained result (kwargs explain): the labels and why a cluster stays 'Undefined'. */
export interface CellTypeReport {
  labels: Record<string, string>;
  reasons: Record<string, string>;
  skipped: { cluster: string; n: number }[];
  unknownMarkers: string[];
}

/** Either result shape: the explained report, or the spec's bare cluster → names map (no reasons). */
export function reportOfResult(result: unknown): CellTypeReport {
  const r = (result ?? {}) as Record<string, unknown>;
  if (!r.cell_types || typeof r.cell_types !== 'object') {
    return { labels: labelsOfResult(result), reasons: {}, skipped: [], unknownMarkers: [] };
  }
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const reasons = Object.fromEntries(
    Object.entries((r.reasons ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const skipped = (Array.isArray(r.skipped) ? r.skipped : []).flatMap((s: unknown) => {
    const { cluster, n } = (s ?? {}) as { cluster?: unknown; n?: unknown };
    return typeof cluster === 'string' && typeof n === 'number' ? [{ cluster, n }] : [];
  });
  return { labels: labelsOfResult(r.cell_types), reasons, skipped, unknownMarkers: strings(r.unknown_markers) };
}
