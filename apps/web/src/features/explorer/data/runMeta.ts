/**
 * What the explorer knows about runs beyond their data: the runs the session may see (Run ID's search, Metadata),
 * one run's record, and which feature kinds it offers.
 */
import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { catalogueCalls, type FeatureKind, type TCatalogueRun } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import type { RunRef } from '../state/store';
import { assayRules } from './assayRules';
import { useFeatureNames } from './featureNames';
import { explorerKeys } from './queryKeys';

/** Runs the session may see (the Run ID's search, the Metadata dialog). */
export function useRuns(enabled = true): UseQueryResult<TCatalogueRun[]> {
  return useQuery({
    queryKey: explorerKeys.runs(),
    queryFn: ({ signal }) => callApi(catalogueCalls.getRuns, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** What the explorer needs to know about a run: species, organ, assay and whether it has regulons. */
export interface RunMeta {
  run_id: string;
  species: string;
  organ: string;
  assay: string;
  regulons: boolean | null;
  title?: string;
  condition?: string;
}

export function useRunMeta(run: RunRef | null): { meta: RunMeta | null; loading: boolean } {
  const runs = useRuns(Boolean(run?.run_id));
  const decoded = useQuery({
    queryKey: explorerKeys.meta(run),
    queryFn: ({ signal }) => callApi(catalogueCalls.decodeMeta, { query: { encoded: run!.encoded! }, signal }),
    enabled: Boolean(run?.encoded),
    staleTime: Infinity,
  });
  const meta = useMemo<RunMeta | null>(() => {
    if (!run) return null;
    if (run.encoded) {
      const d = decoded.data;
      return d
        ? { run_id: d.run_id, species: d.species, organ: d.tissue, assay: d.assay, regulons: d.regulons_flag }
        : null;
    }
    const r = runs.data?.find((x) => x.run_id === run.run_id);
    return r
      ? {
          run_id: r.run_id,
          species: r.species,
          organ: r.organ,
          assay: r.assay,
          regulons: null,
          title: r.result_title,
          condition: r.experimental_condition,
        }
      : null;
  }, [run, decoded.data, runs.data]);
  return { meta, loading: run?.encoded ? decoded.isLoading : runs.isLoading };
}

/**
 * Which feature kinds the run offers: those its assay allows (./assayRules: Transcriptome and wt_dbit-seq → genes
 * only; eRegulons only with regulons) that it has names for. Genes until the run's metadata is known.
 */
export function useAvailableKinds(run: RunRef | null, meta: RunMeta | null): FeatureKind[] {
  const allowed = meta ? assayRules(meta.assay, meta.regulons).kinds : [];
  const motifs = allowed.includes('motifs');
  const regulons = allowed.includes('eRegulons');
  const probeMotifs = useFeatureNames(run, 'motifs', motifs);
  const probeRegulons = useFeatureNames(run, 'eRegulons', regulons);
  return useMemo(() => {
    const kinds: FeatureKind[] = ['genes'];
    if (motifs && probeMotifs.data?.names.length) kinds.push('motifs');
    if (regulons && probeRegulons.data?.names.length) kinds.push('eRegulons');
    return kinds;
  }, [motifs, regulons, probeMotifs.data, probeRegulons.data]);
}
