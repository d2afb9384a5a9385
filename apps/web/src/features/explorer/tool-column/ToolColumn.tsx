/**
 * The explorer's left tool column (spec 03 §2.1, in its order): Lasso, Quad, Clear Selection, View Id's/Genes,
 * Cell Typing, Min/Max Range, Save Display, Copy Public Link, then zoom in, zoom out and fit. Selection tools work
 * in the cluster and cell-type views; the range only with expression colours.
 */
import { memo, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import CenterFocusStrong from '@mui/icons-material/CenterFocusStrong';
import CropSquare from '@mui/icons-material/CropSquare';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Gesture from '@mui/icons-material/Gesture';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Straighten from '@mui/icons-material/Straighten';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { ZOOM_IN_FACTOR, ZOOM_OUT_FACTOR, type LinkedPlotsHandle } from '@atlas/viz';
import type { PlotView } from '../plots/useColouring';
import { useExplorer } from '../state/store';
import { CellTypingTool } from './CellTypingTool';
import { CopyPublicLinkTool } from './CopyPublicLinkTool';
import { FigureExportTool } from './FigureExportTool';
import { SaveDisplayTool } from './SaveDisplayTool';
import { ToolButton } from './ToolButton';
import { EXPLORER_FRAME } from '../layout';

export interface ToolColumnProps {
  plotsRef: RefObject<LinkedPlotsHandle | null>;
  /** What the plots show: a prop of its own, so that a recolour of the same view does not re-render the column. */
  view: PlotView;
  /** A selection's ranking has arrived (View Id's/Genes). */
  hasResult: boolean;
  onViewResult: () => void;
  onOpenRange: () => void;
  onClearSelection: () => void;
}

export const ToolColumn = memo(function ToolColumn({
  plotsRef,
  view,
  hasResult,
  onViewResult,
  onOpenRange,
  onClearSelection,
}: ToolColumnProps) {
  const s = useExplorer(
    useShallow((st) => ({
      run: st.run,
      tool: st.tool,
      selection: st.selection,
      highlightedClusters: st.highlightedClusters,
      patch: st.patch,
    })),
  );
  const welcome = s.run === null;
  const clusterView = view !== 'expression';
  const chooseTool = (tool: 'lasso' | 'quad') => {
    if (s.tool === tool) s.patch({ tool: null });
    else s.patch({ tool });
  };
  return (
    <Paper
      square
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        py: 0.5,
        gap: 0.25,
        width: EXPLORER_FRAME.toolColumn.width,
      }}
    >
      <ToolButton
        title="Lasso Select"
        active={s.tool === 'lasso'}
        disabled={welcome || !clusterView}
        onClick={() => chooseTool('lasso')}
        testId="tool-lasso"
      >
        <Gesture fontSize="small" />
      </ToolButton>
      <ToolButton
        title="Quad Select"
        active={s.tool === 'quad'}
        disabled={welcome || !clusterView}
        onClick={() => chooseTool('quad')}
        testId="tool-quad"
      >
        <CropSquare fontSize="small" />
      </ToolButton>
      <ToolButton
        title="Clear Selection"
        disabled={!s.selection && s.highlightedClusters.length === 0}
        onClick={() => (s.selection ? onClearSelection() : s.patch({ highlightedClusters: [] }))}
        testId="clear-selection"
      >
        <HighlightOff fontSize="small" />
      </ToolButton>
      <ToolButton title="View Id's/Genes" disabled={!hasResult} onClick={onViewResult} testId="view-ids">
        <FormatListNumbered fontSize="small" />
      </ToolButton>
      <CellTypingTool />
      <ToolButton title="Min/Max Range" disabled={view !== 'expression'} onClick={onOpenRange} testId="range">
        <Straighten fontSize="small" />
      </ToolButton>
      <SaveDisplayTool plotsRef={plotsRef} />
      <FigureExportTool plotsRef={plotsRef} />
      <CopyPublicLinkTool />
      <Divider flexItem sx={{ my: 0.5 }} />
      <ToolButton
        title="Zoom in (×1.1)"
        disabled={welcome}
        onClick={() => plotsRef.current?.zoom(ZOOM_IN_FACTOR)}
        testId="zoom-in"
      >
        <ZoomIn fontSize="small" />
      </ToolButton>
      <ToolButton
        title="Zoom out (×0.9)"
        disabled={welcome}
        onClick={() => plotsRef.current?.zoom(ZOOM_OUT_FACTOR)}
        testId="zoom-out"
      >
        <ZoomOut fontSize="small" />
      </ToolButton>
      <ToolButton title="Fit to view" disabled={welcome} onClick={() => plotsRef.current?.fit()} testId="fit">
        <CenterFocusStrong fontSize="small" />
      </ToolButton>
    </Paper>
  );
});
