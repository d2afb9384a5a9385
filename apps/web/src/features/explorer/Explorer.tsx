/**
 * The spatial explorer's layout (spec 03 §2.1): a top bar that exists while the explorer is open (Run ID's, Metadata,
 * Restart, gene/motif/eRegulon toggle, Background Color, Heat Map, feature search, Genes/Motifs), the left tool
 * column (Lasso, Quad, View Id's/Genes, Cell Typing, Min/Max Range, Save Display, Copy Public Link, zoom — the
 * panels' tools come in through `tools`), the two linked plots with their legend, the multi-sample grid and the
 * lower panel slot. It reads and writes the shared `useExplorer` store; server data comes from ./api. Used by
 * AtlasXplore (members) and by the public viewer (`publicMode`: no run search).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import CropSquare from '@mui/icons-material/CropSquare';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Gesture from '@mui/icons-material/Gesture';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Palette from '@mui/icons-material/Palette';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Straighten from '@mui/icons-material/Straighten';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { EXPLORER_MSG, type FeatureKind } from '@atlas/contracts';
import {
  BACKGROUND_COLORS,
  CLUSTER_PALETTE,
  HEATMAP_PALETTES,
  LinkedPlots,
  ZOOM_IN_FACTOR,
  ZOOM_OUT_FACTOR,
  heatBarShades,
  heatmapLut,
  valueRange,
  type BackgroundName,
  type HeatmapPalette,
  type LinkedPlotsHandle,
} from '@atlas/viz';
import { useSnackbar } from '../../app/feedback';
import { cellTypesFromLabels } from './plots/cellTypes';
import {
  isTerminal,
  postComputeQc,
  runKey,
  useAvailableKinds,
  useFeatureNames,
  useFeatureValues,
  useRunData,
  useRunMeta,
  useTaskState,
} from './data/api';
import { ColorConfigDialog, MetadataDialog, RangeDialog, SelectionDialog, type SelectionResult } from './dialogs/Dialogs';
import { FeatureListDialog } from './dialogs/FeatureListDialog';
import { FeatureSearch } from './top-bar/FeatureSearch';
import { ToolButton } from './tool-column/ToolButton';
import { RunSearchPanel } from './top-bar/RunSearchPanel';
import { SamplePlots } from './plots/SamplePlots';
import { CategoryLegend, HeatBar } from './plots/Legends';
import { averageValues, maskOfCodes, maskOfIndices, type RankedRow } from './logic';
import { useExplorer } from './state/store';
import { TissueImageControl, useTissueImageLayer } from './plots/TissueImageControl';
import { afterRender, markFirstDraw, markRecolour, markRunOpening } from './plots/timings';

export interface ExplorerProps {
  /** Public viewer: hides the run search (spec 03 §2.2). */
  publicMode?: boolean;
  /** Opens a run by id (the run search), with additional multi-sample runs; AtlasXplore mirrors it into the address. */
  onSelectRun?: (runId: string, samples: string[]) => void;
  /** Tools of the left column that live with the panels (spec 03 §2.1 order: …, Cell Typing, Min/Max Range, Save Display, Copy Public Link). */
  tools?: { cellTyping?: ReactNode; saveDisplay?: ReactNode; publicLink?: ReactNode };
  /** Slot: the lower panel under the plots (Feature Table / Peak viewer / Histogram). */
  lowerPanel?: ReactNode;
  /** Replaces the logo/title at the left of the top bar (public viewer). */
  leading?: ReactNode;
}

const KIND_BUTTONS: { kind: FeatureKind; label: string }[] = [
  { kind: 'genes', label: 'gene' },
  { kind: 'motifs', label: 'motif' },
  { kind: 'eRegulons', label: 'eRegulon' },
];
const BACKGROUNDS: (BackgroundName | 'heatmap')[] = ['black', 'white', 'darkgrey', 'heatmap'];
const NO_COLORS: Record<string, string> = {};

export function Explorer({ publicMode = false, onSelectRun, tools, lowerPanel, leading }: ExplorerProps) {
  const showSnack = useSnackbar();
  const s = useExplorer(
    useShallow((st) => ({
      run: st.run,
      kind: st.kind,
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
      tool: st.tool,
      selection: st.selection,
      displayScale: st.displayScale,
    })),
  );
  const { patch, setKind, setFeatures, clearSelection, reset } = useExplorer(
    useShallow((st) => ({ patch: st.patch, setKind: st.setKind, setFeatures: st.setFeatures, clearSelection: st.clearSelection, reset: st.reset })),
  );
  const run = s.run;
  const key = runKey(run);

  const runData = useRunData(run);
  const data = runData.data;
  const { meta } = useRunMeta(run);
  const kinds = useAvailableKinds(run, meta);
  const names = useFeatureNames(run, s.kind);
  const featureValues = useFeatureValues(run, s.kind, s.features, names.data);

  // A kind the run does not offer (e.g. a permalink for another run) falls back to genes.
  useEffect(() => {
    if (meta && !kinds.includes(s.kind) && kinds.length === 1) setKind('genes');
  }, [meta, kinds, s.kind, setKind]);

  // ---- timings: a new run starts the navigation clock ------------------------------------------------------
  const runId = run?.run_id ?? null;
  useLayoutEffect(() => {
    if (key) markRunOpening(runId);
  }, [key, runId]);

  // ---- colouring ---------------------------------------------------------------------------------------------
  const expression = useMemo(() => {
    const arrays = featureValues.values;
    if (!arrays || arrays.length === 0) return null;
    markRecolour('features');
    if (s.averaging === 'ind' && arrays.length > 1) return arrays[Math.min(s.individual, arrays.length - 1)]!;
    return averageValues(arrays);
  }, [featureValues.values, s.averaging, s.individual]);

  // Cell types: a Cell Type Mapping's labels (cluster → label) when applied, else the run's own cell_types column.
  const cellTypes = useMemo(
    () => (data && s.clusterLabels ? cellTypesFromLabels(data.clusterCodes, data.clusterNames, s.clusterLabels) : (data?.cellTypes ?? null)),
    [data, s.clusterLabels],
  );
  const hasCellTypes = Boolean(cellTypes);
  const view: 'expression' | 'celltype' | 'cluster' =
    s.features.length > 0 && expression ? 'expression' : s.mode === 'celltype' && hasCellTypes ? 'celltype' : 'cluster';
  const categories = useMemo(
    () => (data ? (view === 'celltype' && cellTypes ? cellTypes : { codes: data.clusterCodes, names: data.clusterNames, counts: data.clusterCounts }) : null),
    [data, view, cellTypes],
  );

  const categoryColors = useMemo(
    () => (categories ? categories.names.map((name, i) => s.clusterColors[name] ?? CLUSTER_PALETTE[i % CLUSTER_PALETTE.length]!) : []),
    [categories, s.clusterColors],
  );
  const dataRange = useMemo<[number, number]>(() => (expression ? valueRange(expression) : [0, 1]), [expression]);
  const range: [number, number] = s.range ?? (dataRange[0] === dataRange[1] ? [dataRange[0], dataRange[0] + 1] : dataRange);

  const values = view === 'expression' ? expression! : categories?.codes ?? null;

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
  const backgroundCss = s.background === 'heatmap' ? heatBarShades(lut, 2)[0]! : BACKGROUND_COLORS[s.background];

  // ---- plots ---------------------------------------------------------------------------------------------------
  const plots = useRef<LinkedPlotsHandle>(null);
  const onFirstDraw = useCallback(() => markFirstDraw(data?.n ?? 0), [data?.n]);
  const tissue = useTissueImageLayer(run);

  // ---- selection and compute_qc --------------------------------------------------------------------------------
  const [taskId, setTaskId] = useState<string | null>(null);
  const [taskKind, setTaskKind] = useState<FeatureKind>('genes');
  const [posting, setPosting] = useState(false);
  const [result, setResult] = useState<SelectionResult | null>(null);
  const [resultOpen, setResultOpen] = useState(false);
  const task = useTaskState(taskId);
  const taskState = task.data;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!taskState || !isTerminal(taskState.status) || handled.current === taskState._id) return;
    handled.current = taskState._id;
    if (taskState.status === 'FAILURE') {
      showSnack(taskState.error ? `${EXPLORER_MSG.workerFailed}: ${taskState.error}` : EXPLORER_MSG.workerFailed, { color: 'error' });
      setTaskId(null);
      return;
    }
    const r = taskState.result as { top_selected?: string[]; table?: RankedRow[]; n_selected?: number } | null;
    setResult({ kind: taskKind, count: r?.n_selected ?? 0, top: r?.top_selected ?? [], table: r?.table ?? [] });
    setResultOpen(true);
    setTaskId(null);
  }, [taskState, taskKind, showSnack]);
  useEffect(() => {
    if (task.error) {
      showSnack(task.error.message, { color: 'error' });
      setTaskId(null);
    }
  }, [task.error, showSnack]);
  const running = posting || taskId !== null;

  const onSelect = useCallback(
    (indices: Uint32Array) => {
      if (!run || indices.length === 0) return;
      const selection = Array.from(indices);
      patch({ selection });
      setResult(null);
      setPosting(true);
      setTaskKind(s.kind);
      postComputeQc(run, s.kind, selection, `${s.kind}-selection`)
        .then((t) => {
          handled.current = null;
          setTaskId(t._id);
        })
        .catch((e: Error) => showSnack(e.message || EXPLORER_MSG.workerFailed, { color: 'error' }))
        .finally(() => setPosting(false));
    },
    [run, s.kind, patch, showSnack],
  );

  const onClearSelection = () => {
    clearSelection();
    setResult(null);
    setResultOpen(false);
    setTaskId(null);
  };

  // ---- top bar menus and dialogs -------------------------------------------------------------------------------
  const [runSearchOpen, setRunSearchOpen] = useState(false);
  const [metaOpen, setMetaOpen] = useState(false);
  const [bgAnchor, setBgAnchor] = useState<HTMLElement | null>(null);
  const [heatAnchor, setHeatAnchor] = useState<HTMLElement | null>(null);
  const [colorsOpen, setColorsOpen] = useState(false);
  const [rangeOpen, setRangeOpen] = useState(false);
  const [featureListOpen, setFeatureListOpen] = useState(false);

  const loading = runData.isLoading || featureValues.loading;
  const welcome = run === null;
  const cluserView = view !== 'expression';

  const chooseTool = (tool: 'lasso' | 'quad') => {
    if (s.tool === tool) patch({ tool: null });
    else patch({ tool });
  };
  const toggleHighlight = (name: string) => {
    markRecolour('highlight');
    const set = new Set(s.highlightedClusters);
    if (set.has(name)) set.delete(name);
    else set.add(name);
    patch({ highlightedClusters: [...set] });
  };

  const errorMessage = runData.error ? runData.error.message : featureValues.error ? featureValues.error.message : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="explorer">
      {/* Top bar */}
      <Paper square elevation={1} sx={{ px: 1, py: 0.75, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {leading ?? (
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }}>
            AtlasXplore{run?.run_id ? ` · ${run.run_id}` : ''}
          </Typography>
        )}
        {!publicMode && (
          <Button size="small" variant={runSearchOpen ? 'contained' : 'outlined'} onClick={() => setRunSearchOpen((o) => !o)}>
            Run ID&apos;s
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          onClick={() => {
            if (!run) showSnack(EXPLORER_MSG.mustSelectRun, { color: 'error' });
            else setMetaOpen(true);
          }}
        >
          Metadata
        </Button>
        <Tooltip title="Restart Whole Process">
          <span>
            <Button
              size="small"
              variant="outlined"
              startIcon={<RestartAlt />}
              disabled={welcome || loading}
              onClick={() => {
                reset();
                setResult(null);
                setTaskId(null);
                plots.current?.fit();
              }}
            >
              Restart
            </Button>
          </span>
        </Tooltip>
        <Divider orientation="vertical" flexItem />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={s.kind}
          onChange={(_, k: FeatureKind | null) => {
            if (k && k !== s.kind) setKind(k);
          }}
          aria-label="Feature type"
          disabled={welcome}
        >
          {KIND_BUTTONS.map(({ kind, label }) => (
            <ToggleButton key={kind} value={kind} disabled={!kinds.includes(kind)} sx={{ py: 0.25, textTransform: 'none' }}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button size="small" variant="outlined" onClick={(e) => setBgAnchor(e.currentTarget)} aria-haspopup="menu">
          Background Color
        </Button>
        <Menu anchorEl={bgAnchor} open={bgAnchor !== null} onClose={() => setBgAnchor(null)}>
          {BACKGROUNDS.map((b) => (
            <MenuItem
              key={b}
              selected={s.background === b}
              onClick={() => {
                markRecolour('background');
                patch({ background: b });
                setBgAnchor(null);
              }}
            >
              <Box
                sx={{
                  width: 14,
                  height: 14,
                  mr: 1,
                  border: 1,
                  borderColor: 'divider',
                  background: b === 'heatmap' ? heatBarShades(lut, 2)[0] : BACKGROUND_COLORS[b],
                }}
              />
              {b === 'heatmap' ? 'Heatmap' : b}
            </MenuItem>
          ))}
        </Menu>
        <Button size="small" variant="outlined" startIcon={<Palette />} onClick={(e) => setHeatAnchor(e.currentTarget)} aria-haspopup="menu">
          Heat Map
        </Button>
        <Menu anchorEl={heatAnchor} open={heatAnchor !== null} onClose={() => setHeatAnchor(null)}>
          {HEATMAP_PALETTES.map((p: HeatmapPalette) => (
            <MenuItem
              key={p}
              selected={s.palette === p}
              onClick={() => {
                markRecolour('palette');
                patch({ palette: p });
                setHeatAnchor(null);
              }}
              sx={{ minWidth: 220 }}
            >
              <Box sx={{ width: 60, mr: 1 }}>
                <PaletteSwatch palette={p} customColors={s.customColors} />
              </Box>
              {p}
            </MenuItem>
          ))}
          {s.palette === 'custom' && (
            <Stack direction="row" spacing={1} sx={{ px: 2, py: 1, alignItems: 'center' }}>
              <Typography variant="caption">Low</Typography>
              <input
                type="color"
                aria-label="Custom low colour"
                value={s.customColors[0]}
                onChange={(e) => patch({ customColors: [e.target.value, s.customColors[1]] })}
              />
              <Typography variant="caption">High</Typography>
              <input
                type="color"
                aria-label="Custom high colour"
                value={s.customColors[1]}
                onChange={(e) => patch({ customColors: [s.customColors[0], e.target.value] })}
              />
            </Stack>
          )}
        </Menu>
        <Divider orientation="vertical" flexItem />
        <FeatureSearch
          key={`${key}-${s.kind}`}
          kind={s.kind}
          names={names.data}
          features={s.features}
          disabled={welcome}
          onChange={(f) => {
            setFeatures(f);
            if (f.length === 0) markRecolour('clusters');
          }}
        />
        <Button size="small" variant="outlined" disabled={welcome || !names.data} onClick={() => setFeatureListOpen(true)} aria-haspopup="dialog">
          Genes/Motifs
        </Button>
      </Paper>
      {!publicMode && (
        <Collapse in={runSearchOpen} unmountOnExit>
          <RunSearchPanel
            current={run?.run_id ?? null}
            onPick={(id, samples) => {
              setRunSearchOpen(false);
              onSelectRun?.(id, samples);
            }}
          />
        </Collapse>
      )}
      <Box sx={{ height: 4 }}>{(loading || running) && <LinearProgress data-testid="explorer-loading" variant={taskState?.status === 'PROGRESS' ? 'determinate' : 'indeterminate'} value={taskState?.progress ?? 0} />}</Box>

      {/* Body: tool column, plots, legend */}
      <Box sx={{ display: 'flex', height: { xs: 480, md: 'min(66vh, 680px)' }, minHeight: 420 }}>
        <Paper square variant="outlined" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', py: 0.5, gap: 0.25, width: 48 }}>
          <ToolButton title="Lasso Select" active={s.tool === 'lasso'} disabled={welcome || !cluserView} onClick={() => chooseTool('lasso')} testId="tool-lasso">
            <Gesture fontSize="small" />
          </ToolButton>
          <ToolButton title="Quad Select" active={s.tool === 'quad'} disabled={welcome || !cluserView} onClick={() => chooseTool('quad')} testId="tool-quad">
            <CropSquare fontSize="small" />
          </ToolButton>
          <ToolButton title="Clear Selection" disabled={!s.selection && s.highlightedClusters.length === 0} onClick={() => (s.selection ? onClearSelection() : patch({ highlightedClusters: [] }))} testId="clear-selection">
            <HighlightOff fontSize="small" />
          </ToolButton>
          <ToolButton title="View Id's/Genes" disabled={!result} onClick={() => setResultOpen(true)} testId="view-ids">
            <FormatListNumbered fontSize="small" />
          </ToolButton>
          {tools?.cellTyping}
          <ToolButton title="Min/Max Range" disabled={view !== 'expression'} onClick={() => setRangeOpen(true)} testId="range">
            <Straighten fontSize="small" />
          </ToolButton>
          {tools?.saveDisplay}
          {tools?.publicLink}
          <Divider flexItem sx={{ my: 0.5 }} />
          <ToolButton title="Zoom in (×1.1)" disabled={welcome} onClick={() => plots.current?.zoom(ZOOM_IN_FACTOR)} testId="zoom-in">
            <ZoomIn fontSize="small" />
          </ToolButton>
          <ToolButton title="Zoom out (×0.9)" disabled={welcome} onClick={() => plots.current?.zoom(ZOOM_OUT_FACTOR)} testId="zoom-out">
            <ZoomOut fontSize="small" />
          </ToolButton>
          <ToolButton title="Fit to view" disabled={welcome} onClick={() => plots.current?.fit()} testId="fit">
            <CenterFocusStrong fontSize="small" />
          </ToolButton>
        </Paper>

        <Box sx={{ flex: 1, minWidth: 0, position: 'relative', bgcolor: backgroundCss }}>
          {welcome ? (
            <Welcome publicMode={publicMode} onOpenSearch={() => setRunSearchOpen(true)} />
          ) : errorMessage && !data ? (
            <Box sx={{ p: 3 }}>
              <Alert severity="error">
                {EXPLORER_MSG.failedToLoad}: {errorMessage}
              </Alert>
            </Box>
          ) : data && values ? (
            <>
              <LinkedPlots
                key={key}
                ref={plots}
                embedding={data.umap}
                spatial={data.spatial}
                values={values}
                colorMode={view === 'expression' ? 'continuous' : 'categorical'}
                palette={s.palette}
                customColors={s.customColors}
                clusterColors={categoryColors.length ? categoryColors : CLUSTER_PALETTE}
                range={range}
                displayScale={s.displayScale}
                background={backgroundCss}
                tissueImage={tissue.tissueImage}
                spatialPointOpacity={tissue.spatialPointOpacity}
                spotDiameter={tissue.spotDiameter}
                selected={selectedMask}
                tool={s.tool ?? 'pan'}
                onSelect={onSelect}
                onFirstDraw={onFirstDraw}
                onAfterRender={afterRender}
              />
              <PlotLabels />
              {tissue.control && <TissueImageControl {...tissue.control} />}
            </>
          ) : null}
          {errorMessage && data && (
            <Alert severity="error" sx={{ position: 'absolute', left: 8, bottom: 8 }}>
              {errorMessage}
            </Alert>
          )}
        </Box>

        <Paper square variant="outlined" sx={{ width: 230, display: 'flex', flexDirection: 'column', minHeight: 0 }} data-testid="explorer-legend">
          {view === 'expression' ? (
            <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <HeatBar
                palette={s.palette}
                customColors={s.customColors}
                range={range}
                title={s.features.length > 1 && s.averaging === 'avg' ? `Average of ${s.features.length}` : s.features[s.averaging === 'ind' ? s.individual : 0]}
              />
              {s.features.length > 1 && (
                <>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={s.averaging}
                    onChange={(_, v: 'avg' | 'ind' | null) => v && patch({ averaging: v })}
                    aria-label="Average or individual"
                  >
                    <ToggleButton value="avg">Avg</ToggleButton>
                    <ToggleButton value="ind">Ind</ToggleButton>
                  </ToggleButtonGroup>
                  {s.averaging === 'ind' && (
                    <List dense disablePadding>
                      {s.features.map((f, i) => (
                        <ListItemButton key={f} selected={i === s.individual} onClick={() => patch({ individual: i })}>
                          <ListItemText primary={f} />
                        </ListItemButton>
                      ))}
                    </List>
                  )}
                </>
              )}
              {s.range && (
                <Typography variant="caption" color="text.secondary">
                  Range set by hand · data {dataRange[0].toFixed(2)}–{dataRange[1].toFixed(2)}
                </Typography>
              )}
              <Button size="small" onClick={() => setFeatures([])}>
                Back to clusters
              </Button>
            </Box>
          ) : (
            <>
              <Box sx={{ px: 1, pt: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {hasCellTypes ? (
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={view}
                    onChange={(_, v: 'cluster' | 'celltype' | null) => {
                      if (!v) return;
                      markRecolour(v);
                      patch({ mode: v, highlightedClusters: [] });
                    }}
                  >
                    <ToggleButton value="cluster" sx={{ py: 0.25, textTransform: 'none' }}>
                      Clusters
                    </ToggleButton>
                    <ToggleButton value="celltype" sx={{ py: 0.25, textTransform: 'none' }}>
                      Cell types
                    </ToggleButton>
                  </ToggleButtonGroup>
                ) : (
                  <Typography variant="subtitle2">Clusters</Typography>
                )}
                <Box sx={{ flex: 1 }} />
                <Tooltip title="Color Configuration">
                  <span>
                    <IconButton size="small" disabled={!categories} onClick={() => setColorsOpen(true)} aria-label="Color Configuration">
                      <Palette fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
              <Box sx={{ overflowY: 'auto', flex: 1, px: 0.5 }}>
                {categories && (
                  <CategoryLegend
                    names={categories.names}
                    counts={categories.counts}
                    colors={categoryColors}
                    highlighted={s.highlightedClusters}
                    onToggle={toggleHighlight}
                  />
                )}
              </Box>
              {s.selection && (
                <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
                  <Typography variant="caption" component="div" data-testid="selection-count">
                    {s.selection.length.toLocaleString()} tixels selected
                  </Typography>
                  <Button size="small" startIcon={<HighlightOff />} onClick={onClearSelection}>
                    Clear selection
                  </Button>
                </Box>
              )}
            </>
          )}
        </Paper>
      </Box>

      <SamplePlots />
      {lowerPanel && <Box sx={{ minHeight: 0 }}>{lowerPanel}</Box>}

      <MetadataDialog open={metaOpen} meta={meta} onClose={() => setMetaOpen(false)} />
      <ColorConfigDialog
        open={colorsOpen}
        names={categories?.names ?? []}
        colors={categoryColors}
        onClose={() => setColorsOpen(false)}
        onApply={(overrides) => {
          markRecolour('cluster colours');
          patch({ clusterColors: { ...(s.clusterColors ?? NO_COLORS), ...overrides } });
          setColorsOpen(false);
        }}
      />
      <RangeDialog
        open={rangeOpen}
        current={range}
        onClose={() => setRangeOpen(false)}
        onReset={() => {
          markRecolour('range');
          patch({ range: null });
          setRangeOpen(false);
        }}
        onApply={(r) => {
          markRecolour('range');
          patch({ range: r });
          setRangeOpen(false);
        }}
      />
      <SelectionDialog
        open={resultOpen}
        runId={run?.run_id ?? meta?.run_id ?? ''}
        result={result}
        onClose={() => setResultOpen(false)}
      />
      <FeatureListDialog
        open={featureListOpen}
        onClose={() => setFeatureListOpen(false)}
        kind={s.kind}
        names={names.data?.names ?? []}
        features={s.features}
        onChange={(f) => {
          setFeatures(f);
          if (f.length === 0) markRecolour('clusters');
        }}
      />
    </Box>
  );
}

function PaletteSwatch({ palette, customColors }: { palette: HeatmapPalette; customColors: [string, string] }) {
  const shades = useMemo(() => heatBarShades(heatmapLut(palette, customColors), 16), [palette, customColors]);
  return <Box sx={{ height: 10, background: `linear-gradient(to right, ${shades.join(',')})`, borderRadius: 0.5 }} />;
}

function PlotLabels() {
  const sx = { position: 'absolute', top: 6, px: 0.75, borderRadius: 0.5, bgcolor: 'rgba(255,255,255,0.75)', pointerEvents: 'none' } as const;
  return (
    <>
      <Typography variant="caption" sx={{ ...sx, left: 8 }}>
        UMAP
      </Typography>
      <Typography variant="caption" sx={{ ...sx, left: 'calc(50% + 8px)' }}>
        Spatial
      </Typography>
    </>
  );
}

function Welcome({ publicMode, onOpenSearch }: { publicMode: boolean; onOpenSearch: () => void }) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }} spacing={2}>
      <Typography variant="h5">Welcome to AtlasXplore</Typography>
      <Typography color="text.secondary">Choose a run to see its tixels by cluster, cell type or expression.</Typography>
      {!publicMode && (
        <Button variant="contained" onClick={onOpenSearch}>
          Find a Run ID
        </Button>
      )}
    </Stack>
  );
}
