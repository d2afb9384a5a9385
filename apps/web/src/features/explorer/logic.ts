/**
 * Pure helpers of the explorer (no React, no DOM): feature-name cleaning and matching (spec 03 §5), averaging of
 * several features, cluster codes, the ranked-table CSV of a selection, input validation and the permalink
 * query (which runs, features, colouring and palette an address restores).
 */
import { parseViewQuery, writeViewQuery, type FeatureKind } from '@atlas/contracts';
import type { HeatmapPalette } from '@atlas/viz';
import type { ColourMode } from './state/store';

// ---------------------------------------------------------------------------------------------------------------
// Feature names

/** Strips punctuation (anything but letters, digits, '-', '.', '_' inside a name) and surrounding blanks. */
export function cleanFeatureName(raw: string): string {
  // Gene and motif names keep '-', '.', '_' and ':' (e.g. HLA-A, MT-CO1, Nkx2-1, Pou5f1::Sox2); quotes, commas,
  // semicolons, brackets and the like go.
  return raw
    .replace(/[^\p{L}\p{N}\-._:]/gu, '')
    .replace(/^[-._:]+|[-._:]+$/g, '');
}

/** Splits pasted text or a csv body into raw tokens (commas, semicolons, tabs, blanks and new lines). */
export function splitNameList(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/**
 * Matches pasted/uploaded names against the run's feature names (spec 03 §5): punctuation stripped, then an exact
 * match or the name with its first letter capitalised (the rest lower case, e.g. `SOX2` → `Sox2`). Unknown names
 * and duplicates (also of `already` chosen names) are ignored. Returns the matches in input order.
 */
export function matchFeatureNames(
  tokens: readonly string[],
  known: readonly string[] | ReadonlySet<string>,
  already: readonly string[] = [],
): { matched: string[]; unknown: string[] } {
  const set = known instanceof Set ? (known as ReadonlySet<string>) : new Set(known as readonly string[]);
  const seen = new Set(already);
  const matched: string[] = [];
  const unknown: string[] = [];
  for (const token of tokens) {
    const name = cleanFeatureName(token);
    if (!name) continue;
    const capitalised = name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
    const hit = set.has(name) ? name : set.has(capitalised) ? capitalised : null;
    if (hit === null) {
      unknown.push(name);
      continue;
    }
    if (seen.has(hit)) continue;
    seen.add(hit);
    matched.push(hit);
  }
  return { matched, unknown };
}

/** True when the file name is a csv (the gene-list upload accepts csv only). */
export function isCsvFile(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/**
 * Names starting with the query first, then names containing it (case-insensitive), at most `limit`. Empty query
 * → the first `limit` names.
 */
export function filterFeatureNames(names: readonly string[], query: string, limit = 50): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return names.slice(0, limit);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    const at = lower.indexOf(q);
    if (at === 0) {
      starts.push(name);
      if (starts.length >= limit) break;
    } else if (at > 0 && contains.length < limit) contains.push(name);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** Ticking a name in a list of choices: removed when chosen, else added last (the chosen list keeps choice order). */
export function toggleFeature(features: readonly string[], name: string): string[] {
  return features.includes(name) ? features.filter((f) => f !== name) : [...features, name];
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/** Element-wise mean of equally long arrays (one per feature); NaN where any input is NaN. One pass, no allocations but the output. */
export function averageValues(arrays: readonly Float32Array[]): Float32Array {
  if (arrays.length === 0) return new Float32Array(0);
  if (arrays.length === 1) return arrays[0]!;
  const n = arrays[0]!.length;
  const out = new Float32Array(n);
  for (const a of arrays) {
    const m = Math.min(n, a.length);
    for (let i = 0; i < m; i++) out[i]! += a[i]!;
  }
  const k = 1 / arrays.length;
  for (let i = 0; i < n; i++) out[i]! *= k;
  return out;
}

/** Natural order of labels: `C2` before `C10`, numbers compared as numbers. */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/** Category labels → codes 0..k-1 (natural order of the labels) as floats for the shader, plus the labels and counts. */
export function categoryCodes(labels: readonly string[]): { codes: Float32Array; names: string[]; counts: number[] } {
  const names = [...new Set(labels)].sort(naturalCompare);
  const index = new Map(names.map((name, i) => [name, i]));
  const codes = new Float32Array(labels.length);
  const counts = new Array<number>(names.length).fill(0);
  for (let i = 0; i < labels.length; i++) {
    const c = index.get(labels[i]!)!;
    codes[i] = c;
    counts[c]!++;
  }
  return { codes, names, counts };
}

/** 0/1 per tixel: 1 where the tixel's code is one of `codes`. */
export function maskOfCodes(codes: Float32Array, chosen: ReadonlySet<number>): Uint8Array {
  const out = new Uint8Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = chosen.has(codes[i]!) ? 1 : 0;
  return out;
}

/** 0/1 per tixel from a list of indices (out-of-range indices ignored). */
export function maskOfIndices(indices: readonly number[], n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (const i of indices) if (i >= 0 && i < n) out[i] = 1;
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation (spec 03 §5)

/** Min/Max range fields must contain a digit ('Value must be digit'); the value must also be a number. */
export function parseRangeValue(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const v = Number(text.trim());
  return Number.isFinite(v) ? v : null;
}

/** Cluster colour text: must start with '#' ('Must be of Hex Code'); accepted only with at least 6 hex digits after it. */
export function checkHexColour(text: string): { ok: true; hex: string } | { ok: false; error: string | null } {
  const t = text.trim();
  if (!t.startsWith('#')) return { ok: false, error: 'Must be of Hex Code' };
  const body = t.slice(1);
  if (body.length < 6) return { ok: false, error: null };
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(body)) return { ok: false, error: 'Must be of Hex Code' };
  return { ok: true, hex: `#${body.slice(0, 6).toLowerCase()}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Selection result

export interface RankedRow {
  name: string;
  score: number;
  log2fc: number;
  p: number;
  p_adj: number;
}

const csvCell = (v: string | number): string => {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The full ranked table of a selection as CSV: rank, name, score, log2 fold change, p-value, adjusted p-value. */
export function rankedTableCsv(rows: readonly RankedRow[], kind: FeatureKind): string {
  const label = kind === 'genes' ? 'gene' : kind === 'motifs' ? 'motif' : 'eRegulon';
  const lines = [['rank', label, 'score', 'log2fc', 'p_value', 'p_adj'].join(',')];
  rows.forEach((r, i) => lines.push([i + 1, r.name, r.score, r.log2fc, r.p, r.p_adj].map(csvCell).join(',')));
  return `${lines.join('\n')}\n`;
}

/** File name of a saved selection table: run id, kind and the selection size. */
export function rankedTableFileName(runId: string, kind: FeatureKind, count: number): string {
  return `${runId || 'run'}_${kind}_selection_${count}.csv`;
}

// ---------------------------------------------------------------------------------------------------------------
// Permalinks: the address records run_id (spec) plus our view fields.

export interface ViewQuery {
  run_id: string | null;
  kind: FeatureKind;
  features: string[];
  mode: ColourMode;
  palette: HeatmapPalette;
  averaging: 'avg' | 'ind';
  /** Additional multi-sample run ids (never the main run). */
  samples: string[];
}

/**
 * Reads the view fields from an address query through the versioned schema of @atlas/contracts (view-state):
 * unknown values fall back to the defaults; `mode` is `expression` whenever features are given (the spec's viewer
 * modes) and never `expression` without them.
 */
export function decodeViewQuery(params: URLSearchParams): ViewQuery {
  const { run_id, kind, features, mode, palette, averaging, samples } = parseViewQuery(params);
  return { run_id, kind, features, mode, palette, averaging, samples };
}

/**
 * Writes the view fields into a copy of `params` (other keys such as `component` are kept). Defaults are left
 * out so a plain address stays `?component=AtlasXplore&run_id=…`; a view field brings the schema version `v`.
 */
export function encodeViewQuery(params: URLSearchParams, view: ViewQuery): URLSearchParams {
  return writeViewQuery(params, view);
}
