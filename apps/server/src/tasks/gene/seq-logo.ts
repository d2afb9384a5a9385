import { z } from 'zod';
import { findMotif, logoColumns, parseMotifsCsv, type LogoColumn } from '@atlas/spatial';
import { readObject } from '../../infra/storage/index.js';
import { objectIn } from '../authorise.js';
import { defineTask, parseInput } from '../registry.js';
import { bucketOf, MOTIFS_CSV, ZBucketKwargs } from './data.js';

const ZArgs = z.tuple([
  z.string().regex(MOTIFS_CSV, 'Must be data/{run}/h5/obj/motifs.csv'),
  z.string().min(1, 'Must not be empty'),
]);

/** gene.seq_logo (spec 03 §7, DESIGN §6): args [motifs csv, motif] → per position [[base, value] × 4]. */
export const seqLogo = defineTask({
  name: 'gene.seq_logo',
  queue: 'atxcloud_gene',
  idempotent: true,
  target: 'explorer',
  description: 'Sequence logo of one motif from the run’s motifs.csv.',
  argSpecs: [
    {
      name: 'motifs_csv',
      value: 'data/D00001/h5/obj/motifs.csv',
      type: 'string',
      caption: 'Motifs csv',
      description: 'motifs.csv of the run.',
    },
    { name: 'motif', value: '', type: 'string', caption: 'Motif', description: 'Motif id or name.' },
  ],
  parse: (args, kwargs) => ({
    args: parseInput(ZArgs, args, 'args'),
    kwargs: parseInput(ZBucketKwargs, kwargs, 'kwargs'),
  }),
  touches: ({ args: [file], kwargs }, config) => ({ read: [objectIn(config, kwargs.bucket, file)] }),
  run: async ({ args: [file, motif], kwargs }, { deps }): Promise<LogoColumn[]> => {
    const bucket = bucketOf(deps, kwargs.bucket);
    if (!(await deps.storage.exists(bucket, file)))
      throw new Error(`Missing input: ${file} was not found in the bucket`);
    const text = Buffer.from(await readObject(deps.storage, bucket, file)).toString('utf8');
    return logoColumns(findMotif(parseMotifsCsv(text), motif));
  },
});
