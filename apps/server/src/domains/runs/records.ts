import { sql } from 'kysely';
import type { TFileEdit, TRunEditParsed, TSaveFilesParsed, TSaveStudyParsed } from '@atlas/contracts';
import type { Db } from '../../infra/db/index.js';
import type { LookupList } from '../../infra/db/tables.js';
import { recordAudit } from '../audit/index.js';
import { createRunStore } from './store.js';

export interface NewRunRecord {
  runId: string;
  title: string;
  description: string;
  sampleId: string;
  species: string;
  organ: string;
  tissueType: string;
  tissueSource: string;
  condition: string;
  channelWidth: number | null;
  numberChannels: number | null;
  assay: string;
  epitope: string | null;
  date: Date;
  ngsId: string | null;
  group: string | null;
  public: boolean;
  pmid: string | null;
  files: readonly { type: string; bucket: string; path: string; description: string }[];
}

/**
 * The writes of the run tables: creating a run's catalogue entry (importer, seed) and flagging its web object
 * (`webfile.create_files`). Callers check the caller's right to write the run first (./object-access.ts).
 */
export function createRunRecords(db: Db) {
  /** Joins the caller's transaction when there is one (the seed writes a whole demo in one). */
  const atomically = <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  return {
    /** Creates the tissue and results rows of a run when missing; returns whether it created them. */
    async ensureRun(run: {
      runId: string;
      title?: string;
      description?: string;
      assay?: string;
      species?: string;
      organ?: string;
      group?: string | null;
      public?: boolean;
      pmid?: string | null;
    }): Promise<{ created: boolean }> {
      return atomically(async (trx) => {
        const existing = await trx
          .selectFrom('tissues')
          .select('tissue_id')
          .where('run_id', '=', run.runId)
          .executeTakeFirst();
        let tissueId = existing?.tissue_id;
        let created = false;
        if (tissueId === undefined) {
          const row = await trx
            .insertInto('tissues')
            .values({
              run_id: run.runId,
              channel_width: null,
              number_channels: null,
              epitope: null,
              ...(run.assay && { assay: run.assay }),
              ...(run.species && { species: run.species }),
              ...(run.organ && { organ: run.organ }),
            })
            .returning('tissue_id')
            .executeTakeFirstOrThrow();
          tissueId = row.tissue_id;
          created = true;
        }
        const results = await trx
          .selectFrom('results')
          .select('results_id')
          .where('tissue_id', '=', tissueId)
          .executeTakeFirst();
        if (!results) {
          const group = run.group
            ? await trx.selectFrom('groups').select('id').where('name', '=', run.group).executeTakeFirst()
            : undefined;
          if (run.group && !group) throw new Error(`Unknown group '${run.group}'`);
          await trx
            .insertInto('results')
            .values({
              tissue_id: tissueId,
              title: run.title ?? run.runId,
              description: run.description ?? '',
              results_folder_path: `data/${run.runId}/`,
              web_obj_path: null,
              ngs_id: null,
              group_id: group?.id ?? null,
              public: run.public ?? false,
              pmid: run.pmid ?? null,
            })
            .execute();
          created = true;
        }
        return { created };
      });
    },

    /**
     * A run's catalogue entry with its metadata and downloadable files, in one go; null when the run id is taken
     * (a lab's own run wins: nothing is overwritten). Returns what was stored, for the caller's audit entry.
     */
    async insertRun(run: NewRunRecord): Promise<{ tissueId: number; files: string[] } | null> {
      return atomically(async (db) => {
        const group = run.group
          ? await db.selectFrom('groups').select('id').where('name', '=', run.group).executeTakeFirst()
          : undefined;
        if (run.group && !group) throw new Error(`Unknown group '${run.group}'`);
        const tissue = await db
          .insertInto('tissues')
          .values({
            run_id: run.runId,
            sample_id: run.sampleId,
            species: run.species,
            organ: run.organ,
            tissue_type: run.tissueType,
            tissue_source: run.tissueSource,
            experimental_condition: run.condition,
            channel_width: run.channelWidth,
            number_channels: run.numberChannels,
            assay: run.assay,
            epitope: run.epitope,
            created_on: run.date,
          })
          .onConflict((oc) => oc.column('run_id').doNothing())
          .returning('tissue_id')
          .executeTakeFirst();
        if (!tissue) return null;
        await db
          .insertInto('results')
          .values({
            tissue_id: tissue.tissue_id,
            title: run.title,
            description: run.description,
            results_folder_path: `data/${run.runId}/`,
            ngs_id: run.ngsId,
            group_id: group?.id ?? null,
            public: run.public,
            pmid: run.pmid,
            date: run.date,
          })
          .execute();
        const types = new Map(
          (await db.selectFrom('file_types').select(['file_type_id', 'file_type_name']).execute()).map((t) => [
            t.file_type_name,
            t.file_type_id,
          ]),
        );
        const files = run.files.map((f) => {
          const type = types.get(f.type);
          if (type === undefined) throw new Error(`Unknown file type '${f.type}'`);
          return {
            tissue_id: tissue.tissue_id,
            file_type_id: type,
            bucket_name: f.bucket,
            file_path: f.path,
            file_description: f.description,
          };
        });
        if (files.length) await db.insertInto('files').values(files).execute();
        return { tissueId: tissue.tissue_id, files: files.map((f) => f.file_path) };
      });
    },

    /** A study grouping runs (spec 03 §2.10 Group Runs); runs without a catalogue entry are left out. False when the name is taken. */
    async addStudy(
      study: { name: string; description: string; type: string | null },
      runIds: readonly string[],
    ): Promise<boolean> {
      const type = study.type
        ? await db
            .selectFrom('study_types')
            .select('study_type_id')
            .where('study_type_name', '=', study.type)
            .executeTakeFirst()
        : undefined;
      const row = await db
        .insertInto('studies')
        .values({
          study_name: study.name,
          study_description: study.description,
          study_type_id: type?.study_type_id ?? null,
        })
        .onConflict((oc) => oc.column('study_name').doNothing())
        .returning('study_id')
        .executeTakeFirst();
      if (!row) return false;
      const tissues = runIds.length
        ? await db
            .selectFrom('tissues')
            .select('tissue_id')
            .where('run_id', 'in', [...runIds])
            .execute()
        : [];
      if (tissues.length)
        await db
          .insertInto('study_runs')
          .values(tissues.map((t) => ({ study_id: row.study_id, tissue_id: t.tissue_id })))
          .execute();
      return true;
    },

    /** Records a publication and its authors in order (runs name it by `pmid`); false when the PMID is known. */
    async addPublication(publication: {
      pmid: string;
      title: string;
      journal: string;
      link: string | null;
      year?: number | null;
      authors: readonly string[];
    }): Promise<boolean> {
      return atomically(async (trx) => {
        const { authors, year, ...values } = publication;
        const row = await trx
          .insertInto('publications')
          .values({ ...values, year: year ?? null })
          .onConflict((oc) => oc.column('pmid').doNothing())
          .returning('publication_id')
          .executeTakeFirst();
        if (!row) return false;
        for (const [position, name] of authors.entries()) {
          await trx
            .insertInto('authors')
            .values({ name })
            .onConflict((oc) => oc.column('name').doNothing())
            .execute();
          const author = await trx
            .selectFrom('authors')
            .select('author_id')
            .where('name', '=', name)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('publication_authors')
            .values({ publication_id: row.publication_id, author_id: author.author_id, position })
            .execute();
        }
        return true;
      });
    },

    /** Registers a downloadable file of a run (spec 03 §2.10 Add Files); false when the run or the file type is unknown. */
    async addFile(
      runId: string,
      file: { type: string; bucket: string; path: string; description: string },
    ): Promise<boolean> {
      const tissue = await db.selectFrom('tissues').select('tissue_id').where('run_id', '=', runId).executeTakeFirst();
      const type = await db
        .selectFrom('file_types')
        .select('file_type_id')
        .where('file_type_name', '=', file.type)
        .executeTakeFirst();
      if (!tissue || !type) return false;
      await db
        .insertInto('files')
        .values({
          tissue_id: tissue.tissue_id,
          file_type_id: type.file_type_id,
          bucket_name: file.bucket,
          file_path: file.path,
          file_description: file.description,
        })
        .execute();
      return true;
    },

    /** Publishes or unpublishes a run (its public links open or close with it); false when the run has no entry. */
    async setPublic(runId: string, value: boolean): Promise<boolean> {
      const result = await db
        .updateTable('results')
        .set({ public: value, updated_at: sql`now()` })
        .where('tissue_id', 'in', db.selectFrom('tissues').select('tissue_id').where('run_id', '=', runId))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks a run's web object as created at `folder`; false when the run has no catalogue entry. */
    async markWebObjectAvailable(runId: string, folder: string): Promise<boolean> {
      const result = await db
        .updateTable('results')
        .set({ web_object_available: true, web_obj_path: folder, updated_at: sql`now()` })
        .where('tissue_id', 'in', db.selectFrom('tissues').select('tissue_id').where('run_id', '=', runId))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Add A Run: creates or updates a run's tissue and catalogue entry, and the publication it names with its
     * authors in order, audited as `run:{id}` with the editor's view before and after. Lookup values, the group
     * and the file types are checked by the caller (./admin-service.ts).
     */
    async saveRun(edit: TRunEditParsed, actor: string | null): Promise<{ created: boolean }> {
      return atomically(async (trx) => {
        const before = await snapshot(trx, edit.run_id);
        const group = edit.group
          ? await trx.selectFrom('groups').select('id').where('name', '=', edit.group).executeTakeFirstOrThrow()
          : null;
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
          group_id: group?.id ?? null,
          public: edit.public,
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
      return atomically(async (trx) => {
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
      await atomically(async (trx) => {
        const type = study.study_type_name
          ? await trx
              .selectFrom('study_types')
              .select('study_type_id')
              .where('study_type_name', '=', study.study_type_name)
              .executeTakeFirstOrThrow()
          : null;
        const existing = await trx
          .selectFrom('studies')
          .select('study_id')
          .where('study_name', '=', study.study_name)
          .executeTakeFirst();
        const before = existing ? await studyView(trx, existing.study_id) : null;
        const values = { study_description: study.study_description, study_type_id: type?.study_type_id ?? null };
        const studyId = existing
          ? (await trx.updateTable('studies').set(values).where('study_id', '=', existing.study_id).execute(),
            existing.study_id)
          : (
              await trx
                .insertInto('studies')
                .values({ study_name: study.study_name, ...values })
                .returning('study_id')
                .executeTakeFirstOrThrow()
            ).study_id;
        const tissuesOf = async (runIds: readonly string[]) =>
          runIds.length
            ? await trx
                .selectFrom('tissues')
                .select(['tissue_id', 'run_id'])
                .where('run_id', 'in', [...runIds])
                .execute()
            : [];
        const adding = await tissuesOf(study.runs_to_add);
        const removing = await tissuesOf(study.runs_to_remove);
        if (adding.length)
          await trx
            .insertInto('study_runs')
            .values(adding.map((t) => ({ study_id: studyId, tissue_id: t.tissue_id })))
            .onConflict((oc) => oc.columns(['study_id', 'tissue_id']).doNothing())
            .execute();
        if (removing.length)
          await trx
            .deleteFrom('study_runs')
            .where('study_id', '=', studyId)
            .where(
              'tissue_id',
              'in',
              removing.map((t) => t.tissue_id),
            )
            .execute();
        await recordAudit(trx, {
          actor,
          action: existing ? 'study.update' : 'study.create',
          target: `study:${study.study_name}`,
          before,
          after: await studyView(trx, studyId),
        });
        for (const [runs, action] of [
          [adding, 'study.add_run'],
          [removing, 'study.remove_run'],
        ] as const)
          for (const run of runs)
            await recordAudit(trx, {
              actor,
              action,
              target: runTarget(run.run_id),
              before: action === 'study.remove_run' ? { study: study.study_name } : undefined,
              after: action === 'study.add_run' ? { study: study.study_name } : undefined,
            });
      });
    },

    /** Adds a value to a lookup list, audited as `lookup:{list}`; false when it is there already. */
    async addLookupValue(list: LookupList, value: string, actor: string | null): Promise<boolean> {
      return atomically(async (trx) => {
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
      return atomically(async (trx) => {
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

async function fileTypeIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('file_types').select(['file_type_id', 'file_type_name']).execute();
  return new Map(rows.map((t) => [t.file_type_name, t.file_type_id]));
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
  for (const [position, name] of [...new Set(authors)].entries()) {
    await db
      .insertInto('authors')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const author = await db
      .selectFrom('authors')
      .select('author_id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('publication_authors')
      .values({ publication_id, author_id: author.author_id, position })
      .execute();
  }
}
