import { sql } from 'kysely';
import type { Db } from '../apps/server/src/infra/db/index.js';

/**
 * 1,000 catalogue runs of the group 'bench-lab', a third private, so the catalogue figures are measured at the size
 * the target names. Run on an empty catalogue (it gives every tissue a result).
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await sql`insert into groups (name, description) values ('bench-lab', 'benchmark group') on conflict do nothing`.execute(
    db,
  );
  await sql`insert into tissues (run_id, species, organ, assay, experimental_condition)
    select 'D' || lpad(g::text, 5, '0'), (array['Mus musculus','Homo sapiens','Rattus norvegicus'])[1 + g % 3],
           (array['Brain','Kidney','Liver','Tonsil'])[1 + g % 4], (array['ATAC-seq','CUT&Tag','Transcriptome'])[1 + g % 3], 'Control'
    from generate_series(1, 1000) g`.execute(db);
  await sql`insert into results (tissue_id, title, description, results_folder_path, group_id, public, date)
    select t.tissue_id, 'Benchmark run ' || t.run_id, 'A 50 channels of 20 um run used by npm run bench.',
           'data/' || t.run_id || '/', (select id from groups where name = 'bench-lab'), t.tissue_id % 3 <> 0,
           now() - (t.tissue_id || ' hours')::interval
    from tissues t`.execute(db);
}
