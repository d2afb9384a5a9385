/**
 * The spatial explorer's screen (spec 03 §2.1), used by AtlasXplore (members) and by the public viewer
 * (`publicMode`: no run search): the top bar, the run search, the left tool column, the two linked plots with
 * their legend, the multi-sample grid (the main plots' Deck draws it too), the lower panel and the dialogs. This container loads the open run's data,
 * derives its colouring once (./plots/useColouring) and follows a selection's ranking; the parts read the rest of
 * the shared `useExplorer` store themselves.
 */
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PlotsDeck, type LinkedPlotsHandle } from '@atlas/viz';
import { releasePageChrome, usePageChromeHeld } from '../../app/pageChrome';
import { ChromePlace } from './boot/ChromePlace';
import { dropFirstFrame, takeFirstFrameDeck } from './boot/handoff';
import { useExplorerChrome } from './boot/useExplorerChrome';
import { useFeatureNames } from './data/featureNames';
import { useFeatureColumns } from './data/featureValues';
import { runKey } from './data/queryKeys';
import { useRunData } from './data/runData';
import { useAvailableKinds, useRunMeta } from './data/runMeta';
import type { ExplorerDialog } from './dialogs/ExplorerDialogs';
import { frameStyles, TOP_BAR_TWO_LINES, WIDE_PLOTS } from './layout';
import { PlotArea } from './plots/PlotArea';
import { ColouringContext } from './plots/colouringContext';
import { markRunOpening } from './plots/timings';
import { useColouring } from './plots/useColouring';
import { useSelectionRanking } from './plots/useSelectionRanking';
import { useExplorer } from './state/store';

/**
 * The frame's boxes (./layout.ts) at the viewport now, following it when it crosses a breakpoint: the cold open's
 * copy (./boot/skeleton.ts) is built from the same description at the same viewport.
 */
function useFrameStyles() {
  // noSsr: the first render already has the viewport's answer, as the copy had.
  const topBarTwoLines = useMediaQuery(TOP_BAR_TWO_LINES, { noSsr: true });
  const widePlots = useMediaQuery(WIDE_PLOTS, { noSsr: true });
  return useMemo(() => frameStyles({ topBarTwoLines, widePlots }), [topBarTwoLines, widePlots]);
}

export interface ExplorerProps {
  /** Public viewer: hides the run search (spec 03 §2.2). */
  publicMode?: boolean;
  /** Opens a run by id (the run search), with additional multi-sample runs; AtlasXplore mirrors it into the address. */
  onSelectRun?: (runId: string, samples: string[]) => void;
  /** Replaces the logo/title at the left of the top bar (public viewer). */
  leading?: ReactNode;
}

export function Explorer({ publicMode = false, onSelectRun, leading }: ExplorerProps) {
  const run = useExplorer((st) => st.run);
  const kind = useExplorer((st) => st.kind);
  const features = useExplorer((st) => st.features);
  const setKind = useExplorer((st) => st.setKind);
  const reset = useExplorer((st) => st.reset);
  const clearSelection = useExplorer((st) => st.clearSelection);

  const runData = useRunData(run);
  const { meta } = useRunMeta(run);
  const kinds = useAvailableKinds(run, meta);
  // A run opened with the page draws its plots before the bars, tools and legend (./boot, app/pageChrome.ts).
  const chromeHeld = usePageChromeHeld();
  const frame = useFrameStyles();
  // The feature names (30k genes: ~350 KB of JSON, ~40 ms to parse and index on a 2-core machine) serve the gene
  // search in the top bar: read once the plots are drawn, unless the address already picks features.
  const names = useFeatureNames(run, kind, !chromeHeld || features.length > 0);
  const featureValues = useFeatureColumns(run, kind, features, names.data);
  const colouring = useColouring(runData.data, featureValues.columns);
  const ranking = useSelectionRanking();
  const plots = useRef<LinkedPlotsHandle>(null);
  const [runSearchOpen, setRunSearchOpen] = useState(false);
  const [dialog, setDialog] = useState<ExplorerDialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  // The panel under the plots, the multi-sample grid and the (closed) dialogs render in a transition after the
  // first commit: on a 2-core machine the explorer's first render is the longest task of an open, and the plots
  // are what the user is waiting for. React yields between the transition's pieces, so the plots' first frame
  // is not held up by them.
  const [settled, setSettled] = useState(false);
  useEffect(() => startTransition(() => setSettled(true)), []);
  // The bars, tools, legend, lower panel and dialogs are a module of their own (./chrome.ts), loaded once the chrome
  // is not held: until it is here, their places are kept.
  const { chrome, failed: chromeFailed } = useExplorerChrome(!chromeHeld);
  const late = settled ? chrome : undefined;

  // A kind the run does not offer (e.g. a permalink for another run) falls back to genes.
  useEffect(() => {
    if (meta && !kinds.includes(kind) && kinds.length === 1) setKind('genes');
  }, [meta, kinds, kind, setKind]);

  // Timings: a new run starts the navigation clock.
  const key = runKey(run);
  const runId = run?.run_id ?? null;
  useLayoutEffect(() => {
    if (key) markRunOpening(runId);
  }, [key, runId]);

  const loading = runData.isLoading || featureValues.loading;
  const errorMessage = runData.error ? runData.error.message : featureValues.error ? featureValues.error.message : null;
  // The chrome is not held any longer when the plots will not draw (an error) or the explorer is left (the sign-in
  // page after a refused token).
  const failed = errorMessage !== null;
  useEffect(() => {
    if (failed) releasePageChrome();
  }, [failed]);
  useEffect(() => releasePageChrome, []);
  // The page may have drawn this run's plots before the app (./boot): the PlotsDeck goes on with its Deck,
  // and if the explorer is left first, they go.
  useEffect(() => dropFirstFrame, []);
  const takeHanded = useCallback(() => takeFirstFrameDeck(runId), [runId]);
  // Stable callbacks: the top bar, tool column, plots and legend are memoised, so that a gene pick renders only what
  // it changes.
  const { forget, setResultOpen, onSelect } = ranking;
  const onClearSelection = useCallback(() => {
    clearSelection();
    forget();
    setResultOpen(false);
  }, [clearSelection, forget, setResultOpen]);
  const onRestart = useCallback(() => {
    reset();
    forget();
    plots.current?.fit();
  }, [reset, forget]);
  const onToggleRunSearch = useCallback(() => setRunSearchOpen((o) => !o), []);
  const onOpenRunSearch = useCallback(() => setRunSearchOpen(true), []);
  const onOpenMetadata = useCallback(() => setDialog('metadata'), []);
  const onOpenFeatureList = useCallback(() => setDialog('featureList'), []);
  const onOpenRange = useCallback(() => setDialog('range'), []);
  const onOpenColors = useCallback(() => setDialog('colors'), []);
  const onViewResult = useCallback(() => setResultOpen(true), [setResultOpen]);

  return (
    <div data-testid="explorer" data-region="explorer" style={frame.explorer}>
      {!chrome ? (
        <ChromePlace region="topBar" style={frame.topBar} failed={chromeFailed} />
      ) : (
        <chrome.TopBar
          publicMode={publicMode}
          leading={leading}
          runSearchOpen={runSearchOpen}
          onToggleRunSearch={onToggleRunSearch}
          onOpenMetadata={onOpenMetadata}
          onRestart={onRestart}
          loading={loading}
          kinds={kinds}
          names={names.data}
          onOpenFeatureList={onOpenFeatureList}
        />
      )}
      {!publicMode && chrome && (
        <Collapse in={runSearchOpen} unmountOnExit>
          <chrome.RunSearchPanel
            current={run?.run_id ?? null}
            onPick={(id, samples) => {
              setRunSearchOpen(false);
              onSelectRun?.(id, samples);
            }}
          />
        </Collapse>
      )}
      <div data-region="loadingBar" style={frame.loadingBar}>
        {(loading || ranking.running) && (
          <LinearProgress
            data-testid="explorer-loading"
            variant={ranking.taskState?.status === 'PROGRESS' ? 'determinate' : 'indeterminate'}
            value={ranking.taskState?.progress ?? 0}
          />
        )}
      </div>

      {/* The main plots and the multi-sample grid are views of one Deck: one WebGL context (DESIGN §6). */}
      <ColouringContext value={colouring}>
        <PlotsDeck takeHanded={takeHanded}>
          <div data-region="plotsRow" style={frame.plotsRow}>
            {!chrome ? (
              <ChromePlace region="toolColumn" style={frame.toolColumn} />
            ) : (
              <chrome.ToolColumn
                plotsRef={plots}
                view={colouring.view}
                hasResult={ranking.result !== null}
                onViewResult={onViewResult}
                onOpenRange={onOpenRange}
                onClearSelection={onClearSelection}
              />
            )}
            <PlotArea
              style={frame.plots}
              plotsRef={plots}
              data={runData.data}
              colouring={colouring}
              errorMessage={errorMessage}
              publicMode={publicMode}
              onOpenRunSearch={onOpenRunSearch}
              onSelect={onSelect}
              TissueControl={chrome?.TissueImageControl}
            />
            {!chrome ? (
              <ChromePlace region="legend" style={frame.legend} />
            ) : (
              <chrome.LegendPanel
                colouring={colouring}
                onOpenColors={onOpenColors}
                onClearSelection={onClearSelection}
              />
            )}
          </div>

          {late && <late.SamplePlots />}
        </PlotsDeck>
      </ColouringContext>
      <Box sx={{ minHeight: 0 }}>{late && <late.ExplorerLowerPanel ranking={publicMode ? undefined : ranking} />}</Box>

      {late && (
        <late.ExplorerDialogs
          open={dialog}
          onClose={closeDialog}
          meta={meta}
          colouring={colouring}
          ranking={ranking}
          names={names.data}
        />
      )}
    </div>
  );
}
