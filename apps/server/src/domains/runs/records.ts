import type { Db } from '../../infra/db/index.js';
import { createRunEdits } from './run-edits.js';
import { createRunEntries } from './run-entries.js';
import { createStudiesAndPublications } from './studies-and-publications.js';

/**
 * The writes of the run tables, by what they serve: a run's catalogue entry as the importer, the seed and
 * `webfile.create_files` write it (./run-entries.ts), the studies and publications the seed records
 * (./studies-and-publications.ts), and the admin editor's audited changes (./run-edits.ts). Callers check the
 * caller's right to write the run first (./object-access.ts).
 */
export function createRunRecords(db: Db) {
  return { ...createRunEntries(db), ...createStudiesAndPublications(db), ...createRunEdits(db) };
}
