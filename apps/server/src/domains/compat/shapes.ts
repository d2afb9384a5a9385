import type { z } from 'zod';
import type { FeatureKind, TTaskState, ZDataRows, ZRunDetails } from '@atlas/contracts';

/** Pure translations between the original's shapes and the native contracts' (issue 20). */

type DataRows = z.infer<typeof ZDataRows>;
type RunDetails = z.infer<typeof ZRunDetails>;

const RUN_IN_KEY = /(?:^|\/)data\/(D\d{5,})\//;

/** The run a storage key belongs to (`data/{run}/…`, optionally after a bucket prefix), or undefined. */
export const runOfKey = (key: string): string | undefined => RUN_IN_KEY.exec(key)?.[1];

/** Which feature names a file holds, by its name as the original client names it (motifs.csv, eRegulon…). */
export function kindOfFile(filename: string): FeatureKind {
  const name = filename.toLowerCase();
  if (name.includes('eregulon')) return 'eRegulons';
  if (name.includes('motif')) return 'motifs';
  return 'genes';
}

/** The tixel table as CSV rows of cells, header first (the original answered data.csv's rows). */
export function dataRowsToCsv(rows: DataRows): string[][] {
  const optional = (['cell_types', 'sample', 'condition'] as const).filter((c) => rows[c]?.length);
  const header = ['cluster', 'spatial_x', 'spatial_y', 'umap_x', 'umap_y', 'qc_1', 'qc_2', ...optional];
  const out: string[][] = [header];
  for (let i = 0; i < rows.clusters.length; i++) {
    out.push([
      rows.clusters[i]!,
      String(rows.spatial[2 * i]),
      String(rows.spatial[2 * i + 1]),
      String(rows.umap[2 * i]),
      String(rows.umap[2 * i + 1]),
      String(rows.qc[0][i] ?? ''),
      String(rows.qc[1][i] ?? ''),
      ...optional.map((c) => rows[c]![i] ?? ''),
    ]);
  }
  return out;
}

/** A run's details with the original's column names (metadata_full_db). */
export function toOriginalRun(run: RunDetails) {
  return {
    run_id: run.run_id,
    tissue_id: run.tissue_id,
    results_id: run.results_id,
    tissue_source: run.tissue_source,
    species: run.species,
    organ: run.organ,
    tissue_type: run.tissue_type,
    sample_id: run.sample_id,
    experimental_condition: run.experimental_condition,
    number_channels: run.number_channels,
    channel_width: run.channel_width,
    ngs_id: run.ngs_id,
    epitope: run.epitope,
    assay: run.assay,
    pmid: run.pmid,
    public: run.public ? 1 : 0,
    group: run.group,
    web_object_available: run.web_object_available ? 1 : 0,
    date: run.date,
    results_folder_path: run.results_folder_path,
    result_title: run.result_title,
    result_description: run.result_description,
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const numberOrNull = (v: unknown): number | null => (v === '' || v == null ? null : Number(v));

/** Add A Run's original body (run_title, run_description, …) as our save_run input; our schema checks it. */
export function toSaveRun(values: Record<string, unknown>): Record<string, unknown> {
  const date = values.date == null || values.date === '' ? Date.now() : Number(values.date);
  return {
    run_id: text(values.run_id),
    result_title: text(values.run_title ?? values.result_title),
    result_description: text(values.run_description ?? values.result_description),
    sample_id: text(values.sample_id),
    date: Number.isFinite(date) ? date : Date.now(),
    assay: text(values.assay),
    epitope: text(values.epitope) || null,
    species: text(values.species),
    organ: text(values.organ),
    tissue_type: text(values.tissue_type),
    tissue_source: text(values.tissue_source),
    experimental_condition: text(values.experimental_condition),
    channel_width: numberOrNull(values.channel_width),
    number_channels: numberOrNull(values.number_channels),
    ngs_id: text(values.ngs_id) || null,
    public: values.public === true || values.public === 1 || values.public === 'true',
    group: text(values.group) || null,
    pmid: text(values.pmid) || null,
    web_obj_path: webObjPathOf(values.web_obj_path, text(values.run_id)),
  };
}

/**
 * Add A Run sends as `web_obj_path` the run's results folder as it loaded it (`S3://atx-illumina/data/D01234/`,
 * `data/D01234/`, with or without the final `/`). Our results folder follows from the run id, so that folder means
 * "as derived" (null keeps the run's web folder); any other folder is kept as the web-object folder.
 */
function webObjPathOf(value: unknown, runId: string): string | null {
  const folder = text(value)
    .trim()
    .replace(/^s3:\/\/[^/]+\//i, '')
    .replace(/\/*$/, '/');
  return folder === '/' || folder === `data/${runId}/` ? null : folder;
}

const STATUS = { SUCCESS: 'SUCCESS', FAILURE: 'FAILED' } as const;
type JobStatus = 'SUCCESS' | 'FAILED' | 'INPROGRESS';
/** `YYYY-MM-DD HH:MM:SS` in UTC, the original's job time format. */
const when = (iso: string) => iso.replace('T', ' ').slice(0, 19);

/** A task as a row of the original's job table. */
export function jobOf(task: TTaskState) {
  const status: JobStatus = task.status === 'SUCCESS' || task.status === 'FAILURE' ? STATUS[task.status] : 'INPROGRESS';
  return {
    job_id: task._id,
    job_name: task.task,
    job_status: status,
    job_description: task.description,
    job_start_time: when(task.created_at),
    job_completion_time: status === 'INPROGRESS' ? null : when(task.updated_at),
    username: task.requested_by,
    run_id: task.run_id,
  };
}

/**
 * A task result as the original client reads it: core.task_list's tasks by name, a Novogene listing as its items
 * (the transfer forms read `tasks[name].args` and `items[i].source_filename`).
 */
export function originalResult(task: string, result: unknown): unknown {
  const value = result as { tasks?: unknown; items?: unknown } | null;
  if (task === 'core.task_list' && Array.isArray(value?.tasks))
    return { ...value, tasks: Object.fromEntries((value.tasks as { name: string }[]).map((t) => [t.name, t])) };
  if (task === 'core.list_novogene_batch' && Array.isArray(value?.items)) return value.items;
  return result;
}
