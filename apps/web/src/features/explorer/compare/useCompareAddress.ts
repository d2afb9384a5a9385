/**
 * Atlas Compare's state, all of it in the address (so a comparison can be shared as a link): the explorer's
 * versioned view-state fields (the first run is `run_id`, the others `samples`) plus ours, the chosen clusters,
 * the lassos and the selection kind.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseViewQuery, writeViewQuery, type TViewState } from '@atlas/contracts';
import { LASSO_KEY, readLassos, writeLassos } from './lassoQuery';
import type { SelectBy } from './runSelections';
import { useSameList } from './useSameList';

/** The address key of the chosen clusters (ours, beside the view-state fields). */
const CLUSTERS_KEY = 'clusters';
/** The address key of the selection kind (`lasso`; clusters when absent). */
const SELECT_KEY = 'select';

/** A change to the address: view-state fields and ours; what is left out stays as it is. */
export type ComparePatch = Partial<Omit<TViewState, 'v'>> & {
  clusters?: string[];
  lassos?: Record<string, Float32Array>;
  by?: SelectBy;
};

export function useCompareAddress() {
  const [params, setParams] = useSearchParams();
  const view = parseViewQuery(params);
  const runIds = useSameList(view.run_id ? [view.run_id, ...view.samples] : []);
  const clusters = useMemo(() => (params.get(CLUSTERS_KEY) ?? '').split(',').filter(Boolean), [params]);
  const by: SelectBy = params.get(SELECT_KEY) === 'lasso' ? 'lasso' : 'clusters';
  const lassoText = params.get(LASSO_KEY);
  const lassos = useMemo(() => readLassos(lassoText, runIds), [lassoText, runIds]);
  const update = (patch: ComparePatch) =>
    setParams(
      (prev) => {
        const current = parseViewQuery(prev);
        const { clusters: chosen, lassos: drawn, by: kindOf, ...fields } = patch;
        const next = writeViewQuery(prev, { ...current, ...fields });
        const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
        if (chosen !== undefined) put(CLUSTERS_KEY, chosen.join(','));
        if (drawn !== undefined) put(LASSO_KEY, writeLassos(drawn));
        if (kindOf !== undefined) put(SELECT_KEY, kindOf === 'lasso' ? 'lasso' : null);
        return next;
      },
      { replace: true },
    );
  return { view, runIds, clusters, by, lassoText, lassos, update };
}
