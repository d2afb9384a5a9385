import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  Caller,
  RunState,
  TCatalogueRun,
  TFieldOptions,
  TRunDetails,
  TRunFile,
  TRunRecord,
  TStudy,
} from '@atlas/contracts';
import type { LookupList, Tables } from '../../infra/db/tables.js';
import { writeCounterOf } from '../../infra/db/index.js';

/**
 * The reads of the run tables: every read takes a Caller and applies the visibility rule (./rule.ts) in the query
 * itself, so no caller can forget it. One query per call, with joins (no per-run follow-up queries).
 */

/**
 * ./rule.ts over the aliases of `runs()` (r = results, t = tissues, g = groups), for catalogue entries: public runs
 * (visitors browse the public catalogue); plus, for a member, the runs of their groups; admins see every run.
 */
function visibleTo(caller: Caller): RawBuilder<boolean> {
  switch (caller.kind) {
    case 'admin':
      return sql<boolean>`true`;
    case 'public':
      return sql<boolean>`r.public`;
    case 'link':
      return sql<boolean>`(r.public and t.run_id = ${caller.runId})`;
    case 'member':
      return sql<boolean>`(r.public or g.name in (${sql.join([...caller.groups])}))`;
  }
}

const epochMs = (column: string) => sql<number>`(extract(epoch from ${sql.ref(column)}) * 1000)::bigint`;

/** `%` and `_` match themselves in a LIKE pattern built from user text. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/** The tissues column each lookup list fills. */
const LOOKUP_COLUMN = {
  assay: 'assay',
  species: 'species',
  organ: 'organ',
  epitope: 'epitope',
  tissue_source: 'tissue_source',
  tissue_type: 'tissue_type',
} as const satisfies Record<LookupList, keyof Tables['tissues']>;

export type RunStore = ReturnType<typeof createRunStore>;

export function createRunStore(db: Kysely<Tables>) {
  const runs = () =>
    db
      .selectFrom('results as r')
      .innerJoin('tissues as t', 't.tissue_id', 'r.tissue_id')
      .leftJoin('groups as g', 'g.id', 'r.group_id');

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

    /** Catalogue entries the caller may see (all public ones when `publicOnly`), newest first. */
    async listRuns(caller: Caller, options: { publicOnly?: boolean } = {}): Promise<CatalogueRunRow[]> {
      let query = runs()
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
      const rows = await runs()
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
      const rows = await runs()
        .select('r.results_id')
        .where(sql<boolean>`r.pmid like ${likeEscape(prefix) + '%'}`)
        .where(visibleTo(caller))
        .orderBy('r.results_id')
        .execute();
      return rows.map((row) => row.results_id);
    },

    /** Visible runs whose publication lists an author whose name contains `text` (case-insensitive). */
    async searchAuthors(caller: Caller, text: string): Promise<number[]> {
      const rows = await runs()
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
      const rows = await runs()
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
      return rows.map((row) => ({ ...row, filename_short: row.file_path.slice(row.file_path.lastIndexOf('/') + 1) }));
    },

    /** A registered downloadable file at exactly this bucket and path, of a run the caller may see. */
    async findVisibleFile(
      caller: Caller,
      bucket: string,
      path: string,
    ): Promise<{ file_id: number; run_id: string } | undefined> {
      return runs()
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
      return runs()
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
      return runs()
        .select(['t.run_id', 'r.web_object_available'])
        .where('t.run_id', 'in', [...runIds])
        .execute();
    },

    /**
     * The run forms' dropdown lists. A member sees their own groups and the PMIDs of publications that no run uses
     * or that a run they may see uses; an admin sees every group and publication.
     */
    async fieldOptions(caller: Caller): Promise<TFieldOptions> {
      const [lookups, groups, pmids] = await Promise.all([
        db.selectFrom('lookup_values').select(['list', 'value']).orderBy('value').execute(),
        caller.kind === 'admin'
          ? db.selectFrom('groups').select('name').orderBy('name').execute()
          : Promise.resolve(caller.kind === 'member' ? caller.groups.map((name) => ({ name })) : []),
        db
          .selectFrom('publications as p')
          .select('p.pmid')
          .where(({ not, exists, or, selectFrom }) =>
            or([
              not(
                exists(
                  selectFrom('results as u')
                    .select(sql`1`.as('one'))
                    .whereRef('u.pmid', '=', 'p.pmid'),
                ),
              ),
              exists(
                selectFrom('results as r')
                  .innerJoin('tissues as t', 't.tissue_id', 'r.tissue_id')
                  .leftJoin('groups as g', 'g.id', 'r.group_id')
                  .select(sql`1`.as('one'))
                  .whereRef('r.pmid', '=', 'p.pmid')
                  .where(visibleTo(caller)),
              ),
            ]),
          )
          .orderBy('p.pmid')
          .execute(),
      ]);
      const list = (name: LookupList) => lookups.filter((row) => row.list === name).map((row) => row.value);
      return {
        assay_list: list('assay'),
        species_list: list('species'),
        organ_list: list('organ'),
        antibody_list: list('epitope'),
        group_list: groups.map((row) => row.name).sort(),
        tissue_source_list: list('tissue_source'),
        publication_list: pmids.map((row) => row.pmid),
        tissue_type_list: list('tissue_type'),
      };
    },

    /** Everything Add A Run edits of one visible run, with its publication, downloadable files and studies. */
    async runDetails(caller: Caller, runId: string): Promise<TRunDetails | undefined> {
      const row = await runs()
        .select([
          't.run_id',
          'r.results_id',
          't.tissue_id',
          'r.title as result_title',
          'r.description as result_description',
          't.sample_id',
          epochMs('r.date').as('date'),
          't.assay',
          't.epitope',
          't.species',
          't.organ',
          't.tissue_type',
          't.tissue_source',
          't.experimental_condition',
          't.channel_width',
          't.number_channels',
          'r.ngs_id',
          'r.public',
          'g.name as group',
          'r.pmid',
          'r.results_folder_path',
          'r.web_obj_path',
          'r.web_object_available',
        ])
        .where('t.run_id', '=', runId)
        .where(visibleTo(caller))
        .executeTakeFirst();
      if (!row) return undefined;
      const [publication, files, studies] = await Promise.all([
        row.pmid
          ? db
              .selectFrom('publications as p')
              .select(['p.publication_id', 'p.pmid', 'p.title', 'p.journal', 'p.link', 'p.year'])
              .where('p.pmid', '=', row.pmid)
              .executeTakeFirst()
          : undefined,
        db
          .selectFrom('files as f')
          .innerJoin('file_types as ft', 'ft.file_type_id', 'f.file_type_id')
          .select([
            'f.file_id',
            'f.file_type_id',
            'ft.file_type_name',
            'f.file_description',
            'f.file_path',
            'f.bucket_name',
          ])
          .where('f.tissue_id', '=', row.tissue_id)
          .orderBy('f.file_id')
          .execute(),
        db
          .selectFrom('study_runs as sr')
          .innerJoin('studies as s', 's.study_id', 'sr.study_id')
          .select('s.study_name')
          .where('sr.tissue_id', '=', row.tissue_id)
          .orderBy('s.study_name')
          .execute(),
      ]);
      const authors = publication
        ? await db
            .selectFrom('publication_authors as pa')
            .innerJoin('authors as a', 'a.author_id', 'pa.author_id')
            .select('a.name')
            .where('pa.publication_id', '=', publication.publication_id)
            .orderBy('pa.position')
            .execute()
        : [];
      return {
        ...row,
        date: Number(row.date),
        publication: publication
          ? {
              pmid: publication.pmid,
              title: publication.title,
              journal: publication.journal,
              link: publication.link,
              year: publication.year,
              authors: authors.map((a) => a.name),
            }
          : null,
        files: files.map((f) => ({ ...f, filename_short: f.file_path.slice(f.file_path.lastIndexOf('/') + 1) })),
        studies: studies.map((s) => s.study_name),
      };
    },

    /** The names a downloadable file's type may have. */
    async fileTypes(): Promise<string[]> {
      const rows = await db.selectFrom('file_types').select('file_type_name').orderBy('file_type_name').execute();
      return rows.map((row) => row.file_type_name);
    },

    /** Every study with its runs (Group Runs is an admin tool: studies are not filtered), and the study types. */
    async studies(): Promise<{ studies: TStudy[]; study_types: string[] }> {
      const [studies, members, types] = await Promise.all([
        db
          .selectFrom('studies as s')
          .leftJoin('study_types as st', 'st.study_type_id', 's.study_type_id')
          .select(['s.study_id', 's.study_name', 's.study_description', 'st.study_type_name'])
          .orderBy('s.study_name')
          .execute(),
        db
          .selectFrom('study_runs as sr')
          .innerJoin('tissues as t', 't.tissue_id', 'sr.tissue_id')
          .select(['sr.study_id', 't.run_id', 't.tissue_id'])
          .orderBy('t.run_id')
          .execute(),
        db.selectFrom('study_types').select('study_type_name').orderBy('study_type_name').execute(),
      ]);
      return {
        studies: studies.map((s) => ({
          ...s,
          runs: members
            .filter((m) => m.study_id === s.study_id)
            .map(({ run_id, tissue_id }) => ({ run_id, tissue_id })),
        })),
        study_types: types.map((t) => t.study_type_name),
      };
    },

    /** How many runs use this lookup value (a used value may not be removed). */
    async lookupUsage(list: LookupList, value: string): Promise<number> {
      const column = LOOKUP_COLUMN[list];
      const row = await db
        .selectFrom('tissues')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(column, '=', value)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The catalogue state of each of these run ids that has an entry (one query, whatever the count). */
    async runStates(runIds: readonly string[]): Promise<Map<string, RunState>> {
      const states = new Map<string, RunState>();
      if (runIds.length === 0) return states;
      const rows = await runs()
        .select(['t.run_id', 'r.public', 'g.name as group'])
        .where('t.run_id', 'in', [...new Set(runIds)])
        .execute();
      for (const row of rows) states.set(row.run_id, { public: row.public, group: row.group });
      return states;
    },
  };
}
