/**
 * Cells × genes counts built from decoded transcripts, for an output folder that has its transcripts but no count
 * matrix (./xenium-transcripts.ts, ./merscope-transcripts.ts): each reader decides which transcripts count and for
 * which cell; this keeps the counts, the controls' totals and each cell's mean transcript position.
 */
import type { CsrMatrix } from '../../matrix/types.js';
import type { CellOutlines } from './outlines.js';

export interface TranscriptCounts {
  /** The cells that hold a counted transcript, ids in natural order. */
  cellIds: string[];
  X: CsrMatrix;
  genes: string[];
  controls: { name: string; total: number }[];
  /** Per cell, the mean position of its counted transcripts (µm), x then y. */
  meanXy: Float64Array;
  counted: number;
}

export class TranscriptCounter {
  private readonly cells = new Map<string, { genes: Map<number, number>; x: number; y: number; n: number }>();
  private readonly genes = new Map<string, number>();
  private readonly controls = new Map<string, number>();
  counted = 0;

  /** A transcript of a control feature (negative probe, blank codeword): totalled, not in X. */
  control(feature: string): void {
    this.controls.set(feature, (this.controls.get(feature) ?? 0) + 1);
  }

  /** A transcript of `gene` counted for cell `cellId`, at (x, y). */
  add(cellId: string, gene: string, x: number, y: number): void {
    let g = this.genes.get(gene);
    if (g === undefined) this.genes.set(gene, (g = this.genes.size));
    let cell = this.cells.get(cellId);
    if (!cell) this.cells.set(cellId, (cell = { genes: new Map(), x: 0, y: 0, n: 0 }));
    cell.genes.set(g, (cell.genes.get(g) ?? 0) + 1);
    [cell.x, cell.y, cell.n] = [cell.x + x, cell.y + y, cell.n + 1];
    this.counted++;
  }

  result(): TranscriptCounts {
    const cellIds = [...this.cells.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const rows = cellIds.map((id) => this.cells.get(id)!);
    const indptr = new Float64Array(rows.length + 1);
    rows.forEach((cell, i) => (indptr[i + 1] = indptr[i]! + cell.genes.size));
    const indices = new Int32Array(indptr[rows.length]!);
    const data = new Float32Array(indices.length);
    const meanXy = new Float64Array(2 * rows.length);
    rows.forEach((cell, i) => {
      let at = indptr[i]!;
      for (const [gene, count] of [...cell.genes].sort((a, b) => a[0] - b[0]))
        [indices[at], data[at++]] = [gene, count];
      [meanXy[2 * i], meanXy[2 * i + 1]] = [cell.x / cell.n, cell.y / cell.n];
    });
    const genes = [...this.genes.keys()];
    return {
      cellIds,
      X: { kind: 'csr', nRows: rows.length, nCols: genes.length, indptr, indices, data },
      genes,
      controls: [...this.controls].map(([name, total]) => ({ name, total })),
      meanXy,
      counted: this.counted,
    };
  }
}

/** Each cell with an outline placed at the mean of its outline's vertices (x then y per cell, in place). */
export function placeAtOutlines(xy: Float64Array, { offsets, xy: vertices }: CellOutlines): void {
  for (let i = 0; i + 1 < offsets.length; i++) {
    const [from, to] = [offsets[i]!, offsets[i + 1]!];
    if (to <= from) continue;
    let [sx, sy] = [0, 0];
    for (let v = from; v < to; v++) [sx, sy] = [sx + vertices[2 * v]!, sy + vertices[2 * v + 1]!];
    [xy[2 * i], xy[2 * i + 1]] = [sx / (to - from), sy / (to - from)];
  }
}
