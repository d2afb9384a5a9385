import { sql, type Kysely } from 'kysely';
import type { Caller, TFieldOptions, TRunDetails, TStudy } from '@atlas/contracts';
import type { LookupList, Tables } from '../../infra/db/tables.js';
import { epochMs, fileNameOf, joinedRuns, visibleTo } from './run-query.js';

/** The tissues column each lookup list fills. */
const LOOKUP_COLUMN = {
  assay: 'assay',
  species: 'species',
  organ: 'organ',
  epitope: 'epitope',
  tissue_source: 'tissue_source',
  tissue_type: 'tissue_type',
} as const satisfies Record<LookupList, keyof Tables['tissues']>;

/** What the admin editor reads (spec 03 §2.10): its forms' lists, one run as Add A Run edits it, the studies. */
export function createEditorReads(db: Kysely<Tables>) {
  return {
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
      const row = await editedRun(db, caller, runId);
      if (!row) return undefined;
      const [publication, files, studies] = await Promise.all([
        row.pmid ? publicationWithAuthors(db, row.pmid) : null,
        filesOf(db, row.tissue_id),
        db
          .selectFrom('study_runs as sr')
          .innerJoin('studies as s', 's.study_id', 'sr.study_id')
          .select('s.study_name')
          .where('sr.tissue_id', '=', row.tissue_id)
          .orderBy('s.study_name')
          .execute(),
      ]);
      return { ...row, date: Number(row.date), publication, files, studies: studies.map((s) => s.study_name) };
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
  };
}

/** The tissue and catalogue columns of one visible run that Add A Run edits. */
function editedRun(db: Kysely<Tables>, caller: Caller, runId: string) {
  return joinedRuns(db)
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
}

/** A publication with its authors in order; null when the PMID names none. */
async function publicationWithAuthors(db: Kysely<Tables>, pmid: string): Promise<TRunDetails['publication']> {
  const publication = await db
    .selectFrom('publications as p')
    .select(['p.publication_id', 'p.pmid', 'p.title', 'p.journal', 'p.link', 'p.year'])
    .where('p.pmid', '=', pmid)
    .executeTakeFirst();
  if (!publication) return null;
  const authors = await db
    .selectFrom('publication_authors as pa')
    .innerJoin('authors as a', 'a.author_id', 'pa.author_id')
    .select('a.name')
    .where('pa.publication_id', '=', publication.publication_id)
    .orderBy('pa.position')
    .execute();
  const { publication_id: _id, ...fields } = publication;
  return { ...fields, authors: authors.map((a) => a.name) };
}

/** A run's downloadable files, in the order they were added. */
async function filesOf(db: Kysely<Tables>, tissueId: number): Promise<TRunDetails['files']> {
  const files = await db
    .selectFrom('files as f')
    .innerJoin('file_types as ft', 'ft.file_type_id', 'f.file_type_id')
    .select(['f.file_id', 'f.file_type_id', 'ft.file_type_name', 'f.file_description', 'f.file_path', 'f.bucket_name'])
    .where('f.tissue_id', '=', tissueId)
    .orderBy('f.file_id')
    .execute();
  return files.map((f) => ({ ...f, filename_short: fileNameOf(f.file_path) }));
}
