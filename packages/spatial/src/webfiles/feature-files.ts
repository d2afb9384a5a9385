/**
 * A feature kind's binary web files, `{kind}.csc` and `{kind}.sel`, streamed from its matrix. Both are derived from
 * the matrix in feature order: the `.csc` is its transpose, the `.sel` its row-major entries with each one's rank in
 * its feature. Built whole, a five-million-cell run (250M non-zeros) held 2 + 3 GB of file bytes beside the 2 GB
 * matrix and blocked the event loop for over a minute (its task was taken for lost). Here the `.csc` goes out a
 * group of features at a time (csc.ts `cscBlocks`), each group is ranked as it passes, and the `.sel` then streams
 * the matrix's own indices and values with the ranks: beside the matrix, only the ranks (4 bytes per non-zero) and
 * one group are held, and the loop is free between groups.
 */
import type { FeatureColumn } from '../matrix/columns.js';
import { toCsr } from '../matrix/ops.js';
import type { CsrMatrix, Matrix } from '../matrix/types.js';
import { FeatureRanker, type RankTarget } from '../stats/selection-index.js';
import { buildSelectionTiling, chooseTileSize, isSpread, type SelectionTiling } from '../stats/selection-tiles.js';
import { cscBlocks, cscHead, featureOffsets } from './csc.js';
import { allocateRankTarget, selectionFeatureBytes, selectionFileChunks } from './selection-file.js';

/** Where the files go: the same sink as every web file, given chunks in file order. */
export type ChunkSink = (path: string, chunks: AsyncIterable<Uint8Array>) => Promise<void>;

/** Told each feature's column in order while the `.csc` passes (the text summations are formatted from it). */
export type ColumnVisitor = (column: FeatureColumn, nRows: number, nCols: number) => Promise<void> | void;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function writeFeatureFiles(
  matrix: Matrix,
  paths: { csc: string; selection: string },
  sink: ChunkSink,
  visit?: ColumnVisitor,
  groupValues?: number,
  /** Interleaved (x, y) per observation of each layout a lasso is drawn on (spatial, UMAP): the `.sel` tilings. */
  layouts: readonly ArrayLike<number>[] = [],
): Promise<void> {
  // h5ad matrices are CSR; a CSC or dense one is made row-major once.
  const csr = toCsr(matrix);
  const offsets = featureOffsets(csr);
  const target = allocateRankTarget(csr);
  let widest = 0;
  for (let f = 0; f < csr.nCols; f++) widest = Math.max(widest, offsets[f + 1]! - offsets[f]!);
  const ranker = new FeatureRanker(target, widest);
  async function* cscChunks(): AsyncGenerator<Uint8Array> {
    yield cscHead(csr.nRows, offsets);
    for (const block of cscBlocks(csr, offsets, groupValues)) {
      for (let j = block.from; j < block.to; j++) {
        const column = block.column(j);
        ranker.rank(j, column);
        await visit?.(column, csr.nRows, csr.nCols);
      }
      yield block.bytes;
      // Between groups the loop runs: the task's heartbeat, the sink's writes.
      await turn();
    }
  }
  await sink(paths.csc, cscChunks());
  const tilings = await tilingsOf(csr, target, layouts);
  await sink(
    paths.selection,
    (async function* () {
      yield* selectionFileChunks(csr, target, tilings);
    })(),
  );
}

/**
 * The `.sel` file's tilings (selection-tiles.ts): one per layout that spreads its observations out, once every
 * feature is ranked; none on a run too small or too wide for them to pay (chooseTileSize).
 */
async function tilingsOf(
  csr: CsrMatrix,
  target: RankTarget,
  layouts: readonly ArrayLike<number>[],
): Promise<SelectionTiling[]> {
  const { nObs, nFeatures, rowPtr, doubledRanks, shift } = target;
  const entryBytes = selectionFeatureBytes(nFeatures) + 8;
  const tileSize = chooseTileSize(nObs, nFeatures, doubledRanks.length, entryBytes);
  if (tileSize === 0) return [];
  const source = { nObs, nFeatures, indptr: csr.indptr, features: csr.indices, values: csr.data };
  const tilings: SelectionTiling[] = [];
  for (const xy of layouts.filter((layout) => isSpread(layout, nObs))) {
    await turn();
    tilings.push(buildSelectionTiling({ ...source, rankRowPtr: rowPtr, doubledRanks, shift }, xy, tileSize));
  }
  return tilings;
}
