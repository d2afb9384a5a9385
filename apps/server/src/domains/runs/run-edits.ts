import { sql } from 'kysely';
import type { TFileEdit, TRunEditParsed, TSaveFilesParsed, TSaveStudyParsed } from '@atlas/contracts';
import type { Db } from '../../infra/db/index.js';
import type { LookupList } from '../../infra/db/tables.js';
import { recordAudit } from '../audit/index.js';
import {
  atomically,
  fileTypeIds,
  groupIdOf,
  linkAuthors,
  studyTypeIdOf,
  tissuesOf,
  type RunTissue,
} from './sql-helpers.js';
import { createRunStore } from './store.js';

/** The audit target of a run: its history in Add A Run reads these entries. */
export const runTarget = (runId: string) => `run:${runId}`;

/** Add Files names a file id that belongs to another run (or none). */
export class FileOfOtherRunError extends Error {
  constructor(
    readonly fileId: number,
    readonly runId: string,
  ) {
    super(`File ${fileId} is not a file of run ${runId}`);
  }
}

/**
 * The admin editor's changes of runs, studies and lookup lists (spec 03 §2.10), each in one transaction with its
 * audit entries. Lookup values, groups, file types and runs are checked by the caller (./admin-service.ts).
 */
export function createRunEdits(db: Db) {
  return {
    /**
     * Add A Run: creates or updates a run's tissue and catalogue entry, and the publication it names with its
     * authors in order, audited as `run:{id}` with the editor's view before and after.
     */
    async saveRun(edit: TRunEditParsed, actor: string | null): Promise<{ created: boolean }> {
      return atomically(db, async (trx) => {
        const before = await snapshot(trx, edit.run_id);
        const date = new Date(edit.date);
        const tissue = {
          sample_id: edit.sample_id,
          species: edit.species,
          organ: edit.organ,
          tissue_type: edit.tissue_type,
          tissue_source: edit.tissue_source,
          experimental_condition: edit.experimental_condition,
          channel_width: edit.channel_width,
          number_channels: edit.number_channels,
          assay: edit.assay,
          epitope: edit.epitope,
          created_on: date,
        };
        const { tissue_id } = await trx
          .insertInto('tissues')
          .values({ run_id: edit.run_id, ...tissue })
          .onConflict((oc) => oc.column('run_id').doUpdateSet({ ...tissue, updated_at: sql`now()` }))
          .returning('tissue_id')
          .executeTakeFirstOrThrow();
        const results = {
          title: edit.result_title,
          description: edit.result_description,
          ngs_id: edit.ngs_id,
          group_id: await groupIdOf(trx, edit.group),
          public: edit.public,
          // A private run has no public link, so no expiry of one (a later publish starts without).
          ...(edit.public ? {} : { public_until: null }),
          pmid: edit.pmid,
          date,
          web_obj_path: edit.web_obj_path ?? before?.web_obj_path ?? null,
        };
        await trx
          .insertInto('results')
          .values({ tissue_id, results_folder_path: `data/${edit.run_id}/`, ...results })
          .onConflict((oc) => oc.column('tissue_id').doUpdateSet({ ...results, updated_at: sql`now()` }))
          .execute();
        if (edit.pmid && edit.publication) await upsertPublication(trx, { ...edit.publication, pmid: edit.pmid });
        await recordAudit(trx, {
          actor,
          action: before ? 'run.update' : 'run.create',
          target: runTarget(edit.run_id),
          before: before && editorView(before),
          after: editorView((await snapshot(trx, edit.run_id))!),
        });
        return { created: !before };
      });
    },

    /**
     * Add Files: adds, removes and changes downloadable files of a run in one go, audited as `run:{id}` with the
     * file list before and after. False when the run has no catalogue entry; throws FileOfOtherRunError for a
     * file id of another run.
     */
    async saveFiles(change: TSaveFilesParsed, actor: string | null): Promise<boolean> {
      return atomically(db, async (trx) => {
        const before = await snapshot(trx, change.run_id);
        if (!before) return false;
        const own = new Set(before.files.map((f) => f.file_id));
        const foreign = [...change.removed, ...change.changed.map((f) => f.file_id)].find((id) => !own.has(id));
        if (foreign !== undefined) throw new FileOfOtherRunError(foreign, change.run_id);
        const types = await fileTypeIds(trx);
        const row = (f: TFileEdit) => ({
          file_type_id: types.get(f.file_type_name)!,
          bucket_name: f.bucket_name,
          file_path: f.file_path,
          file_description: f.file_description,
        });
        if (change.removed.length) await trx.deleteFrom('files').where('file_id', 'in', change.removed).execute();
        for (const file of change.changed)
          await trx.updateTable('files').set(row(file)).where('file_id', '=', file.file_id).execute();
        if (change.added.length)
          await trx
            .insertInto('files')
            .values(change.added.map((f) => ({ tissue_id: before.tissue_id, ...row(f) })))
            .execute();
        const after = (await snapshot(trx, change.run_id))!;
        await recordAudit(trx, {
          actor,
          action: 'run.files',
          target: runTarget(change.run_id),
          before: { files: before.files.map(fileView) },
          after: { files: after.files.map(fileView) },
        });
        return true;
      });
    },

    /**
     * Group Runs: creates a study or changes its description, type and runs, audited as `study:{name}` and, for
     * each run added or removed, as `run:{id}`. Runs without a catalogue entry are checked by the caller.
     */
    async saveStudy(study: TSaveStudyParsed, actor: string | null): Promise<void> {
      await atomically(db, async (trx) => {
        const existing = await trx
          .selectFrom('studies')
          .select('study_id')
          .where('study_name', '=', study.study_name)
          .executeTakeFirst();
        const before = existing ? await studyView(trx, existing.study_id) : null;
        const studyId = await upsertStudy(trx, study, existing?.study_id);
        const adding = await tissuesOf(trx, study.runs_to_add);
        const removing = await tissuesOf(trx, study.runs_to_remove);
        await changeStudyRuns(trx, studyId, adding, removing);
        await recordAudit(trx, {
          actor,
          action: existing ? 'study.update' : 'study.create',
          target: `study:${study.study_name}`,
          before,
          after: await studyView(trx, studyId),
        });
        const inStudy = { study: study.study_name };
        await recordAudit(trx, [
          ...adding.map((run) => ({ actor, action: 'study.add_run', target: runTarget(run.run_id), after: inStudy })),
          ...removing.map((run) => ({
            actor,
            action: 'study.remove_run',
            target: runTarget(run.run_id),
            before: inStudy,
          })),
        ]);
      });
    },

    /** Adds a value to a lookup list, audited as `lookup:{list}`; false when it is there already. */
    async addLookupValue(list: LookupList, value: string, actor: string | null): Promise<boolean> {
      return atomically(db, async (trx) => {
        const row = await trx
          .insertInto('lookup_values')
          .values({ list, value })
          .onConflict((oc) => oc.columns(['list', 'value']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) await recordAudit(trx, { actor, action: 'lookup.add', target: `lookup:${list}`, after: { value } });
        return row !== undefined;
      });
    },

    /** Removes a value from a lookup list, audited as `lookup:{list}`; false when it is not there. */
    async removeLookupValue(list: LookupList, value: string, actor: string | null): Promise<boolean> {
      return atomically(db, async (trx) => {
        const result = await trx
          .deleteFrom('lookup_values')
          .where('list', '=', list)
          .where('value', '=', value)
          .executeTakeFirst();
        const removed = result.numDeletedRows > 0n;
        if (removed)
          await recordAudit(trx, { actor, action: 'lookup.remove', target: `lookup:${list}`, before: { value } });
        return removed;
      });
    },
  };
}

const snapshot = (db: Db, runId: string) => createRunStore(db).runDetails({ kind: 'admin' }, runId);
type Snapshot = NonNullable<Awaited<ReturnType<typeof snapshot>>>;

/** A run as the editor shows it, for the audit log: row ids and the file and study lists left out. */
function editorView(run: Snapshot) {
  const { results_id: _r, tissue_id: _t, files: _f, studies: _s, publication, date, ...fields } = run;
  return {
    ...fields,
    date: new Date(date).toISOString().slice(0, 10),
    ...(publication && {
      publication_title: publication.title,
      publication_journal: publication.journal,
      publication_link: publication.link,
      publication_year: publication.year,
      authors: publication.authors.join('; '),
    }),
  };
}

const fileView = (f: Snapshot['files'][number]) =>
  `${f.file_type_name}: ${f.bucket_name}/${f.file_path} (${f.file_description})`;

async function studyView(db: Db, studyId: number) {
  const study = await db
    .selectFrom('studies as s')
    .leftJoin('study_types as st', 'st.study_type_id', 's.study_type_id')
    .select(['s.study_name', 's.study_description', 'st.study_type_name'])
    .where('s.study_id', '=', studyId)
    .executeTakeFirstOrThrow();
  const runs = await db
    .selectFrom('study_runs as sr')
    .innerJoin('tissues as t', 't.tissue_id', 'sr.tissue_id')
    .select('t.run_id')
    .where('sr.study_id', '=', studyId)
    .orderBy('t.run_id')
    .execute();
  return { ...study, runs: runs.map((r) => r.run_id).join(', ') };
}

/** Writes a study's description and type (creating it when `existing` is undefined); returns its id. */
async function upsertStudy(db: Db, study: TSaveStudyParsed, existing: number | undefined): Promise<number> {
  const values = {
    study_description: study.study_description,
    study_type_id: await studyTypeIdOf(db, study.study_type_name),
  };
  if (existing !== undefined) {
    await db.updateTable('studies').set(values).where('study_id', '=', existing).execute();
    return existing;
  }
  const row = await db
    .insertInto('studies')
    .values({ study_name: study.study_name, ...values })
    .returning('study_id')
    .executeTakeFirstOrThrow();
  return row.study_id;
}

async function changeStudyRuns(db: Db, studyId: number, adding: RunTissue[], removing: RunTissue[]): Promise<void> {
  if (adding.length)
    await db
      .insertInto('study_runs')
      .values(adding.map((t) => ({ study_id: studyId, tissue_id: t.tissue_id })))
      .onConflict((oc) => oc.columns(['study_id', 'tissue_id']).doNothing())
      .execute();
  if (removing.length)
    await db
      .deleteFrom('study_runs')
      .where('study_id', '=', studyId)
      .where(
        'tissue_id',
        'in',
        removing.map((t) => t.tissue_id),
      )
      .execute();
}

/** Records a publication or updates it, and replaces its authors (in the given order). */
async function upsertPublication(
  db: Db,
  publication: {
    pmid: string;
    title: string;
    journal: string;
    link: string | null;
    year: number | null;
    authors: string[];
  },
): Promise<void> {
  const { authors, ...values } = publication;
  const { publication_id } = await db
    .insertInto('publications')
    .values(values)
    .onConflict((oc) => oc.column('pmid').doUpdateSet(values))
    .returning('publication_id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('publication_authors').where('publication_id', '=', publication_id).execute();
  await linkAuthors(db, publication_id, [...new Set(authors)]);
}
