// `npm run bench -- de`: selection-vs-rest DE from the web files' selection index (issue 17), each figure beside
// the old algorithm (welchVsRest / wilcoxonVsRest, which walk every non-zero of the run) and a bare one-pass loop
// over the same matrix, all measured in this run. The machine is shared: read the ratios, not the absolute times.
import {
  buildSelectionIndex,
  selectionIndexBytes,
  syntheticCsc,
  welchForSelection,
  welchVsRest,
  wilcoxonForSelection,
  wilcoxonVsRest,
  type CscMatrix,
} from '@atlas/spatial';
import { deTableRows } from './de-table.js';
import type { Row } from './row.js';

const FEATURES = 30_000;
const DENSITY = 0.1;

/** Median of `repeats` timed runs after one warm-up. */
export function median(run: () => unknown, repeats = 5): number {
  run();
  const times = Array.from({ length: repeats }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The floor any whole-run algorithm pays: one pass adding every stored value. */
function bareLoop(matrix: CscMatrix): number {
  let sum = 0;
  for (let k = 0; k < matrix.data.length; k++) sum += matrix.data[k]!;
  return sum;
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(of: number, n: number, random: () => number): Int32Array {
  const pool = Int32Array.from({ length: of }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (of - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

const ms = (v: number): string => `${v.toFixed(0)} ms`;

function row(measure: string, targetMs: number, figure: number, references: string): Row {
  return {
    measure,
    target: `≤ ${targetMs} ms`,
    figure: `${ms(figure)} median; ${references}`,
    verdict: figure <= targetMs ? 'met' : 'MISSED',
  };
}

export function deRows(options: { chip?: boolean } = {}): Row[] {
  const rows: Row[] = [];
  const random = seeded(17);
  const matrix = syntheticCsc(10_000, FEATURES, DENSITY, random);
  let started = performance.now();
  const index = buildSelectionIndex(matrix);
  rows.push({
    measure: 'selection index of a 10k × 30k run (10% non-zero), built at web-file time',
    target: '—',
    figure: `${ms(performance.now() - started)}, ${(selectionIndexBytes(index) / 1e6).toFixed(0)} MB`,
    verdict: 'info',
  });
  const bare = median(() => bareLoop(matrix));
  const small = sample(10_000, 1000, random);
  const oldWelch = median(() => welchVsRest(matrix, small));
  const newWelch = median(() => welchForSelection(index, small));
  rows.push(
    row(
      'Welch t-test, 1k of 10k tixels × 30k features, from the selection index',
      40,
      newWelch,
      `old algorithm ${ms(oldWelch)} (×${(oldWelch / newWelch).toFixed(1)}), bare loop over the run ${ms(bare)}`,
    ),
  );
  const oldWilcoxon = median(() => wilcoxonVsRest(matrix, small, { tieCorrect: true }), 3);
  const newWilcoxon = median(() => wilcoxonForSelection(index, small, { tieCorrect: true }));
  rows.push(
    row(
      'Wilcoxon rank-sum (tie-corrected), same selection, from the selection index',
      300,
      newWilcoxon,
      `old algorithm ${ms(oldWilcoxon)} (×${(oldWilcoxon / newWilcoxon).toFixed(1)}), bare loop ${ms(bare)}`,
    ),
  );
  rows.push(...deTableRows({ matrix, index, group: small, bareMs: bare }));
  const half = sample(10_000, 5000, random);
  const oldHalf = median(() => welchVsRest(matrix, half));
  const newHalf = median(() => welchForSelection(index, half));
  rows.push({
    measure: 'Welch t-test, a half-run selection (5k of 10k): no slower than the old algorithm',
    target: `≤ old (${ms(oldHalf)} this run)`,
    figure: `${ms(newHalf)} median (×${(oldHalf / newHalf).toFixed(1)} faster); bare loop ${ms(bare)}`,
    verdict: newHalf <= oldHalf ? 'met' : 'MISSED',
  });
  if (options.chip !== false) {
    const chipTixels = 220 * 220;
    const chip = syntheticCsc(chipTixels, FEATURES, DENSITY, random);
    const chipGroup = sample(chipTixels, 1000, random);
    const chipBare = median(() => bareLoop(chip), 3);
    const chipOld = median(() => welchVsRest(chip, chipGroup), 1);
    started = performance.now();
    const chipIndex = buildSelectionIndex(chip);
    const built = performance.now() - started;
    const chipNew = median(() => welchForSelection(chipIndex, chipGroup));
    rows.push(
      row(
        `Welch t-test on a 220×220 chip (${chipTixels} tixels) × 30k features, 1k selected, from the index`,
        150,
        chipNew,
        `old algorithm ${ms(chipOld)} (×${(chipOld / chipNew).toFixed(1)}), bare loop ${ms(chipBare)}; index built in ${(built / 1000).toFixed(1)} s`,
      ),
    );
  }
  return rows;
}
