/**
 * The cell-type marker upload (spec 03 §5): one cell type per row, `label, marker, marker, …`. As the spec
 * says, marker names are cleaned of punctuation, entries of length 1 or less are dropped, and names are
 * capitalised (first letter upper-case, the rest kept: `gfap` → `Gfap`, `CD3E` stays). Punctuation here is
 * everything except letters, digits, `-`, `_` and `.`, which occur inside gene symbols (HLA-DRA, mt-Co1, AC009.1).
 * Labels are only trimmed, since they are shown to users as written. Rows repeating a label add to it. A quote
 * that is never closed throws CsvQuoteError (../formats/csv-read.ts), naming its line.
 */
import { readCsvRows } from '../formats/csv-read.js';

export type MarkerMap = Map<string, string[]>;

export function cleanMarkerName(raw: string): string {
  const stripped = raw.replace(/[^\p{L}\p{N}._-]/gu, '');
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

export function parseMarkerCsv(text: string): MarkerMap {
  const markers: MarkerMap = new Map();
  for (const { cells } of readCsvRows(text)) {
    const [rawLabel = '', ...rest] = cells;
    const label = rawLabel.trim();
    const names = rest.map(cleanMarkerName).filter((name) => name.length > 1);
    if (label === '' || names.length === 0) continue;
    const list = markers.get(label) ?? [];
    for (const name of names) if (!list.includes(name)) list.push(name);
    markers.set(label, list);
  }
  return markers;
}

/**
 * Finds each marker among the feature names: exactly, then case-insensitively (so a capitalised `Cd3e` still
 * finds a human `CD3E`, the spec's "exactly, or with the first letter capitalised" rule seen from both sides).
 * Unknown markers are returned so the caller can report them; they are otherwise ignored.
 */
export function resolveMarkers(
  markers: MarkerMap,
  featureNames: readonly string[],
): { features: Map<string, number[]>; unknown: string[] } {
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  featureNames.forEach((name, j) => {
    if (!exact.has(name)) exact.set(name, j);
    const lower = name.toLowerCase();
    if (!folded.has(lower)) folded.set(lower, j);
  });
  const features = new Map<string, number[]>();
  const unknown: string[] = [];
  for (const [label, names] of markers) {
    const found: number[] = [];
    for (const name of names) {
      const j = exact.get(name) ?? folded.get(name.toLowerCase());
      if (j === undefined) {
        if (!unknown.includes(name)) unknown.push(name);
      } else if (!found.includes(j)) found.push(j);
    }
    features.set(label, found);
  }
  return { features, unknown };
}
