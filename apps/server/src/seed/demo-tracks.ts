import { deflateRawSync, deflateSync } from 'node:zlib';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { GENOME_OF_SPECIES } from '@atlas/contracts';
import {
  demoBedGraph,
  demoClusterSignal,
  demoFragments,
  demoNetwork,
  demoPeaks,
  demoReference,
  writeBigBed,
  writeBigWig,
  writeTabixBed,
  type SyntheticRun,
} from '@atlas/spatial';
import type { ObjectStore } from '../infra/storage/index.js';
import type { DemoRun, DemoRunTarget } from './demo-runs.js';

/**
 * The track browser's and the network viewer's demo content (issue 16) for the demo runs with peaks (ATAC-seq,
 * CUT&Tag): one bigWig per cluster, a bedGraph of all tixels, the peak calls as bigBed and the fragments as a
 * tabix-indexed `fragments.tsv.gz` (every kind of track file igv reads for us, spec 03 §7) under
 * `data/{run}/tracks/`, and the demo reference
 * of the run's genome under `ref/{genome}/` in the tracks bucket, and an eRegulon network under
 * `data/{run}/h5/networks/`. Written only where missing, like the rest of the demo data.
 */

const NETWORK = 'h5/networks/eRegulons.json';
const ALL_TIXELS = 'All tixels.bedGraph';
const PEAKS = 'peaks.bb';
const FRAGMENTS = 'fragments.tsv.gz';

interface Places {
  run: DemoRun;
  target: DemoRunTarget;
  tracksBucket: string;
}

const genomeOf = (run: DemoRun) => GENOME_OF_SPECIES[run.species]!;
const referenceKeys = (genome: string) => [
  `ref/${genome}/${genome}.chrom.sizes`,
  `ref/${genome}/cytoBand.txt`,
  `ref/${genome}/genes.bed`,
];

/** Whether any of the run's tracks, its network or its genome's reference is missing. */
export async function demoTracksMissing({ run, target, tracksBucket }: Places): Promise<boolean> {
  const store: ObjectStore = target.storage;
  const runTracks = [ALL_TIXELS, PEAKS, FRAGMENTS, `${FRAGMENTS}.tbi`].map((name) => `${target.folder}tracks/${name}`);
  const keys = [...runTracks, ...referenceKeys(genomeOf(run))];
  for (const key of keys) if (!(await store.exists(tracksBucket, key))) return true;
  return !(await store.exists(target.bucket, `${target.folder}${NETWORK}`));
}

/** Writes the run's tracks, network and genome reference; returns the keys written. */
export async function writeDemoTracks(places: Places, synthetic: SyntheticRun, seed: number): Promise<string[]> {
  const { run, target, tracksBucket } = places;
  const store = target.storage;
  const genome = genomeOf(run);
  const reference = demoReference(genome, synthetic.varNames);
  const written: string[] = [];
  const put = async (bucket: string, key: string, body: string | Uint8Array, contentType: string) => {
    await nextTurn();
    await store.put(bucket, key, typeof body === 'string' ? body : Buffer.from(body), { contentType });
    written.push(key);
  };
  const [sizes, cytoband, genes] = referenceKeys(genome) as [string, string, string];
  if (!(await store.exists(tracksBucket, sizes))) await put(tracksBucket, sizes, reference.chromSizes, 'text/plain');
  if (!(await store.exists(tracksBucket, cytoband)))
    await put(tracksBucket, cytoband, reference.cytoband, 'text/plain');
  if (!(await store.exists(tracksBucket, genes))) await put(tracksBucket, genes, reference.genesBed, 'text/plain');

  const signal = demoClusterSignal(synthetic, reference, seed);
  const deflate = (bytes: Uint8Array) => new Uint8Array(deflateSync(bytes));
  for (const [cluster, intervals] of signal) {
    const file = writeBigWig(reference.chroms, intervals, { deflate });
    await put(tracksBucket, `${target.folder}tracks/${cluster}.bw`, file, 'application/octet-stream');
  }
  await put(
    tracksBucket,
    `${target.folder}tracks/${ALL_TIXELS}`,
    demoBedGraph(signal, `${run.run_id} all tixels`),
    'text/plain',
  );
  await put(
    tracksBucket,
    `${target.folder}tracks/${PEAKS}`,
    writeBigBed(reference.chroms, demoPeaks(synthetic, reference), { deflate }),
    'application/octet-stream',
  );
  // The index goes in after the file it indexes, so a reader never meets an index without its file.
  const deflateRaw = (bytes: Uint8Array) => new Uint8Array(deflateRawSync(bytes));
  const fragments = writeTabixBed(demoFragments(synthetic, reference, seed), {
    header: [`# id=${run.run_id}`, `# reference_genome=${genome}`, '# (synthetic demo fragments)'],
    chroms: reference.chroms.map((c) => c.name),
    deflateRaw,
  });
  await put(tracksBucket, `${target.folder}tracks/${FRAGMENTS}`, fragments.data, 'application/gzip');
  await put(tracksBucket, `${target.folder}tracks/${FRAGMENTS}.tbi`, fragments.index, 'application/octet-stream');
  if (synthetic.regulons) {
    await put(
      target.bucket,
      `${target.folder}${NETWORK}`,
      JSON.stringify(demoNetwork(synthetic, seed)),
      'application/json',
    );
  }
  return written;
}
