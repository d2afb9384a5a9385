/**
 * The explorer's TanStack Query keys (CONVENTIONS §11), all in one place: `['explorer', run, …]`, where run is
 * the run id or `encoded:<link>`. The multi-sample hooks and the early prefetch build their keys here too, so a
 * run's data is fetched once whichever part of the page asks for it.
 */
import type { FeatureKind } from '@atlas/contracts';
import type { RunRef } from '../state/store';

/** A stable string for query keys: the run id, or the public link. */
export function runKey(run: RunRef | null): string {
  if (!run) return '';
  return run.run_id ?? `encoded:${run.encoded}`;
}

export const explorerKeys = {
  /** The runs the session may see. */
  runs: () => ['explorer', 'runs'],
  runData: (run: RunRef | null) => ['explorer', runKey(run), 'data'],
  /** A public link's decoded run record. */
  meta: (run: RunRef | null) => ['explorer', runKey(run), 'meta'],
  featureNames: (run: RunRef | null, kind: FeatureKind) => ['explorer', runKey(run), kind, 'names'],
  featureValues: (run: RunRef | null, kind: FeatureKind, feature: string) => [
    'explorer',
    runKey(run),
    kind,
    'feature',
    feature,
  ],
  barcodes: (run: RunRef | null, block: number) => ['explorer', runKey(run), 'barcodes', block],
  tissueImage: (run: RunRef | null) => ['explorer', runKey(run), 'tissue-image'],
  cells: (run: RunRef | null) => ['explorer', runKey(run), 'cells'],
  cellOutlines: (run: RunRef | null, window: readonly number[] | null) => [
    'explorer',
    runKey(run),
    'cell-outlines',
    window,
  ],
  topTen: (run: RunRef | null, kind: FeatureKind) => ['explorer', runKey(run), kind, 'topTen'],
  seqLogo: (run: RunRef | null, motif: string | null) => ['explorer', runKey(run), 'motifs', 'seq-logo', motif],
  task: (id: string | null) => ['explorer', 'task', id],
  tracks: (run: RunRef | null) => ['explorer', runKey(run), 'tracks'],
  geneLoci: (genome: string | null) => ['explorer', 'genome', genome, 'gene-loci'],
  networks: (run: RunRef | null) => ['explorer', runKey(run), 'eRegulons', 'networks'],
  network: (run: RunRef | null, name: string | null) => ['explorer', runKey(run), 'eRegulons', 'network', name],
  annotations: (runId: string | null) => ['explorer', runId ?? '', 'annotations'],
  /** One annotation's tixels at one version (`updated_at`): a change makes a new key, so none is ever refetched. */
  annotationTixels: (runId: string | null, id: string, version: string) => [
    'explorer',
    runId ?? '',
    'annotation-tixels',
    id,
    version,
  ],
  clusterColours: (runId: string | null) => ['explorer', runId ?? '', 'clusterColours'],
};
