// `npm run bench -- groups`: the explorer's composition and distribution panels (issue 34), computed in the
// browser from arrays it already holds. Measured on the largest real run the panels' browser spec could use
// (scanpy's pbmc68k_reduced, 700 cells, its `louvain` clusters, raw.X log-normalised) and on a Visium HD-sized run
// (500,000 tixels, 40 clusters, a 50,000-tixel selection), each beside a bare pass over the same arrays in the same
// run: the machine is shared, read the ratios.
import { composition, dotSummaries, groupTotals, membersOfCodes, readH5ad, violins, type Matrix } from '@atlas/spatial';
import { hasSharedData, sharedData } from '@atlas/spatial/testing';
import { median } from './de.js';
import type { Row } from './row.js';

const PBMC = ['scanpy-pbmc68k-reduced', '10x_pbmc68k_reduced.h5ad'] as const;

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Column j of a matrix as one value per observation. */
function columnOf(matrix: Matrix, j: number): Float32Array {
  const out = new Float32Array(matrix.nRows);
  if (matrix.kind === 'dense') {
    for (let i = 0; i < matrix.nRows; i++) out[i] = matrix.data[i * matrix.nCols + j]!;
  } else if (matrix.kind === 'csc') {
    for (let k = matrix.indptr[j]!; k < matrix.indptr[j + 1]!; k++) out[matrix.indices[k]!] = matrix.data[k]!;
  } else {
    for (let i = 0; i < matrix.nRows; i++)
      for (let k = matrix.indptr[i]!; k < matrix.indptr[i + 1]!; k++)
        if (matrix.indices[k] === j) out[i] = matrix.data[k]!;
  }
  return out;
}

/** The floor: one pass over the selection's codes and one over a gene's values. */
function bare(codes: Float32Array, selection: Int32Array, values: Float32Array): number {
  let s = 0;
  for (let k = 0; k < selection.length; k++) s += codes[selection[k]!]!;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s;
}

const ms = (v: number) => (v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(0)} ms`);

function rowsFor(
  label: string,
  codes: Float32Array,
  names: string[],
  selection: Int32Array,
  genes: Float32Array[],
): Row[] {
  const totals = groupTotals(codes, names.length);
  const reference = median(() => bare(codes, selection, genes[0]!), 7);
  const members = membersOfCodes(codes, names.length);
  const comp = median(() => composition(codes, names, selection, totals), 7);
  const dot = median(() => genes.map((g) => dotSummaries(g, members)), 7);
  const violin = median(() => genes.map((g) => violins(g, members)), 3);
  const ref = `bare pass over the selection's codes and one gene ${ms(reference)} (same run)`;
  const line = (what: string, v: number, target: string, limit: number): Row => ({
    measure: `${what}, ${label}`,
    target,
    figure: `${ms(v)} median; ${ref}; ratio ${(v / Math.max(reference, 1e-3)).toFixed(1)}×`,
    verdict: v <= limit ? 'met' : 'MISSED',
  });
  return [
    line(
      `composition (${names.length} groups, Fisher + BH) of ${selection.length.toLocaleString('en')} tixels`,
      comp,
      '≤ 100 ms',
      100,
    ),
    line(`dot plot summaries of ${genes.length} genes × ${names.length} groups`, dot, '≤ 100 ms', 100),
    line(`violins (KDE, 64 points) of ${genes.length} genes × ${names.length} groups`, violin, '≤ 500 ms', 500),
  ];
}

async function pbmcRows(): Promise<Row[]> {
  if (!hasSharedData(...PBMC))
    return [{ measure: 'composition on pbmc68k_reduced', target: '—', figure: 'shared data absent', verdict: 'info' }];
  const file = await readH5ad(sharedData(...PBMC));
  const louvain = file.obs.louvain;
  if (louvain?.kind !== 'categorical') throw new Error('pbmc68k_reduced: obs louvain is not categorical');
  const codes = Float32Array.from(louvain.codes);
  const matrix = file.raw?.X ?? file.X;
  const varNames = file.raw?.varNames ?? file.varNames;
  const genes = ['CD3E', 'MS4A1'].map((g) => columnOf(matrix, Math.max(0, varNames.indexOf(g))));
  // A lasso of half the cells.
  const selection = Int32Array.from({ length: file.nObs / 2 }, (_, k) => k * 2);
  return rowsFor('real pbmc68k_reduced (700 cells, louvain)', codes, louvain.categories, selection, genes);
}

function hdRows(): Row[] {
  const n = 500_000;
  const groups = 40;
  const random = seeded(34);
  const codes = Float32Array.from({ length: n }, () => Math.floor(random() * random() * groups));
  const names = Array.from({ length: groups }, (_, g) => `C${g + 1}`);
  // A spatially compact lasso: a contiguous stretch of the tixel order, as a region of a binned run is.
  const selection = Int32Array.from({ length: 50_000 }, (_, k) => 200_000 + k);
  const genes = [0.1, 0.4].map((density) =>
    Float32Array.from({ length: n }, () => (random() < density ? Math.log1p(1 + random() * 20) : 0)),
  );
  return rowsFor('Visium HD-sized run (500,000 tixels)', codes, names, selection, genes);
}

export async function groupRows(): Promise<Row[]> {
  return [...(await pbmcRows()), ...hdRows()];
}
