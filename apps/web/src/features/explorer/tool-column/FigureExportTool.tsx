/**
 * Export Figure (tool column): the current view — spatial, UMAP or both, with the tissue image when shown — as a
 * publication figure: SVG with vector points (up to 100,000 tixels) or PNG at a chosen DPI (up to 600), with the
 * legend, a scale bar in µm and the run id. What is on screen (pan, zoom, colours, dimming, a cell run's outlines)
 * is what is exported.
 */
import { useMemo, useState, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import InsertPhotoOutlined from '@mui/icons-material/InsertPhotoOutlined';
import {
  FigureTooLargeError,
  SVG_MAX_POINTS,
  composeFigure,
  type FigureScene,
  type LinkedPlotsHandle,
} from '@atlas/viz';
import { useRunData } from '../data/runData';
import { useRuns } from '../data/runMeta';
import { useTissueImage } from '../data/tissueImage';
import { buildFigureSpec, type FigurePlots, type ShownSpatialView, type ShownView } from '../plots/figureSpec';
import { useColouringContext } from '../plots/colouringContext';
import type { Colouring } from '../plots/useColouring';
import { shownFeatureTitle } from '../plots/featureTitle';
import { useExplorer } from '../state/store';
import { FigureFormatFields, FigureSizeLine, useFigureFormat } from './FigureFormatFields';
import { saveFigure } from './saveFigure';
import { ToolButton } from './ToolButton';
import { useObservationNoun } from '../data/cellOutlines';

export function FigureExportTool({ plotsRef }: { plotsRef: RefObject<LinkedPlotsHandle | null> }) {
  const colouring = useColouringContext();
  const run = useExplorer((s) => s.run);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolButton title="Export Figure" disabled={!run} onClick={() => setOpen(true)} testId="export-figure">
        <InsertPhotoOutlined fontSize="small" />
      </ToolButton>
      {open && <FigureDialog plotsRef={plotsRef} colouring={colouring} onClose={() => setOpen(false)} />}
    </>
  );
}

function shownViews(plots: LinkedPlotsHandle | null): { embedding?: ShownView; spatial?: ShownSpatialView } {
  // The plots' own rectangle: the canvas they draw on is shared with the multi-sample grid.
  const rect = plots?.getCanvasRect();
  if (!plots || !rect) return {};
  const width = rect.width / 2;
  const height = rect.height;
  const view = (id: 'embedding' | 'spatial') => {
    const viewState = plots.getViewState(id);
    return viewState ? { viewState, width, height } : undefined;
  };
  const spatial = view('spatial');
  return {
    embedding: view('embedding'),
    spatial: spatial && {
      ...spatial,
      outlines: plots.getCellOutlines(),
      micronsPerUnit: plots.getSpatialMicronsPerUnit(),
    },
  };
}

function bitmapDataUrl(bitmap: ImageBitmap): string {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  return canvas.toDataURL('image/png');
}

function FigureDialog({
  plotsRef,
  colouring,
  onClose,
}: {
  plotsRef: RefObject<LinkedPlotsHandle | null>;
  colouring: Colouring;
  onClose: () => void;
}) {
  const noun = useObservationNoun();
  const s = useExplorer(
    useShallow((st) => ({
      run: st.run,
      palette: st.palette,
      customColors: st.customColors,
      displayScale: st.displayScale,
      features: st.features,
      averaging: st.averaging,
      individual: st.individual,
      tissueShown: st.tissueShown,
      tissueOpacity: st.tissueOpacity,
    })),
  );
  const data = useRunData(s.run).data;
  const tissue = useTissueImage(s.run).data ?? null;
  const runs = useRuns(Boolean(s.run?.run_id));
  const [plots, setPlots] = useState<FigurePlots>('both');
  const formatState = useFigureFormat();
  const { format, dpi } = formatState;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const runId = s.run?.run_id ?? data?.runId ?? 'run';
  const channelWidth = runs.data?.find((r) => r.run_id === runId)?.channel_width ?? null;
  const tissueHref = useMemo(
    () => (tissue && s.tissueShown ? bitmapDataUrl(tissue.bitmap) : null),
    [tissue, s.tissueShown],
  );

  // The figure as it would be exported now (the plots do not move while the dialog is open).
  const scene = useMemo<{ scene: FigureScene } | { error: string } | null>(() => {
    if (!data) return null;
    const featureTitle = shownFeatureTitle(s);
    const spec = buildFigureSpec({
      runId,
      data,
      colouring,
      palette: s.palette,
      customColors: s.customColors,
      displayScale: s.displayScale,
      featureTitle,
      views: shownViews(plotsRef.current),
      plots,
      tissue:
        tissue && tissueHref
          ? { href: tissueHref, bounds: tissue.bounds, opacity: s.tissueOpacity, spotDiameter: tissue.spotDiameter }
          : null,
      channelWidthUm: channelWidth,
    });
    try {
      return { scene: composeFigure({ ...spec, maxPoints: format === 'svg' ? SVG_MAX_POINTS : undefined }) };
    } catch (e) {
      if (e instanceof FigureTooLargeError) return { error: e.message };
      throw e;
    }
  }, [data, runId, colouring, s, plotsRef, plots, tissue, tissueHref, channelWidth, format]);

  const exportNow = async () => {
    if (!scene || !('scene' in scene)) return;
    setError(null);
    setBusy(true);
    try {
      const images = new Map<string, CanvasImageSource>(tissue && tissueHref ? [[tissueHref, tissue.bitmap]] : []);
      await saveFigure(scene.scene, format, dpi, `${runId}_figure`, images);
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const figure = scene && 'scene' in scene ? scene.scene : null;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="figure-dialog-title">
      <DialogTitle id="figure-dialog-title">Export Figure</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <div>
            <FormLabel id="figure-plots">Plots</FormLabel>
            <RadioGroup
              row
              aria-labelledby="figure-plots"
              value={plots}
              onChange={(e) => setPlots(e.target.value as FigurePlots)}
            >
              <FormControlLabel value="both" control={<Radio size="small" />} label="Both" />
              <FormControlLabel value="spatial" control={<Radio size="small" />} label="Spatial" />
              <FormControlLabel value="umap" control={<Radio size="small" />} label="UMAP" />
            </RadioGroup>
          </div>
          <FigureFormatFields state={formatState} />
          {figure && (
            <FigureSizeLine
              state={formatState}
              figure={figure}
              extra={` · ${figure.pointCount.toLocaleString()} ${noun}`}
            />
          )}
          {scene && 'error' in scene && <Alert severity="warning">{scene.error}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!figure || busy || !formatState.ready} onClick={() => void exportNow()}>
          Export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
