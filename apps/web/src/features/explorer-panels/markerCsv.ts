/**
 * The Cell Type Mapping upload (spec 03 §5): one cell type per row, `label, marker, marker, …`. Marker names are
 * cleaned of punctuation (letters, digits, `-`, `_` and `.` stay: HLA-DRA, mt-Co1, AC009.1), entries of length 1
 * or less are dropped and names are capitalised (`gfap` → `Gfap`, `CD3E` stays). Labels are only trimmed. The
 * same rules as the worker's parser (packages/spatial celltype/marker-csv), applied here so that an empty map
 * is caught before a task is posted ("the cell-type run happens only when the name map is non-empty").
 */
export type NameMap = Record<string, string[]>;

function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

export function cleanMarkerName(raw: string): string {
  const stripped = raw.replace(/[^\p{L}\p{N}._-]/gu, '');
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

export function parseMarkerCsv(text: string): NameMap {
  const map: NameMap = {};
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const [rawLabel = '', ...rest] = splitCsvLine(line);
    const label = rawLabel.trim();
    const names = rest.map(cleanMarkerName).filter((name) => name.length > 1);
    if (label === '' || names.length === 0) continue;
    const list = (map[label] ??= []);
    for (const name of names) if (!list.includes(name)) list.push(name);
  }
  return map;
}

/** A task result `{cluster: [labels]}` as one label per cluster (several joined by ' / '; none → 'Undefined'). */
export function labelsOfResult(result: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!result || typeof result !== 'object') return out;
  for (const [cluster, labels] of Object.entries(result as Record<string, unknown>)) {
    const list = Array.isArray(labels) ? labels.filter((l): l is string => typeof l === 'string' && l !== '') : typeof labels === 'string' ? [labels] : [];
    out[cluster] = list.length ? list.join(' / ') : 'Undefined';
  }
  return out;
}
