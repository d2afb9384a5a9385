/**
 * The Cell Type Mapping upload (spec 03 §5): one cell type per row, `label, marker, marker, …`. Marker names are
 * cleaned of punctuation (letters, digits, `-`, `_` and `.` stay: HLA-DRA, mt-Co1, AC009.1), entries of length 1
 * or less are dropped and names are capitalised (`gfap` → `Gfap`, `CD3E` stays). Labels are only trimmed. The
 * worker's parser (packages/spatial celltype/marker-csv) runs here too, so that an empty map is caught before a
 * task is posted ("the cell-type run happens only when the name map is non-empty").
 */
import { parseMarkerCsv as parseMarkers } from '@atlas/spatial/celltype/marker-csv';

export { cleanMarkerName } from '@atlas/spatial/celltype/marker-csv';
export type NameMap = Record<string, string[]>;

/** The worker's own parser (browser-safe, no I/O), so the dialog and the task clean names identically. */
export function parseMarkerCsv(text: string): NameMap {
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
