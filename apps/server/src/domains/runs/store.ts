import { sql, type Kysely } from 'kysely';
import type { Caller, RunState, TCatalogueRun, TRunFile, TRunRecord } from '@atlas/contracts';
import type { Tables } from '../../infra/db/tables.js';
import { writeCounterOf } from '../../infra/db/index.js';
import { createEditorReads } from './editor-reads.js';
import { epochMs, fileNameOf, joinedRuns, visibleTo } from './run-query.js';

export interface CatalogueRunRow extends Omit<TCatalogueRun, 'thumbnail' | 'public'> {
  public: boolean;
}

export interface RunForLink {
  results_id: number;
  run_id: string;
  results_folder_path: string;
  web_obj_path: string | null;
  species: string;
  organ: string;
  assay: string;
  public: boolean;
  group: string | null;
}

/** `%` and `_` match themselves in a LIKE pattern built from user text. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type RunStore = ReturnType<typeof createRunStore>;

/**
 * The reads of the run tables: every read that takes a Caller applies the visibility rule in the query itself
 * (./run-query.ts), so no caller can forget it. One query per call, with joins (no per-run follow-up queries).
 */
export function createRunStore(db: Kysely<Tables>) {
  return {
    ...createVersionReader(db),
    ...createCatalogueReads(db),
    ...createRunLookups(db),
    ...createEditorReads(db),
  };
}

/** The change counter of the run tables, which the catalogue's caches are keyed on (./run-facts.ts). */
function createVersionReader(db: Kysely<Tables>) {
  // On PGlite nothing but this process writes, so the last version read stays true until a write statement runs.
  const writes = writeCounterOf(db);
  let lastRead: { writes: number; version: number } | null = null;

  return {
    /** The change counter of the run tables (bumped by triggers on every write). */
    async version(): Promise<number> {
      if (writes && lastRead?.writes === writes()) return lastRead.version;
      // Sampled before the read is queued: a write that runs in between makes the sample stale, never the answer.
      const before = writes?.();
      // Parameterless on purpose: PGlite runs it through its simple-query path (~4x cheaper), and it runs per request.
      const { rows } = await sql<{ version: number }>`select version from run_db_state`.execute(db);
      const version = Number(rows[0]?.version ?? 0);
      if (before !== undefined) lastRead = { writes: before, version };
      return version;
    },
  };
}

/** The catalogue's lists and searches, of the runs the caller may see. */
function createCatalogueReads(db: Kysely<Tables>) {
  return {
    /** Catalogue entries the caller may see (all public ones when `publicOnly`), newest first. */
    async listRuns(caller: Caller, options: { publicOnly?: boolean } = {}): Promise<CatalogueRunRow[]> {
      let query = joinedRuns(db)
        .leftJoin('publications as p', 'p.pmid', 'r.pmid')
        .select([
          'r.results_id',
          't.tissue_id',
          't.run_id',
          'r.results_folder_path',
          'r.title as result_title',
          'r.description as result_description',
          't.experimental_condition',
          't.epitope',
          epochMs('r.date').as('date'),
          'p.link',
          'p.journal',
          'r.pmid',
          'g.name as group',
          't.assay',
          't.organ',
          't.species',
          't.channel_width',
          'r.public',
          'r.web_object_available',
        ])
        .where(visibleTo(caller))
        .orderBy('r.date', 'desc')
        .orderBy('r.results_id', 'desc');
      if (options.publicOnly) query = query.where('r.public', '=', true);
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, date: Number(row.date), journal: row.journal || null }));
    },

    /** Rows of the runs list page (spec 03 §2.3). */
    async listRunRecords(caller: Caller): Promise<TRunRecord[]> {
      const rows = await joinedRuns(db)
        .select([
          'r.results_id',
          'r.ngs_id',
          't.run_id',
          't.sample_id',
          't.tissue_type',
          't.organ',
          't.species',
          't.experimental_condition',
          epochMs('t.created_on').as('created_on'),
        ])
        .where(visibleTo(caller))
        .orderBy('t.created_on', 'desc')
        .orderBy('t.run_id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, created_on: Number(row.created_on) }));
    },

    /** Visible runs whose PMID starts with `prefix`. */
    async searchByPublication(caller: Caller, prefix: string): Promise<number[]> {
      const rows = await joinedRuns(db)
        .select('r.results_id')
        .where(sql<boolean>`r.pmid like ${likeEscape(prefix) + '%'}`)
        .where(visibleTo(caller))
        .orderBy('r.results_id')
        .execute();
      return rows.map((row) => row.results_id);
    },

    /** Visible runs whose publication lists an author whose name contains `text` (case-insensitive). */
    async searchAuthors(caller: Caller, text: string): Promise<number[]> {
      const rows = await joinedRuns(db)
        .select('r.results_id')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('publications as p')
              .innerJoin('publication_authors as pa', 'pa.publication_id', 'p.publication_id')
              .innerJoin('authors as a', 'a.author_id', 'pa.author_id')
              .select(sql`1`.as('one'))
              .whereRef('p.pmid', '=', 'r.pmid')
              .where(sql<boolean>`lower(a.name) like ${'%' + likeEscape(text.toLowerCase()) + '%'}`),
          ),
        )
        .where(visibleTo(caller))
        .orderBy('r.results_id')
        .execute();
      return rows.map((row) => row.results_id);
    },

    /** Downloadable files of the visible runs, with the run id they belong to. */
    async listFiles(caller: Caller): Promise<(TRunFile & { run_id: string })[]> {
      const rows = await joinedRuns(db)
        .innerJoin('files as f', 'f.tissue_id', 't.tissue_id')
        .innerJoin('file_types as ft', 'ft.file_type_id', 'f.file_type_id')
        .select([
          't.run_id',
          'f.file_id',
          'f.file_type_id',
          'ft.file_type_name',
          'f.file_description',
          'f.file_path',
          'f.bucket_name',
        ])
        .where(visibleTo(caller))
        .orderBy('t.run_id')
        .orderBy('ft.file_type_name')
        .orderBy('f.file_path')
        .execute();
      return rows.map((row) => ({ ...row, filename_short: fileNameOf(row.file_path) }));
    },
  };
}

/** One run, one file, or the states of named runs: what access checks and public links look up. */
function createRunLookups(db: Kysely<Tables>) {
  return {
    /** A registered downloadable file at exactly this bucket and path, of a run the caller may see. */
    async findVisibleFile(
      caller: Caller,
      bucket: string,
      path: string,
    ): Promise<{ file_id: number; run_id: string } | undefined> {
      return joinedRuns(db)
        .innerJoin('files as f', 'f.tissue_id', 't.tissue_id')
        .select(['f.file_id', 't.run_id'])
        .where('f.bucket_name', '=', bucket)
        .where('f.file_path', '=', path)
        .where(visibleTo(caller))
        .limit(1)
        .executeTakeFirst();
    },

    /** What a public link needs of a run the caller may see. */
    async findRunForLink(caller: Caller, runId: string): Promise<RunForLink | undefined> {
      return joinedRuns(db)
        .select([
          'r.results_id',
          't.run_id',
          'r.results_folder_path',
          'r.web_obj_path',
          't.species',
          't.organ',
          't.assay',
          'r.public',
          'g.name as group',
        ])
        .where('t.run_id', '=', runId)
        .where(visibleTo(caller))
        .executeTakeFirst();
    },

    /** Whether each of these runs that has a catalogue entry has its web object (the seed's generator skips those). */
    async webObjectStates(runIds: readonly string[]): Promise<{ run_id: string; web_object_available: boolean }[]> {
      if (runIds.length === 0) return [];
      return joinedRuns(db)
        .select(['t.run_id', 'r.web_object_available'])
        .where('t.run_id', 'in', [...runIds])
        .execute();
    },

    /** The catalogue state of each of these run ids that has an entry (one query, whatever the count). */
    async runStates(runIds: readonly string[]): Promise<Map<string, RunState>> {
      const states = new Map<string, RunState>();
      if (runIds.length === 0) return states;
      const rows = await joinedRuns(db)
        .select(['t.run_id', 'r.public', 'g.name as group'])
        .where('t.run_id', 'in', [...new Set(runIds)])
        .execute();
      for (const row of rows) states.set(row.run_id, { public: row.public, group: row.group });
      return states;
    },
  };
}
