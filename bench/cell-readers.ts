// `npm run bench -- cell-readers`: the single-cell-resolution readers (issue 38) on generated inputs the size of a
// CosMx slide section, each beside the floor it cannot beat measured in the same run: the CosMx reader against the
// CSV parse of the same exprMat alone, and the outline builder against a plain copy of the same vertices.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eachCsvRow } from '@atlas/spatial/formats/csv-read';
import { cellFolderFromDir, outlinesFromVertices, readCosmx } from '@atlas/spatial/io';
import type { Row } from './row.js';

const CELLS = Number(process.env.BENCH_CELL_READER_CELLS ?? 20_000);
const TARGETS = 1_000;
const OUTLINE_CELLS = Number(process.env.BENCH_OUTLINE_CELLS ?? 1_000_000);
const VERTICES = 10;

/** A linear congruential generator: the same inputs every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A CosMx folder: exprMat of CELLS × TARGETS (10 NegPrb) with ~5 % non-zeros, and the cells' metadata. */
function cosmxFolder(dir: string): string {
  const next = random(7);
  const targets = Array.from({ length: TARGETS }, (_, j) => (j < TARGETS - 10 ? `G${j}` : `NegPrb${j - TARGETS + 11}`));
  const expr = [`fov,cell_ID,${targets.join(',')}`];
  const meta = ['fov,cell_ID,Area,CenterX_global_px,CenterY_global_px'];
  for (let c = 1; c <= CELLS; c++) {
    const counts = targets.map(() => (next() < 0.05 ? String(1 + Math.floor(next() * 5)) : '0'));
    expr.push(`1,${c},${counts.join(',')}`);
    meta.push(`1,${c},${Math.round(next() * 9000)},${(next() * 1e5).toFixed(2)},${(next() * 1e5).toFixed(2)}`);
  }
  fs.writeFileSync(path.join(dir, 'bench_exprMat_file.csv'), `${expr.join('\n')}\n`);
  fs.writeFileSync(path.join(dir, 'bench_metadata_file.csv'), `${meta.join('\n')}\n`);
  return dir;
}

async function best(times: number, work: () => Promise<unknown> | unknown): Promise<number> {
  let min = Infinity;
  for (let k = 0; k < times; k++) {
    const started = performance.now();
    await work();
    min = Math.min(min, performance.now() - started);
  }
  return min;
}

/** No target in the issue for the readers themselves: the row says how far each is from its floor. */
const ratioRow = (measure: string, figureMs: number, floorMs: number, floor: string): Row => ({
  measure,
  target: `info: beside ${floor}`,
  figure: `${figureMs.toFixed(0)} ms; same run: ${floor} ${floorMs.toFixed(0)} ms (${(figureMs / floorMs).toFixed(2)}×)`,
  verdict: 'info',
});

export async function cellReaderRows(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cell-readers-'));
  try {
    const folder = await cellFolderFromDir(cosmxFolder(dir));
    const text = fs.readFileSync(path.join(dir, 'bench_exprMat_file.csv'), 'utf8');
    const parse = await best(2, () => eachCsvRow(text, ',', () => undefined));
    const read = await best(2, () => readCosmx(folder));
    const next = random(11);
    const n = OUTLINE_CELLS * VERTICES;
    const ids = new Int32Array(n);
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let v = 0; v < n; v++) {
      ids[v] = Math.floor(v / VERTICES);
      x[v] = next() * 1e4;
      y[v] = next() * 1e4;
    }
    const rowOf = new Map(Array.from({ length: OUTLINE_CELLS }, (_, i) => [String(i), i]));
    const copy = await best(2, () => {
      const xy = new Float32Array(2 * n);
      for (let v = 0; v < n; v++) {
        xy[2 * v] = x[v]!;
        xy[2 * v + 1] = y[v]!;
      }
      return xy;
    });
    const outlines = await best(2, () => outlinesFromVertices(rowOf, OUTLINE_CELLS, ids, x, y));
    const size = `${(text.length / 1e6).toFixed(0)} MB`;
    return [
      ratioRow(
        `CosMx reader, ${CELLS.toLocaleString('en-US')} cells × ${TARGETS} targets (${size} exprMat)`,
        read,
        parse,
        'the CSV parse alone',
      ),
      ratioRow(
        `cell outlines, ${OUTLINE_CELLS.toLocaleString('en-US')} cells × ${VERTICES} vertices, grouped by cell id`,
        outlines,
        copy,
        'copying the vertices',
      ),
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
