import type { Db } from '../../infra/db/index.js';
import { atomically, linkAuthors, studyTypeIdOf, tissuesOf } from './sql-helpers.js';

/**
 * The studies that group runs and the publications runs cite, as the seed records them: first writer wins, nothing
 * is overwritten or audited. The admin editor's audited changes of both are in ./run-edits.ts.
 */
export function createStudiesAndPublications(db: Db) {
  return {
    /**
     * A study grouping runs (spec 03 §2.10 Group Runs); runs without a catalogue entry are left out. False when the
     * name is taken.
     */
    async addStudy(
      study: { name: string; description: string; type: string | null },
      runIds: readonly string[],
    ): Promise<boolean> {
      // The seed's studies may name a type this installation's list lacks: the study is kept, untyped.
      const typeId = await studyTypeIdOf(db, study.type, 'null');
      const row = await db
        .insertInto('studies')
        .values({
          study_name: study.name,
          study_description: study.description,
          study_type_id: typeId,
        })
        .onConflict((oc) => oc.column('study_name').doNothing())
        .returning('study_id')
        .executeTakeFirst();
      if (!row) return false;
      const tissues = await tissuesOf(db, runIds);
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
      return atomically(db, async (trx) => {
        const { authors, year, ...values } = publication;
        const row = await trx
          .insertInto('publications')
          .values({ ...values, year: year ?? null })
          .onConflict((oc) => oc.column('pmid').doNothing())
          .returning('publication_id')
          .executeTakeFirst();
        if (!row) return false;
        await linkAuthors(trx, row.publication_id, authors);
        return true;
      });
    },
  };
}
