import type { Db } from '../../infra/db/index.js';

/** Runs `work` in one transaction, joining the caller's when there is one (the seed writes a whole demo in one). */
export const atomically = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** The id of a group named by a run (null for none); throws for a name that is no group. */
export async function groupIdOf(db: Db, name: string | null | undefined): Promise<number | null> {
  if (!name) return null;
  const group = await db.selectFrom('groups').select('id').where('name', '=', name).executeTakeFirst();
  if (!group) throw new Error(`Unknown group '${name}'`);
  return group.id;
}

/** The id of a study type by name; null for no name or, with `unknown: 'null'`, for a name the list lacks. */
export async function studyTypeIdOf(
  db: Db,
  name: string | null | undefined,
  unknown: 'throw' | 'null' = 'throw',
): Promise<number | null> {
  if (!name) return null;
  const type = await db
    .selectFrom('study_types')
    .select('study_type_id')
    .where('study_type_name', '=', name)
    .executeTakeFirst();
  if (!type && unknown === 'throw') throw new Error(`Unknown study type '${name}'`);
  return type?.study_type_id ?? null;
}

export type RunTissue = { tissue_id: number; run_id: string };

/** The tissue rows of these runs (those with a catalogue entry). */
export async function tissuesOf(db: Db, runIds: readonly string[]): Promise<RunTissue[]> {
  if (!runIds.length) return [];
  return db
    .selectFrom('tissues')
    .select(['tissue_id', 'run_id'])
    .where('run_id', 'in', [...runIds])
    .execute();
}

/** File type name → id. */
export async function fileTypeIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('file_types').select(['file_type_id', 'file_type_name']).execute();
  return new Map(rows.map((t) => [t.file_type_name, t.file_type_id]));
}

/** Links a publication's authors in the given order, recording the names not yet known. */
export async function linkAuthors(db: Db, publicationId: number, authors: readonly string[]): Promise<void> {
  for (const [position, name] of authors.entries()) {
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
      .values({ publication_id: publicationId, author_id: author.author_id, position })
      .execute();
  }
}
