import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EXPORT_MAX_VALUES,
  EXPORT_MSG,
  GENES_MSG,
  type CallBody,
  type exportCalls,
  type Identity,
} from '@atlas/contracts';
import {
  barcodesCsv,
  CSC_HEADER_BYTES,
  exportedValueCount,
  FEATURE_FILES,
  matrixRows,
  readCscHeader,
  RowOutOfRangeError,
} from '@atlas/spatial';
import { badRequest, notFound, tooManyRequests } from '../../http/errors.js';
import { readObject, type ObjectStore } from '../../infra/storage/index.js';
import { cscFromBytes } from '../../tasks/gene/data.js';
import { readSelectionRows } from '../../tasks/gene/selection-index.js';
import type { Annotations } from '../annotations/index.js';
import { MissingWebFileError, type RunDataStore } from '../genes/index.js';
import type { RunAccess, Runs } from '../runs/index.js';
import { IN_PROCESS_VALUES, writeRunAnnData } from './write-off-thread.js';

/**
 * Large exports (from IN_PROCESS_VALUES up) made at once in one process: each holds its matrix in this thread and
 * again in its writer's (about 0.5 GB at the export limit), so a few members asking at once cannot exhaust the API
 * process's memory. More are refused (429) before the matrix is read.
 */
export const LARGE_EXPORTS_AT_ONCE = 2;

export interface ExportDeps {
  storage: ObjectStore;
  runs: Runs;
  data: RunDataStore;
  annotations: Annotations;
  /** Most non-zero values one exported X may hold (default EXPORT_MAX_VALUES; tests lower it). */
  maxValues?: number;
  /** Exports with at least this many values are written in a worker thread (default IN_PROCESS_VALUES). */
  inProcessValues?: number;
}

/** A made export: a file on local disc to stream once and remove (h5ad), or the CSV text. */
export interface ExportFile {
  name: string;
  type: string;
  /** The h5ad's local path; remove its folder (`cleanup`) once sent. */
  file?: { path: string; size: number; cleanup: () => void };
  text?: string;
}

/** The request as the route read it: its format defaulted, its observations (a list or a bitset) as their list. */
type ExportRequest = CallBody<typeof exportCalls.exportRun>;

/** A file name part from an annotation name: letters, digits, '-' and '_' only. */
const slug = (name: string) => name.replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '') || 'annotation';

/**
 * Exports (issue 34): a run, a selection or an annotation of it as AnnData or a barcodes CSV, made for the caller
 * from what they may read now. The run is resolved through the runs owner (a private run only for its group and
 * admins, 404 otherwise), the annotations through the annotations domain (the same rule), and the size is bounded
 * before the matrix is read: the header of the `.csc` holds its non-zero count, and a selection's share of it is
 * checked again exactly once read.
 */
export function createExports(deps: ExportDeps) {
  const maxValues = deps.maxValues ?? EXPORT_MAX_VALUES;
  const inProcessValues = deps.inProcessValues ?? IN_PROCESS_VALUES;
  let largeInProgress = 0;
  /** The selected observations, ascending and unique (not yet checked against the run); null for the whole run. */
  async function rowsOf(identity: Identity, run: RunAccess, request: ExportRequest) {
    let indices: readonly number[] | undefined = request.observations;
    let label = indices ? `selection_${new Set(indices).size}` : '';
    if (request.annotation_id) {
      const annotation = await deps.annotations.get(identity, request.annotation_id);
      if (annotation.run_id !== run.runId) throw notFound(EXPORT_MSG.annotationNotOfRun(run.runId));
      indices = annotation.tixels;
      label = slug(annotation.name);
    }
    return { rows: indices ? Int32Array.from(new Set(indices)).sort() : null, label };
  }

  /**
   * The exported observations' rows of data.csv and their names: a selection's read alone (its lines, or picked
   * from the run's cached table), the whole run's as cached. A selected row the run does not have is a 400.
   */
  async function observationsOf(run: RunAccess, rows: Int32Array | null) {
    if (!rows) return { table: await deps.data.data(run), barcodes: await deps.data.barcodes(run) };
    try {
      const [table, barcodes] = await Promise.all([deps.data.dataRows(run, rows), deps.data.barcodeRows(run, rows)]);
      return { table, barcodes };
    } catch (error) {
      if (error instanceof RowOutOfRangeError)
        throw badRequest(EXPORT_MSG.observationOutOfRange(error.row, run.runId, error.rowCount));
      throw error;
    }
  }

  /** Every shared annotation of the run with its tixels, as the caller may read them. */
  async function annotationsOf(identity: Identity, runId: string) {
    const list = await deps.annotations.list(identity, runId);
    return Promise.all(list.map((a) => deps.annotations.get(identity, a.id)));
  }

  /** Refuses an export of more than the limit; a large one takes a slot (`slot.held`) given back once written. */
  function admit(values: number, slot: { held: boolean }): void {
    if (values > maxValues) throw badRequest(EXPORT_MSG.tooLarge(values, maxValues));
    if (values < inProcessValues || slot.held) return;
    if (largeInProgress >= LARGE_EXPORTS_AT_ONCE) throw tooManyRequests(EXPORT_MSG.busy(LARGE_EXPORTS_AT_ONCE));
    largeInProgress++;
    slot.held = true;
  }

  /**
   * The exported rows of the matrix (all of them for the whole run). A selection of a run with a selection index
   * (`.sel`, row-major) reads its own rows' entries from it, its exact count checked before they are read; otherwise
   * the run's `.csc`, whose header bounds the count (a selection's estimated from its share) before it is read.
   */
  async function matrixOf(run: RunAccess, rows: Int32Array | null, slot: { held: boolean }) {
    const selectionKey = `${run.folder}${FEATURE_FILES.genes.selection}`;
    const selected =
      rows && (await readSelectionRows(deps.storage, run.bucket, selectionKey, rows, (n) => admit(n, slot)));
    if (selected) return { matrix: selected, values: selected.indices.length };
    const key = `${run.folder}${FEATURE_FILES.genes.csc}`;
    if (!(await deps.storage.exists(run.bucket, key))) throw notFound(EXPORT_MSG.noMatrix(run.runId));
    const header = readCscHeader(
      await readObject(deps.storage, run.bucket, key, { start: 0, end: CSC_HEADER_BYTES - 1 }),
    );
    admit(rows ? Math.round((header.nnz * rows.length) / Math.max(1, header.nObs)) : header.nnz, slot);
    const matrix = cscFromBytes(await readObject(deps.storage, run.bucket, key));
    const values = exportedValueCount(matrix, rows);
    if (values > maxValues) throw badRequest(EXPORT_MSG.tooLarge(values, maxValues));
    return { matrix: rows ? matrixRows(matrix, rows) : matrix, values };
  }

  return {
    async make(identity: Identity, request: ExportRequest): Promise<ExportFile> {
      const run = await deps.runs.access.resolve(identity, { run_id: request.run_id });
      const slot = { held: false };
      try {
        const { rows, label } = await rowsOf(identity, run, request);
        const base = label ? `${run.runId}_${label}` : run.runId;
        if (request.format === 'csv') {
          const { table, barcodes } = await observationsOf(run, rows);
          return {
            name: `${base}_barcodes.csv`,
            type: 'text/csv; charset=utf-8',
            text: barcodesCsv({ barcodes, table, rows }),
          };
        }
        // A selection's rows are checked against the run (its data.csv) before its matrix is read; a whole run's
        // size is checked (the matrix's header) before its table is read.
        const selection = rows && (await observationsOf(run, rows));
        const { matrix, values } = await matrixOf(run, rows, slot);
        const { table, barcodes } = selection ?? (await observationsOf(run, null));
        const featureNames = await deps.data.names(run, 'genes');
        const annotations = await annotationsOf(identity, run.runId);
        // Written whole to a private folder before the first byte is sent (writeH5ad writes beside and renames): a
        // failure is an error answer, never a 200 with half a file.
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-export-'));
        const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
        try {
          const file = path.join(dir, `${randomUUID()}.h5ad`);
          const input = { matrix, featureNames, barcodes, table, annotations, rows };
          await writeRunAnnData(file, input, values, inProcessValues);
          return {
            name: `${base}.h5ad`,
            type: 'application/x-hdf5',
            file: { path: file, size: fs.statSync(file).size, cleanup },
          };
        } catch (error) {
          cleanup();
          throw error;
        }
      } catch (error) {
        if (error instanceof MissingWebFileError) throw notFound(GENES_MSG.webFilesMissing(run.runId));
        throw error;
      } finally {
        if (slot.held) largeInProgress--;
      }
    },
  };
}

export type Exports = ReturnType<typeof createExports>;
