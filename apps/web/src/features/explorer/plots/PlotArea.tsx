/**
 * The plot area between the tool column and the legend (spec 03 §2.1): the linked UMAP and spatial plots of the
 * open run (packages/viz LinkedPlots, a pure component), their labels and the tissue image control; the welcome
 * screen before a run is chosen; and what failed to load. Reads the drawing settings from the store.
 */
import { memo, useCallback, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPLORER_MSG } from '@atlas/contracts';
import {
  CATEGORY_COLOURS,
  LinkedPlots,
  PLOT_OVERLAY_Z,
  type HoverHit,
  type LinkedPlotsHandle,
  type PlotViewId,
  type ViewPlace,
} from '@atlas/viz';
import { useCellDrawing } from '../data/cellOutlines';
import { runKey } from '../data/queryKeys';
import type { FrameStyle } from '../layout';
import type { RunData } from '../data/runData';
import { useExplorer } from '../state/store';
import { releasePageChrome } from '../../../app/pageChrome';
import { HoverInfo } from './HoverInfo';
import { afterRender, beforeRender, markFirstDraw } from './timings';
import { useTissueImageLayer, type TissueImageControlProps } from './tissueImageLayer';
import type { Colouring } from './useColouring';

export interface PlotAreaProps {
  /** The plots' region of the explorer's frame (../layout.ts). */
  style: FrameStyle;
  plotsRef: RefObject<LinkedPlotsHandle | null>;
  data: RunData | undefined;
  colouring: Colouring;
  /** The run's data or the features' values failed to load. */
  errorMessage: string | null;
  publicMode: boolean;
  onOpenRunSearch: () => void;
  onSelect: (indices: Uint32Array) => void;
  /** The tissue image's show/opacity control, part of the explorer's chrome (../chrome.ts): absent until it loads. */
  TissueControl?: ComponentType<TissueImageControlProps>;
}

export const PlotArea = memo(function PlotArea({
  style,
  plotsRef,
  data,
  colouring,
  errorMessage,
  publicMode,
  onOpenRunSearch,
  onSelect,
  TissueControl,
}: PlotAreaProps) {
  const s = useExplorer(
    useShallow((st) => ({
      run: st.run,
      palette: st.palette,
      customColors: st.customColors,
      displayScale: st.displayScale,
      tool: st.tool,
    })),
  );
  const tissue = useTissueImageLayer(s.run);
  const cells = useCellDrawing(s.run);
  const places = useViewPlaces(s.run === null ? null : runKey(s.run));
  const onFirstDraw = useCallback(() => {
    markFirstDraw(data?.n ?? 0);
    releasePageChrome();
  }, [data?.n]);
  const { view, values, categoryColors, range, selectedMask, background } = colouring;
  // The tooltip keeps the hovered tixel in its own state: a pointer move re-renders it, not the plots.
  const hoverSink = useRef<((hit: HoverHit | null) => void) | null>(null);
  const onHover = useCallback((hit: HoverHit | null) => hoverSink.current?.(hit), []);

  return (
    <Box data-region="plots" style={style} sx={{ bgcolor: background }}>
      {s.run === null ? (
        <Welcome publicMode={publicMode} onOpenSearch={onOpenRunSearch} />
      ) : errorMessage && !data ? (
        <Box sx={{ p: 3 }}>
          <Alert severity="error">
            {EXPLORER_MSG.failedToLoad}: {errorMessage}
          </Alert>
        </Box>
      ) : data && values ? (
        <>
          <LinkedPlots
            key={runKey(s.run)}
            ref={plotsRef}
            embedding={data.umap}
            spatial={data.hasSpatial ? data.spatial : null}
            style={data.hasSpatial ? undefined : { width: '50%' }}
            values={values}
            colorMode={view === 'expression' ? 'continuous' : 'categorical'}
            palette={s.palette}
            customColors={s.customColors}
            clusterColors={categoryColors.length ? categoryColors : CATEGORY_COLOURS}
            range={range}
            displayScale={s.displayScale}
            background={background}
            tissueImage={tissue.tissueImage}
            spatialPointOpacity={tissue.spatialPointOpacity}
            spotDiameter={tissue.spotDiameter}
            spatialMicronsPerUnit={cells.micronsPerUnit}
            cellOutlines={cells.outlines}
            onSpatialView={cells.onSpatialView}
            selected={selectedMask}
            tool={s.tool ?? 'pan'}
            startPlaces={places.start}
            onViewPlace={places.onPlace}
            onSelect={onSelect}
            onHover={onHover}
            onFirstDraw={onFirstDraw}
            onBeforeRender={beforeRender}
            onAfterRender={afterRender}
          />
          <PlotLabels spatial={data.hasSpatial} />
          <HoverInfo sink={hoverSink} data={data} colouring={colouring} />
          {!data.hasSpatial && <NoSpatialPanel />}
          {data.hasSpatial && tissue.control && TissueControl && <TissueControl {...tissue.control} />}
        </>
      ) : null}
      {errorMessage && data && (
        <Alert severity="error" sx={{ position: 'absolute', left: 8, bottom: 8, zIndex: PLOT_OVERLAY_Z }}>
          {errorMessage}
        </Alert>
      )}
    </Box>
  );
});

/** How long a view must rest before the address records where it is: panning must not rewrite it every frame. */
const PLACE_SETTLE_MS = 250;

/**
 * Where the plots start (the permalink's places, read once per run) and where they went: the store, and so the
 * address, learns a view's place once it has rested.
 */
function useViewPlaces(runId: string | null) {
  const [start, setStart] = useState(() => readPlaces());
  const [startRun, setStartRun] = useState(runId);
  if (startRun !== runId) {
    setStartRun(runId);
    setStart(readPlaces());
  }
  const pending = useRef<Partial<Record<PlotViewId, ViewPlace>>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onPlace = useCallback((view: PlotViewId, place: ViewPlace) => {
    pending.current[view] = place;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const { embedding, spatial } = pending.current;
      pending.current = {};
      useExplorer.getState().patch({
        ...(embedding && { umapAt: embedding }),
        ...(spatial && { spatialAt: spatial }),
      });
    }, PLACE_SETTLE_MS);
  }, []);
  return { start, onPlace };
}

function readPlaces(): Partial<Record<PlotViewId, ViewPlace>> {
  const { umapAt, spatialAt } = useExplorer.getState();
  return { ...(umapAt && { embedding: umapAt }), ...(spatialAt && { spatial: spatialAt }) };
}

/** The spatial half of a UMAP-only run: says why there is no spatial plot. */
function NoSpatialPanel() {
  return (
    <Box
      data-testid="no-spatial-coordinates"
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left: '50%',
        right: 0,
        zIndex: PLOT_OVERLAY_Z,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Alert severity="info">{EXPLORER_MSG.noSpatialCoordinates}</Alert>
    </Box>
  );
}

/** The halves' names; a UMAP-only run's right half holds a note, not a spatial plot, so it is not named. */
function PlotLabels({ spatial }: { spatial: boolean }) {
  const sx = {
    position: 'absolute',
    top: 6,
    px: 0.75,
    borderRadius: 0.5,
    bgcolor: 'rgba(255,255,255,0.75)',
    pointerEvents: 'none',
    zIndex: PLOT_OVERLAY_Z,
  } as const;
  return (
    <>
      <Typography variant="caption" sx={{ ...sx, left: 8 }}>
        UMAP
      </Typography>
      {spatial && (
        <Typography variant="caption" sx={{ ...sx, left: 'calc(50% + 8px)' }}>
          Spatial
        </Typography>
      )}
    </>
  );
}

function Welcome({ publicMode, onOpenSearch }: { publicMode: boolean; onOpenSearch: () => void }) {
  return (
    <Stack
      sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}
      spacing={2}
    >
      <Typography variant="h5">Welcome to AtlasXplore</Typography>
      <Typography color="text.secondary">
        Choose a run to see its tixels by cluster, cell type or expression.
      </Typography>
      {!publicMode && (
        <Button variant="contained" onClick={onOpenSearch}>
          Find a Run ID
        </Button>
      )}
    </Stack>
  );
}
