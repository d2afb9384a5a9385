/**
 * Micro benchmarks of DESIGN §9's differential-expression targets, for `npm run bench` (deliberately not a
 * timed test: timings on a shared machine are information, not a pass/fail condition).
 *
 * Data: seeded synthetic CSC matrices with log-normalised-looking values, log1p(count × size factor), at the
 * target density. Rows are drawn one per stratum of 1/density consecutive rows, so every column holds exactly
 * density × rows values and generation costs one random draw per value. The 220×220 chip at 30k features and
 * 10% is 145 million values, 1.16 GB as float32 + int32: it is built, timed and dropped before returning.
 */
import type { CscMatrix } from '../matrix/types.js';
import { welchVsRest } from './welch.js';
import { wilcoxonVsRest } from './wilcoxon.js';

export interface DeBenchmarkOptions {
  /** Features per matrix (default 30,000). */
  features?: number;
  /** Fraction of non-zero values (default 0.1). */
  density?: number;
  /** Observations in the selection (default 1,000). */
  selection?: number;
  /** Also build and time the 48,400-tixel chip (default true; needs ~1.2 GB at full size). */
  chip?: boolean;
  /** Timed runs after one warm-up run; the median is the figure (default 3). */
  repeats?: number;
  seed?: number;
}

export interface DeBenchmark {
  measure: string;
  /** DESIGN §9 target in ms, or null for figures reported for information. */
  targetMs: number | null;
  /** Median of the timed runs. */
  ms: number;
  /** The first (warm-up) run, which includes JIT compilation. */
  coldMs: number;
  runs: number[];
  note: string;
}

export function runDeBenchmarks(options: DeBenchmarkOptions = {}): DeBenchmark[] {
  const { features = 30_000, density = 0.1, selection = 1000, chip = true, repeats = 3, seed = 1 } = options;
  const random = mulberry32(seed);
  const figures: DeBenchmark[] = [];

  const tixels = 10_000;
  const built = performance.now();
  const matrix = syntheticCsc(tixels, features, density, random);
  const note = `${describeMatrix(matrix)}, built in ${((performance.now() - built) / 1000).toFixed(1)} s; selection ${selection}`;
  const group = sample(tixels, selection, random);
  figures.push(
    time(`Welch t-test, ${selection} of ${tixels} tixels × ${features} features`, 100, note, repeats, () =>
      welchVsRest(matrix, group),
    ),
    time(`Wilcoxon rank-sum with tie correction, same data`, 1000, note, repeats, () =>
      wilcoxonVsRest(matrix, group, { tieCorrect: true }),
    ),
  );

  if (chip) {
    const chipTixels = 220 * 220;
    const start = performance.now();
    const big = syntheticCsc(chipTixels, features, density, random);
    const chipNote = `${describeMatrix(big)}, built in ${((performance.now() - start) / 1000).toFixed(1)} s; selection ${selection}`;
    const chipGroup = sample(chipTixels, selection, random);
    figures.push(
      time(`Welch t-test, 220×220 chip (${chipTixels} tixels) × ${features} features`, 500, chipNote, repeats, () =>
        welchVsRest(big, chipGroup),
      ),
      time(`Wilcoxon rank-sum with tie correction, same chip`, null, chipNote, Math.min(repeats, 1), () =>
        wilcoxonVsRest(big, chipGroup, { tieCorrect: true }),
      ),
    );
  }
  return figures;
}

function time(
  measure: string,
  targetMs: number | null,
  note: string,
  repeats: number,
  run: () => unknown,
): DeBenchmark {
  const once = (): number => {
    const start = performance.now();
    run();
    return performance.now() - start;
  };
  const coldMs = once();
  const runs = Array.from({ length: Math.max(1, repeats) }, once);
  const sorted = [...runs].sort((a, b) => a - b);
  return { measure, targetMs, ms: sorted[Math.floor(sorted.length / 2)]!, coldMs, runs, note };
}

function describeMatrix(matrix: CscMatrix): string {
  const nnz = matrix.indptr[matrix.nCols]!;
  const gb = (nnz * 8) / 1e9;
  return `synthetic CSC ${matrix.nRows} × ${matrix.nCols}, ${nnz.toLocaleString('en-US')} non-zeros (${gb.toFixed(2)} GB)`;
}

/** Seeded CSC: one value per stratum of 1/density rows, log1p(count × per-row size factor) as float32. */
export function syntheticCsc(nRows: number, nCols: number, density: number, random: () => number): CscMatrix {
  const perColumn = Math.max(1, Math.min(nRows, Math.round(nRows * density)));
  const stride = nRows / perColumn;
  const nnz = perColumn * nCols;
  const indptr = new Float64Array(nCols + 1);
  const indices = new Int32Array(nnz);
  const data = new Float32Array(nnz);
  const sizeFactor = Float64Array.from({ length: nRows }, () => 0.5 + 1.5 * random());
  let k = 0;
  for (let j = 0; j < nCols; j++) {
    for (let s = 0; s < perColumn; s++, k++) {
      const row = Math.min(nRows - 1, Math.floor((s + random()) * stride));
      const count = 1 + Math.floor(-1.5 * Math.log(1 - random()));
      indices[k] = row;
      data[k] = Math.log1p(count * sizeFactor[row]!);
    }
    indptr[j + 1] = k;
  }
  return { kind: 'csc', nRows, nCols, indptr, indices, data };
}

/** n distinct observation indices out of `of`, by a partial Fisher–Yates shuffle. */
function sample(of: number, n: number, random: () => number): Int32Array {
  const pool = Int32Array.from({ length: of }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (of - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/** A small, fast, seedable generator (mulberry32), uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
