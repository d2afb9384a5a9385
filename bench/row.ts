export interface Row {
  measure: string;
  target: string;
  figure: string;
  verdict: 'met' | 'MISSED' | 'info' | 'not built yet';
}

const announced = new WeakSet<Row>();

/**
 * Prints each row once, the moment it is measured (to stderr; the table at the end is on stdout), and hands the rows
 * back: a run cut off by a time limit (the 5M-cell section takes longer than some machines allow) still leaves the
 * figures it measured.
 */
export function announce(rows: Row[]): Row[] {
  for (const row of rows) {
    if (announced.has(row)) continue;
    announced.add(row);
    console.error(`measured: ${row.measure}  ${row.target}  ${row.figure}  [${row.verdict}]`);
  }
  return rows;
}
