/**
 * data.csv (DESIGN §6): no header, one row per tixel in h5ad obs order:
 *   0 cluster (C<n>), 1–2 spatial x y, 3–4 UMAP x y, 5–6 two QC values
 *   (ATAC: TSS enrichment, log10 fragments; RNA: gene count, UMI count),
 *   7 cell type                                  → 8 columns
 *   7 sample, 8 condition                        → 9 columns
 *   7 sample, 8 condition, 9 cell type           → 10 columns
 * Text fields are quoted the RFC 4180 way only when they contain a comma, quote or line break (as pandas writes).
 */
export interface DataCsv {
  clusters: string[];
  /** Interleaved x, y per tixel. */
  spatial: Float64Array;
  umap: Float32Array;
  qc: [Float32Array, Float32Array];
  cellTypes?: string[];
  sample?: string[];
  condition?: string[];
}

/** Shortest decimal that reads back to the same float32, so UMAP/QC columns are exact without 17-digit noise. */
export function float32Text(v: number): string {
  const f = Math.fround(v);
  if (!Number.isFinite(f) || Number.isInteger(f)) return String(f);
  for (let p = 6; p < 9; p++) {
    const s = f.toPrecision(p);
    if (Math.fround(Number(s)) === f) return String(Number(s));
  }
  return String(Number(f.toPrecision(9)));
}

function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

function check(data: DataCsv): number {
  const n = data.clusters.length;
  const lengths: [string, number, number][] = [
    ['spatial', data.spatial.length, 2 * n],
    ['umap', data.umap.length, 2 * n],
    ['qc[0]', data.qc[0].length, n],
    ['qc[1]', data.qc[1].length, n],
  ];
  for (const [name, values] of [
    ['cellTypes', data.cellTypes],
    ['sample', data.sample],
    ['condition', data.condition],
  ] as const) {
    if (values) lengths.push([name, values.length, n]);
  }
  for (const [name, actual, expected] of lengths) {
    if (actual !== expected) throw new RangeError(`data.csv ${name} has ${actual} values, expected ${expected}`);
  }
  if ((data.sample === undefined) !== (data.condition === undefined)) {
    throw new RangeError('data.csv needs both sample and condition, or neither');
  }
  return n;
}

export function formatDataCsv(data: DataCsv): string {
  const n = check(data);
  const lines = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const fields = [
      quote(data.clusters[i]!),
      String(data.spatial[2 * i]),
      String(data.spatial[2 * i + 1]),
      float32Text(data.umap[2 * i]!),
      float32Text(data.umap[2 * i + 1]!),
      float32Text(data.qc[0][i]!),
      float32Text(data.qc[1][i]!),
    ];
    if (data.sample) fields.push(quote(data.sample[i]!), quote(data.condition![i]!));
    if (data.cellTypes) fields.push(quote(data.cellTypes[i]!));
    lines[i] = fields.join(',');
  }
  return n === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Splits CSV text into rows of fields, honouring quotes; blank lines are skipped. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  row.push(field);
  if (row.length > 1 || row[0] !== '') rows.push(row);
  return rows;
}

export function parseDataCsv(text: string): DataCsv {
  const rows = csvRows(text);
  const width = rows[0]?.length ?? 7;
  if (width < 7 || width > 10) throw new RangeError(`data.csv rows have ${width} columns; expected 7 to 10`);
  const n = rows.length;
  const out: DataCsv = {
    clusters: new Array<string>(n),
    spatial: new Float64Array(2 * n),
    umap: new Float32Array(2 * n),
    qc: [new Float32Array(n), new Float32Array(n)],
  };
  if (width === 8 || width === 10) out.cellTypes = new Array<string>(n);
  if (width >= 9) {
    out.sample = new Array<string>(n);
    out.condition = new Array<string>(n);
  }
  rows.forEach((fields, i) => {
    if (fields.length !== width)
      throw new RangeError(`data.csv row ${i + 1} has ${fields.length} columns, expected ${width}`);
    out.clusters[i] = fields[0]!;
    for (let c = 0; c < 2; c++) {
      out.spatial[2 * i + c] = Number(fields[1 + c]);
      out.umap[2 * i + c] = Number(fields[3 + c]);
      out.qc[c]![i] = Number(fields[5 + c]);
    }
    if (width === 8) out.cellTypes![i] = fields[7]!;
    if (width >= 9) {
      out.sample![i] = fields[7]!;
      out.condition![i] = fields[8]!;
    }
    if (width === 10) out.cellTypes![i] = fields[9]!;
  });
  return out;
}
