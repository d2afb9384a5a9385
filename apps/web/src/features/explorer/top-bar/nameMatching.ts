/**
 * Feature-name matching (spec 03 §5), pure: cleaning punctuation, splitting a pasted list or csv body, matching
 * names against the run's (exact or first-letter capitalised), the search filter and ticking a name in a list.
 * The top-bar search, the Genes/Motifs dialog and the Cell Type upload share these rules.
 */

/** Strips punctuation (anything but letters, digits, '-', '.', '_' inside a name) and surrounding blanks. */
export function cleanFeatureName(raw: string): string {
  // Gene and motif names keep '-', '.', '_' and ':' (e.g. HLA-A, MT-CO1, Nkx2-1, Pou5f1::Sox2); quotes, commas,
  // semicolons, brackets and the like go.
  return raw.replace(/[^\p{L}\p{N}\-._:]/gu, '').replace(/^[-._:]+|[-._:]+$/g, '');
}

/** Splits pasted text or a csv body into raw tokens (commas, semicolons, tabs, blanks and new lines). */
export function splitNameList(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The names of a csv of feature names. Its first line is a header (`gene`, `symbol,score`, …) and left out when
 * none of its cells is a known name while a later line has one: counted as names, a header was reported as
 * 'not found: gene'. A list whose first line holds names keeps it. Numbers (a score column) are not names either.
 */
export function csvNames(text: string, known: readonly string[] | ReadonlySet<string>): string[] {
  const [first = '', ...rest] = text.split(/\r?\n/);
  const hasKnown = (line: string) => matchFeatureNames(splitNameList(line), known).matched.length > 0;
  const header = !hasKnown(first) && rest.some(hasKnown);
  return splitNameList(header ? rest.join('\n') : text).filter((token) => !NUMBER.test(token));
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
