/**
 * What Atlas Compare's plots show: each run coloured as the explorer colours a sample, then every run put on one
 * range (so the same value is the same colour in every run), with a note over a run that failed or lacks features.
 */
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { EXPLORER_MSG, type TViewState } from '@atlas/contracts';
import type { FeatureColumn } from '@atlas/spatial/feature-values';
import type { ComparePanel } from '@atlas/viz';
import type { FeatureNames } from '../data/featureNames';
import type { QueryList } from '../data/multiSample';
import type { RunData } from '../data/runData';
import { colourSample } from '../plots/sampleColouring';
import { sharedRange } from './sharedRange';
import { useSameList } from './useSameList';

export function useComparePanels(input: {
  runIds: string[];
  view: Pick<TViewState, 'features' | 'averaging'>;
  data: QueryList<RunData>;
  names: QueryList<FeatureNames>;
  values: QueryList<FeatureColumn>;
}): { panels: ComparePanel[]; range: [number, number] } {
  const { runIds, data, names, values } = input;
  // Memoised on the query lists (which keep their identity), so the plots' buffers are uploaded once per change.
  const features = useSameList(input.view.features);
  const { averaging } = input.view;
  const coloured = useMemo(
    () =>
      runIds.map((_, i) => {
        const run = data.data[i];
        if (!run) return null;
        const k = features.length;
        return colourSample({
          data: run,
          features,
          averaging,
          individual: 0,
          names: names.data[i]?.set ?? (names.errors[i] ? null : undefined),
          values: values.data.slice(i * k, (i + 1) * k),
          range: null,
          clusterColors: {},
        });
      }),
    [runIds, data.data, names, values.data, features, averaging],
  );
  const range = useMemo(
    () => sharedRange(coloured.flatMap((c) => (c?.mode === 'continuous' && !c.missing.length ? [c.values] : []))),
    [coloured],
  );
  const panels: ComparePanel[] = runIds.map((id, i) => {
    const run = data.data[i];
    const colouring = coloured[i];
    if (!run || !colouring) {
      const error = data.errors[i];
      return {
        id,
        positions: run?.spatial ?? null,
        values: null,
        overlay: error ? <Alert severity="error">{EXPLORER_MSG.failedToLoadDetails(id)}</Alert> : null,
      };
    }
    if (colouring.mode === 'categorical')
      return { id, positions: run.spatial, values: colouring.values, clusterColors: colouring.clusterColors };
    return {
      id,
      positions: run.spatial,
      values: colouring.values,
      overlay: colouring.missing.length ? (
        <Alert severity="info" sx={{ py: 0 }}>
          {EXPLORER_MSG.sampleLacksFeatures(colouring.missing)}
        </Alert>
      ) : null,
    };
  });
  return { panels, range };
}
