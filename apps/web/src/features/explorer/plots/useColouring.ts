/**
 * How the main plots are coloured, derived from the open run's data, the chosen features' values and the store:
 * by expression (the features' values, averaged or one at a time), by cell type (a Cell Type Mapping's labels, else
 * the run's own cell types) or by cluster; with the category colours, the colour range, the highlighted or
 * selected tixels and the background. The plots, the legend, the tool column and the dialogs share one result.
 */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FeatureColumn } from '@atlas/spatial/feature-values';
import { CATEGORY_COLOURS, heatmapLut, valueRange } from '@atlas/viz';
import { useAnnotations, useAnnotationTixels, type Annotation } from '../data/annotations';
import type { RunData } from '../data/runData';
import { useExplorer } from '../state/store';
import { cellTypesFromLabels } from './cellTypes';
import { backgroundCss, clusterColour } from './colours';
import { markRecolour } from './timings';
import { columnValues, knownRange, maskOfCodes, maskOfIndices, meanMaker } from './values';

export type PlotView = 'expression' | 'celltype' | 'cluster' | 'annotation';

/** The category of tixels in none of the shown annotations. */
export const NOT_ANNOTATED = 'Not annotated';
const NOT_ANNOTATED_COLOUR = '#808080';

/** Category codes per tixel with the categories' names and counts (clusters or cell types). */
interface Categories {
  codes: Float32Array;
  names: string[];
  counts: number[];
}

export interface Colouring {
  view: PlotView;
  /** What the plots colour: expression values, or category codes; null until the run's data is there. */
  values: Float32Array | null;
  categories: Categories | null;
  /** One colour per category (Color Configuration overrides, else the palette). */
  categoryColors: string[];
  /** Cell types can be shown: the run has them, or a Cell Type Mapping was applied. */
  hasCellTypes: boolean;
  /** The range of the shown expression values; [0, 1] without any. */
  dataRange: [number, number];
  /** The colour scale: the Min/Max Range override, else the data's range (one unit wide when flat). */
  range: [number, number];
  /** 1 for tixels in the selection or in a highlighted category; null = no dimming. */
  selectedMask: Uint8Array | null;
  background: string;
}

export function useColouring(data: RunData | undefined, featureValues: FeatureColumn[] | null): Colouring {
  const s = useExplorer(
    useShallow((st) => ({
      mode: st.mode,
      features: st.features,
      averaging: st.averaging,
      individual: st.individual,
      palette: st.palette,
      customColors: st.customColors,
      background: st.background,
      range: st.range,
      highlightedClusters: st.highlightedClusters,
      clusterColors: st.clusterColors,
      clusterLabels: st.clusterLabels,
      selection: st.selection,
      run: st.run,
      annotationIds: st.annotationIds,
    })),
  );
  const annotations = useAnnotations(s.annotationIds.length ? s.run : null).data;
  const listedAnnotations = useMemo(
    () => s.annotationIds.flatMap((id) => annotations?.find((a) => a.id === id) ?? []),
    [annotations, s.annotationIds],
  );
  // The list carries no tixels: the shown annotations colour the plots once each one's tixels have arrived.
  const shownTixels = useAnnotationTixels(s.run, listedAnnotations);
  const shownAnnotations = useMemo(
    () => (shownTixels ? listedAnnotations.map((a, i) => ({ ...a, tixels: shownTixels[i]! })) : []),
    [listedAnnotations, shownTixels],
  );

  // The main plots show each mean in place of the last: an added feature's mean is written over the last one's memory.
  const [averageValues] = useState(() => meanMaker({ takeOverLast: true }));
  const expression = useMemo(() => {
    if (!featureValues || featureValues.length === 0) return null;
    markRecolour('features');
    if (s.averaging === 'ind' && featureValues.length > 1)
      return columnValues(featureValues[Math.min(s.individual, featureValues.length - 1)]!);
    return averageValues(featureValues);
  }, [featureValues, s.averaging, s.individual, averageValues]);

  // Cell types: a Cell Type Mapping's labels (cluster → label) when applied, else the run's own cell_types column.
  const cellTypes = useMemo(
    () =>
      data && s.clusterLabels
        ? cellTypesFromLabels(data.clusterCodes, data.clusterNames, s.clusterLabels)
        : (data?.cellTypes ?? null),
    [data, s.clusterLabels],
  );
  const hasCellTypes = Boolean(cellTypes);
  const view: PlotView =
    s.features.length > 0 && expression
      ? 'expression'
      : shownAnnotations.length && data
        ? 'annotation'
        : s.mode === 'celltype' && hasCellTypes
          ? 'celltype'
          : 'cluster';
  const categories = useMemo(
    () =>
      data
        ? view === 'annotation'
          ? annotationCategories(shownAnnotations, data.n)
          : view === 'celltype' && cellTypes
            ? cellTypes
            : { codes: data.clusterCodes, names: data.clusterNames, counts: data.clusterCounts }
        : null,
    [data, view, cellTypes, shownAnnotations],
  );
  const categoryColors = useMemo(
    () =>
      !categories
        ? []
        : view === 'annotation'
          ? [...shownAnnotations.map((a) => a.color), NOT_ANNOTATED_COLOUR]
          : categories.names.map((name, i) => clusterColour(CATEGORY_COLOURS, s.clusterColors, name, i)),
    [categories, view, shownAnnotations, s.clusterColors],
  );

  const dataRange = useMemo<[number, number]>(
    () => (expression ? (knownRange(expression) ?? valueRange(expression)) : [0, 1]),
    [expression],
  );
  const range = useMemo<[number, number]>(
    () => s.range ?? (dataRange[0] === dataRange[1] ? [dataRange[0], dataRange[0] + 1] : dataRange),
    [s.range, dataRange],
  );
  const values = view === 'expression' ? expression! : (categories?.codes ?? null);

  const selectedMask = useMemo(() => {
    if (!data) return null;
    if (s.selection) return maskOfIndices(s.selection, data.n);
    if (view !== 'expression' && categories && s.highlightedClusters.length) {
      const chosen = new Set(s.highlightedClusters.map((name) => categories.names.indexOf(name)).filter((i) => i >= 0));
      return chosen.size ? maskOfCodes(categories.codes, chosen) : null;
    }
    return null;
  }, [data, s.selection, view, categories, s.highlightedClusters]);

  const lut = useMemo(() => heatmapLut(s.palette, s.customColors), [s.palette, s.customColors]);
  const background = backgroundCss(s.background, lut);

  // One object while nothing in it changes: the tool column, plots, legend and dialogs are memoised on it, so that
  // a gene pick re-renders them once, when the values arrive, not also at the click.
  return useMemo(
    () => ({ view, values, categories, categoryColors, hasCellTypes, dataRange, range, selectedMask, background }),
    [view, values, categories, categoryColors, hasCellTypes, dataRange, range, selectedMask, background],
  );
}

/** Annotations as categories: each tixel in the first shown annotation that holds it, the rest "Not annotated". */
function annotationCategories(shown: ReadonlyArray<Annotation & { tixels: readonly number[] }>, n: number): Categories {
  const rest = shown.length;
  const codes = new Float32Array(n).fill(rest);
  for (let a = shown.length - 1; a >= 0; a--) for (const i of shown[a]!.tixels) if (i < n) codes[i] = a;
  const counts = new Array<number>(rest + 1).fill(0);
  for (let i = 0; i < n; i++) counts[codes[i]!]!++;
  return { codes, names: [...shown.map((a) => a.name), NOT_ANNOTATED], counts };
}
