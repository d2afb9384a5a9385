import { create } from 'zustand';
import { cleanSampleIds, type FeatureKind, type TViewPlace } from '@atlas/contracts';
import type { BackgroundName, HeatmapPalette } from '@atlas/viz';

/**
 * View state of one open explorer (AtlasXplore or the public viewer), shared by the plots, the tool columns and
 * the lower panels. Values are primitives or plain arrays so that they serialise into the address (permalinks)
 * and views link on single fields (CONVENTIONS §11). Server data (run rows, feature values) lives in TanStack Query.
 */
export type ColourMode = 'cluster' | 'celltype' | 'expression';
type SelectionTool = 'lasso' | 'quad' | null;
export type LowerPanel = 'table' | 'histogram' | 'viewer' | 'annotations' | 'de' | 'composition' | 'distributions';

/** Which run is open: by id for members, or by a signed public link for visitors. */
export type RunRef = { run_id: string; encoded?: undefined } | { encoded: string; run_id?: undefined };

export interface ExplorerState {
  run: RunRef | null;
  /** Additional multi-sample run ids, drawn as extra spatial plots under the main ones; never the main run. */
  samples: string[];
  kind: FeatureKind;
  mode: ColourMode;
  /** Chosen feature names, in the order chosen. */
  features: string[];
  /** With several features: average them, or show one at a time (`individual` index into `features`). */
  averaging: 'avg' | 'ind';
  individual: number;
  palette: HeatmapPalette;
  customColors: [string, string];
  background: BackgroundName | 'heatmap';
  /** Min/Max Range dialog override of the colour scale; null = the data's range. */
  range: [number, number] | null;
  /** Clusters ticked in the legend (highlighted); empty = all shown normally. */
  highlightedClusters: string[];
  /** Colour overrides from the Color Configuration dialog, cluster → '#rrggbb'. */
  clusterColors: Record<string, string>;
  tool: SelectionTool;
  /** Tixel indices of the current lasso/quad selection; null = no selection. */
  selection: number[] | null;
  lowerPanel: LowerPanel;
  displayScale: number;
  /**
   * Cell Type Mapping result (gene.compute_cell_type, or typed in the dialog): cluster → its cell-type label
   * (several labels of one cluster joined by ' / '). null = use the run's own cell types. Set together with
   * mode 'celltype' so the plots and the legend show the mapped labels.
   */
  clusterLabels: Record<string, string> | null;
  /** The run's tissue image is drawn under the spatial plot (when it has one), at this opacity. */
  tissueShown: boolean;
  tissueOpacity: number;
  /** Shared annotations shown as the plots' colouring (ids, in legend order); empty = clusters or cell types. */
  annotationIds: string[];
  /** Where the UMAP and spatial plots look, relative to their fitted views; null = fitted (permalinks). */
  umapAt: TViewPlace | null;
  spatialAt: TViewPlace | null;
}

export interface ExplorerActions {
  /** Opens a run with a fresh view; `samples` are the additional runs of a multi-sample view (default none). */
  openRun(run: RunRef | null, samples?: readonly string[]): void;
  /** Replaces the additional sample runs of the open run, keeping the view. */
  setSamples(samples: readonly string[]): void;
  /** Switching gene/motif/eRegulon resets selection, search and bounds (spec 03 §2.1). */
  setKind(kind: FeatureKind): void;
  setFeatures(features: string[]): void;
  setMode(mode: ColourMode): void;
  patch(values: Partial<ExplorerState>): void;
  /** Clearing a selection returns to cluster view (spec 03 §2.1). */
  clearSelection(): void;
  reset(): void;
}

const INITIAL_EXPLORER_STATE: ExplorerState = {
  run: null,
  samples: [],
  kind: 'genes',
  mode: 'cluster',
  features: [],
  averaging: 'avg',
  individual: 0,
  palette: 'jet',
  customColors: ['#f2f2f2', '#b2182b'],
  background: 'black',
  range: null,
  highlightedClusters: [],
  clusterColors: {},
  tool: null,
  selection: null,
  lowerPanel: 'table',
  displayScale: 0.75,
  clusterLabels: null,
  tissueShown: true,
  tissueOpacity: 0.9,
  annotationIds: [],
  umapAt: null,
  spatialAt: null,
};

export const useExplorer = create<ExplorerState & ExplorerActions>()((set) => ({
  ...INITIAL_EXPLORER_STATE,
  openRun: (run, samples = []) =>
    set({ ...INITIAL_EXPLORER_STATE, run, samples: cleanSampleIds(samples, run?.run_id ?? null) }),
  setSamples: (samples) => set((state) => ({ samples: cleanSampleIds(samples, state.run?.run_id ?? null) })),
  setKind: (kind) => set({ kind, features: [], selection: null, range: null, mode: 'cluster', tool: null }),
  setFeatures: (features) =>
    set({ features, individual: 0, range: null, mode: features.length ? 'expression' : 'cluster' }),
  setMode: (mode) => set({ mode, annotationIds: [] }),
  patch: (values) => set(values),
  clearSelection: () => set({ selection: null, tool: null, mode: 'cluster' }),
  // Restart resets the view, not which runs are open.
  reset: () => set((state) => ({ ...INITIAL_EXPLORER_STATE, run: state.run, samples: state.samples })),
}));
