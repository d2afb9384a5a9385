/**
 * The cells × genes counts of a Xenium folder that has no `cell_feature_matrix` (an XOA bundle cut to a region, as
 * the MoleculeExperiment samples are, or transcripts re-assigned by a re-segmentation), built from
 * `transcripts.parquet` or `transcripts.csv[.gz]` as XOA builds the matrix: a transcript counts when it is assigned
 * to a cell (`cell_id` neither `UNASSIGNED` nor −1) and its quality `qv` is at least 20. Gene features enter X;
 * negative-control probes and codewords, blank, unassigned and deprecated codewords are kept out and reported.
 * Read row by row: nothing is kept but the counts and each cell's mean transcript position.
 */
import { eachCsvRow } from '../../formats/csv-read.js';
import { readParquetColumns } from './parquet-columns.js';
import { columnsOf, numberAt, type CellFiles } from './source.js';
import { TranscriptCounter, type TranscriptCounts } from './transcript-counts.js';

export const TRANSCRIPTS = ['transcripts.parquet', 'transcripts.csv.gz', 'transcripts.csv'];
/** XOA counts transcripts of Q-Score 20 and above in the cell-feature matrix. */
const MIN_QV = 20;
const CONTROL = /^(NegControl|BLANK_|UnassignedCodeword|DeprecatedCodeword|Intergenic)/i;
const UNASSIGNED = new Set(['UNASSIGNED', '-1', '']);

/** The counts, and the transcripts of enough quality that no cell holds. */
export type XeniumTranscriptCounts = TranscriptCounts & { unassigned: number };

const decoder = new TextDecoder();
/** A parquet string column's value (XOA writes feature names as UTF-8 byte arrays). */
const text = (value: unknown): string =>
  value instanceof Uint8Array ? decoder.decode(value) : typeof value === 'string' ? value : String(value);

/** XOA's rule for one transcript: of enough quality; a control, or a gene of a cell, or assigned to none. */
function xoaCounter() {
  const counter = new TranscriptCounter();
  let unassigned = 0;
  return {
    add(cellId: string, feature: string, qv: number, x: number, y: number): void {
      if (qv < MIN_QV) return;
      if (CONTROL.test(feature)) counter.control(feature);
      else if (UNASSIGNED.has(cellId)) unassigned++;
      else counter.add(cellId, feature, x, y);
    },
    result: (): XeniumTranscriptCounts => ({ ...counter.result(), unassigned }),
  };
}

const WANTED = ['cell_id', 'feature_name', 'x_location', 'y_location'] as const;

/** The counts of the transcripts file `name` of the folder. */
export async function countTranscripts(files: CellFiles, name: string): Promise<XeniumTranscriptCounts> {
  const label = files.label(name);
  const counter = xoaCounter();
  if (name.endsWith('.parquet')) {
    const t = await readParquetColumns(
      await files.bytes(name),
      label,
      { numeric: ['x_location', 'y_location', 'qv'], other: ['cell_id', 'feature_name'], optional: ['qv'] },
      files.budget,
    );
    const { cell_id: ids, feature_name: features } = t.other;
    for (let r = 0; r < t.rows; r++) {
      const qv = t.numeric.qv?.[r] ?? MIN_QV;
      counter.add(text(ids![r]), text(features![r]), qv, t.numeric.x_location![r]!, t.numeric.y_location![r]!);
    }
    return counter.result();
  }
  let at: (Record<(typeof WANTED)[number], number> & { qv: number }) | null = null;
  eachCsvRow(await files.text(name), ',', (cells, line) => {
    if (!at) return void (at = { ...columnsOf(cells, WANTED, label), qv: cells.indexOf('qv') });
    if (cells.length === 1 && cells[0] === '') return;
    const qv = at.qv >= 0 ? numberAt(cells[at.qv], line, 'qv', label) : MIN_QV;
    const x = numberAt(cells[at.x_location], line, 'x_location', label);
    const y = numberAt(cells[at.y_location], line, 'y_location', label);
    counter.add(cells[at.cell_id]!.trim(), cells[at.feature_name]!.trim(), qv, x, y);
  });
  return counter.result();
}
