import {
  GENES_MSG,
  GENOME_OF_SPECIES,
  TRACK_INDEX_ENDINGS,
  TRACK_LINK_SECONDS,
  trackFormat,
  ZNetwork,
  type TNetwork,
  type TTrackFile,
  type TTrackReference,
  type TTracks,
} from '@atlas/contracts';
import { HttpError, notFound } from '../../http/errors.js';
import { readObject, type ObjectStore } from '../../infra/storage/index.js';
import type { Downloads, Holder } from '../downloads/index.js';
import type { RunAccess } from '../runs/index.js';

const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/**
 * The track browser's files and the regulon networks of a run, read only after the runs domain has resolved the
 * caller's access to the run (a visible run id or an open public link): the files sit under that run's folders,
 * plus the reference of the run's own genome, and every URL handed out is a download link of one hour (spec 03 §9)
 * for the caller, the reference's included, that opens only while the run stays visible to them.
 */
export function createTrackFiles(deps: { storage: ObjectStore; tracksBucket: string; downloads: Downloads }) {
  const { storage, tracksBucket, downloads } = deps;

  async function keysUnder(bucket: string, prefix: string): Promise<string[]> {
    const listed = await storage.list(bucket, { prefix });
    return listed.objects.map((o) => o.key).sort();
  }

  return {
    async tracks(run: RunAccess, holder: Holder, origin: string): Promise<TTracks> {
      const options = { origin, seconds: TRACK_LINK_SECONDS };
      const sign = async (key: string) =>
        (await downloads.url(holder, { bucket: tracksBucket, key, run: run.runId }, options)).url;
      const expires_at = Date.now() + TRACK_LINK_SECONDS * 1000;
      const genome = GENOME_OF_SPECIES[run.species] ?? null;

      const filesOf = async (keys: string[], source: TTrackFile['source']): Promise<TTrackFile[]> => {
        const present = new Set(keys);
        const files: TTrackFile[] = [];
        for (const key of keys) {
          const format = trackFormat(key);
          if (!format) continue;
          const index = TRACK_INDEX_ENDINGS.map((e) => key + e).find((k) => present.has(k));
          files.push({
            name: baseName(key),
            format,
            source,
            url: await sign(key),
            ...(index && { index_url: await sign(index) }),
          });
        }
        return files;
      };

      const runKeys = await keysUnder(tracksBucket, `data/${run.runId}/tracks/`);
      const refKeys = genome ? await keysUnder(tracksBucket, `ref/${genome}/`) : [];
      const reference = genome ? await referenceOf(genome, refKeys, sign) : null;
      // The gene annotation is drawn as a track too, under the run's own tracks.
      const tracks = [...(await filesOf(runKeys, 'run')), ...(await filesOf(refKeys, 'reference'))];
      return { run_id: run.runId, genome, reference, tracks, expires_at };
    },

    /** File names of `{web folder}networks/*.json`. */
    async networkNames(run: RunAccess): Promise<string[]> {
      const keys = await keysUnder(run.bucket, `${run.folder}networks/`);
      return keys.map(baseName).filter((name) => name.toLowerCase().endsWith('.json'));
    },

    async network(run: RunAccess, name: string): Promise<TNetwork> {
      const key = `${run.folder}networks/${name}`;
      if (!(await storage.exists(run.bucket, key))) throw notFound(GENES_MSG.networkMissing(run.runId, name));
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(await readObject(storage, run.bucket, key)).toString('utf8'));
      } catch (error) {
        throw new HttpError(422, GENES_MSG.networkInvalid(name, (error as Error).message));
      }
      const network = ZNetwork.safeParse(parsed);
      if (!network.success) {
        const issue = network.error.issues[0]!;
        throw new HttpError(422, GENES_MSG.networkInvalid(name, `${issue.path.join('.')}: ${issue.message}`));
      }
      return network.data;
    },
  };
}

/** The reference of `ref/{genome}/`: chromosome sizes or an indexed FASTA, a cytoband file, the gene BED. */
async function referenceOf(
  genome: string,
  keys: string[],
  sign: (key: string) => Promise<string>,
): Promise<TTrackReference | null> {
  const find = (pattern: RegExp) => keys.find((k) => pattern.test(baseName(k)));
  const sizes = find(/(^|\.)chrom\.sizes(\.txt)?$/i);
  const fasta = find(/\.(fa|fasta)$/i);
  const fastaIndex = fasta && keys.find((k) => k === `${fasta}.fai`);
  if (!sizes && !(fasta && fastaIndex)) return null;
  const cytoband = find(/^cytoband\.txt(\.gz)?$/i);
  const genes = find(/^genes\.bed$/i);
  return {
    genome,
    ...(fasta && fastaIndex
      ? { fasta_url: await sign(fasta), fasta_index_url: await sign(fastaIndex) }
      : { chrom_sizes_url: await sign(sizes!) }),
    ...(cytoband && { cytoband_url: await sign(cytoband) }),
    ...(genes && { genes_url: await sign(genes) }),
  };
}
