/**
 * What the composition and distribution panels group tixels by: the run's clusters, its cell types (a Cell Type
 * Mapping's labels when applied, as the plots show them) or its saved annotations, each group with the colour the
 * explorer gives it, so the panels' figures match the plots and legend.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CATEGORY_COLOURS } from '@atlas/viz';
import { useAnnotations, useAnnotationTixels, type Annotation } from '../../data/annotations';
import type { RunData } from '../../data/runData';
import { cellTypesFromLabels } from '../../plots/cellTypes';
import { clusterColour } from '../../plots/colours';
import { useExplorer } from '../../state/store';

export type GroupBy = 'clusters' | 'cellTypes' | 'annotations';

export const GROUP_BY_LABEL: Record<GroupBy, string> = {
  clusters: 'Clusters',
  cellTypes: 'Cell types',
  annotations: 'Annotations',
};

/** A code column with its groups' names, sizes and colours. */
export interface GroupColumn {
  codes: Float32Array;
  names: string[];
  counts: number[];
  colours: string[];
}

/** The run's cluster and cell-type columns, coloured as the plots colour them. */
export function useGroupColumns(data: RunData | undefined): {
  clusters: GroupColumn | null;
  cellTypes: GroupColumn | null;
} {
  const s = useExplorer(useShallow((st) => ({ clusterColors: st.clusterColors, clusterLabels: st.clusterLabels })));
  return useMemo(() => {
    if (!data) return { clusters: null, cellTypes: null };
    const coloured = (c: { codes: Float32Array; names: string[]; counts: number[] }): GroupColumn => ({
      ...c,
      colours: c.names.map((name, i) => clusterColour(CATEGORY_COLOURS, s.clusterColors, name, i)),
    });
    const types = s.clusterLabels
      ? cellTypesFromLabels(data.clusterCodes, data.clusterNames, s.clusterLabels)
      : (data.cellTypes ?? null);
    return {
      clusters: coloured({ codes: data.clusterCodes, names: data.clusterNames, counts: data.clusterCounts }),
      cellTypes: types ? coloured(types) : null,
    };
  }, [data, s.clusterColors, s.clusterLabels]);
}

/** A selection to analyse: the current lasso/quad selection or a saved annotation. */
export interface Source {
  key: string;
  label: string;
  tixels: readonly number[] | null;
}

export const SELECTION_KEY = 'selection';

/** The tixels of a source key: the store's selection, or the annotation's (fetched once per version). */
export function useSourceTixels(key: string, annotations: readonly Annotation[]): Source | null {
  const run = useExplorer((st) => st.run);
  const selection = useExplorer((st) => st.selection);
  const annotation = annotations.find((a) => a.id === key) ?? null;
  const fetched = useAnnotationTixels(run, annotation ? [annotation] : []);
  if (key === SELECTION_KEY) return selection ? { key, label: 'Selection', tixels: selection } : null;
  if (!annotation) return null;
  return { key, label: annotation.name, tixels: fetched?.[0] ?? null };
}

/** Every annotation of the open run as groups (they may overlap), once all their tixels have arrived. */
export function useAnnotationGroups(enabled: boolean): {
  annotations: Annotation[];
  members: Int32Array[] | null;
  loading: boolean;
} {
  const run = useExplorer((st) => st.run);
  const list = useAnnotations(enabled ? run : null);
  const annotations = useMemo(() => list.data ?? [], [list.data]);
  const tixels = useAnnotationTixels(run, enabled ? annotations : []);
  const members = useMemo(() => (tixels ? tixels.map((t) => Int32Array.from(t)) : null), [tixels]);
  return { annotations, members: enabled ? members : null, loading: list.isLoading || (enabled && !tixels) };
}

/** p-values as a table shows them: three decimals, scientific below 0.001, '< 1e-300' where they underflow. */
export function formatP(p: number): string {
  if (p === 0) return '< 1e-300';
  return p < 0.001 ? p.toExponential(2) : p.toFixed(3);
}

export function formatRatio(v: number): string {
  if (Number.isNaN(v)) return '—';
  if (!Number.isFinite(v)) return '∞';
  return v >= 100 ? v.toFixed(0) : v.toPrecision(3);
}

export const percent = (f: number) => `${(f * 100).toFixed(1)} %`;
