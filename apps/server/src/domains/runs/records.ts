import { sql } from 'kysely';
import type { Db } from '../../infra/db/index.js';

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
  };
}
