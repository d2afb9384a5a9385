import { sql } from 'kysely';
import type { Db } from '../../infra/db/index.js';
import { atomically, fileTypeIds, groupIdOf } from './sql-helpers.js';

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
 * A run's catalogue entry (its tissue, results and files rows) as the importer, the seed and `webfile.create_files`
 * write it, and the flags they set on it. Unaudited: the callers audit what they did as a whole.
 */
export function createRunEntries(db: Db) {
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
      return atomically(db, async (trx) => {
        const existing = await tissueIdOf(trx, run.runId);
        const tissueId = existing ?? (await insertBareTissue(trx, run));
        const results = await trx
          .selectFrom('results')
          .select('results_id')
          .where('tissue_id', '=', tissueId)
          .executeTakeFirst();
        if (!results) {
          await trx
            .insertInto('results')
            .values({
              tissue_id: tissueId,
              title: run.title ?? run.runId,
              description: run.description ?? '',
              results_folder_path: `data/${run.runId}/`,
              web_obj_path: null,
              ngs_id: null,
              group_id: await groupIdOf(trx, run.group),
              public: run.public ?? false,
              pmid: run.pmid ?? null,
            })
            .execute();
        }
        return { created: existing === undefined || !results };
      });
    },

    /**
     * A run's catalogue entry with its metadata and downloadable files, in one go; null when the run id is taken
     * (a lab's own run wins: nothing is overwritten). Returns what was stored, for the caller's audit entry.
     */
    async insertRun(run: NewRunRecord): Promise<{ tissueId: number; files: string[] } | null> {
      return atomically(db, async (trx) => {
        const groupId = await groupIdOf(trx, run.group);
        const tissue = await trx
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
        await trx
          .insertInto('results')
          .values({
            tissue_id: tissue.tissue_id,
            title: run.title,
            description: run.description,
            results_folder_path: `data/${run.runId}/`,
            ngs_id: run.ngsId,
            group_id: groupId,
            public: run.public,
            pmid: run.pmid,
            date: run.date,
          })
          .execute();
        const types = await fileTypeIds(trx);
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
        if (files.length) await trx.insertInto('files').values(files).execute();
        return { tissueId: tissue.tissue_id, files: files.map((f) => f.file_path) };
      });
    },

    /**
     * Registers a downloadable file of a run (spec 03 §2.10 Add Files); false when the run or the file type is
     * unknown.
     */
    async addFile(
      runId: string,
      file: { type: string; bucket: string; path: string; description: string },
    ): Promise<boolean> {
      const tissueId = await tissueIdOf(db, runId);
      const type = (await fileTypeIds(db)).get(file.type);
      if (tissueId === undefined || type === undefined) return false;
      await db
        .insertInto('files')
        .values({
          tissue_id: tissueId,
          file_type_id: type,
          bucket_name: file.bucket,
          file_path: file.path,
          file_description: file.description,
        })
        .execute();
      return true;
    },

    /** Publishes or unpublishes a run (its public links open or close with it); false when the run has no entry. */
    setPublic: (runId: string, value: boolean): Promise<boolean> =>
      updateResults(db, runId, value ? { public: true } : { public: false, public_until: null }),

    /** Marks a run's web object as created at `folder`; false when the run has no catalogue entry. */
    markWebObjectAvailable: (runId: string, folder: string): Promise<boolean> =>
      updateResults(db, runId, { web_object_available: true, web_obj_path: folder }),
  };
}

async function tissueIdOf(db: Db, runId: string): Promise<number | undefined> {
  const row = await db.selectFrom('tissues').select('tissue_id').where('run_id', '=', runId).executeTakeFirst();
  return row?.tissue_id;
}

/** A tissue row with only what `ensureRun` was told; the lab fills in the rest later (Add A Run). */
async function insertBareTissue(
  db: Db,
  run: { runId: string; assay?: string; species?: string; organ?: string },
): Promise<number> {
  const row = await db
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
  return row.tissue_id;
}

/** Sets columns of a run's results row; false when the run has no catalogue entry. */
async function updateResults(
  db: Db,
  runId: string,
  values: { public: boolean; public_until?: null } | { web_object_available: true; web_obj_path: string },
): Promise<boolean> {
  const result = await db
    .updateTable('results')
    .set({ ...values, updated_at: sql`now()` })
    .where('tissue_id', 'in', db.selectFrom('tissues').select('tissue_id').where('run_id', '=', runId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
