/**
 * The column right of the plots (spec 03 §2.1): with features chosen, the colour scale, Avg/Ind for several
 * features and Back to clusters; else the cluster / cell-type legend (ticking highlights), the Color
 * Configuration button and the current selection. Reads and writes the store; the legends themselves are pure
 * (./Legends).
 */
import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Palette from '@mui/icons-material/Palette';
import { shownFeatureTitle } from './featureTitle';
import { useExplorer } from '../state/store';
import { CategoryLegend, HeatBar } from './Legends';
import { markRecolour } from './timings';
import type { Colouring } from './useColouring';
import { EXPLORER_FRAME } from '../layout';
import { useObservationNoun } from '../data/cellOutlines';

export interface LegendPanelProps {
  colouring: Colouring;
  onOpenColors: () => void;
  onClearSelection: () => void;
}

export const LegendPanel = memo(function LegendPanel({ colouring, onOpenColors, onClearSelection }: LegendPanelProps) {
  return (
    <Paper
      square
      variant="outlined"
      sx={{ width: EXPLORER_FRAME.legend.width, display: 'flex', flexDirection: 'column', minHeight: 0 }}
      data-testid="explorer-legend"
    >
      {colouring.view === 'expression' ? (
        <ExpressionLegend colouring={colouring} />
      ) : (
        <CategoryColumn colouring={colouring} onOpenColors={onOpenColors} onClearSelection={onClearSelection} />
      )}
    </Paper>
  );
});

function ExpressionLegend({ colouring }: { colouring: Colouring }) {
  const s = useExplorer(
    useShallow((st) => ({
      features: st.features,
      averaging: st.averaging,
      individual: st.individual,
      palette: st.palette,
      customColors: st.customColors,
      rangeOverride: st.range,
      patch: st.patch,
      setFeatures: st.setFeatures,
    })),
  );
  const { range, dataRange } = colouring;
  return (
    <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <HeatBar
        palette={s.palette}
        customColors={s.customColors}
        background={colouring.background}
        range={range}
        title={shownFeatureTitle(s)}
      />
      {s.features.length > 1 && (
        <>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={s.averaging}
            onChange={(_, v: 'avg' | 'ind' | null) => v && s.patch({ averaging: v })}
            aria-label="Average or individual"
          >
            <ToggleButton value="avg">Avg</ToggleButton>
            <ToggleButton value="ind">Ind</ToggleButton>
          </ToggleButtonGroup>
          {s.averaging === 'ind' && (
            <List dense disablePadding>
              {s.features.map((f, i) => (
                <ListItemButton key={f} selected={i === s.individual} onClick={() => s.patch({ individual: i })}>
                  <ListItemText primary={f} />
                </ListItemButton>
              ))}
            </List>
          )}
        </>
      )}
      {s.rangeOverride && (
        <Typography variant="caption" color="text.secondary">
          Range set by hand · data {dataRange[0].toFixed(2)}–{dataRange[1].toFixed(2)}
        </Typography>
      )}
      <Button size="small" onClick={() => s.setFeatures([])}>
        Back to clusters
      </Button>
    </Box>
  );
}

function CategoryColumn({ colouring, onOpenColors, onClearSelection }: LegendPanelProps) {
  const noun = useObservationNoun();
  const s = useExplorer(
    useShallow((st) => ({ highlightedClusters: st.highlightedClusters, selection: st.selection, patch: st.patch })),
  );
  const { view, categories, categoryColors, hasCellTypes } = colouring;
  const toggleHighlight = (name: string) => {
    markRecolour('highlight');
    const set = new Set(s.highlightedClusters);
    if (set.has(name)) set.delete(name);
    else set.add(name);
    s.patch({ highlightedClusters: [...set] });
  };
  return (
    <>
      <Box sx={{ px: 1, pt: 1, display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {view === 'annotation' ? (
          <>
            <Typography variant="subtitle2">Annotations</Typography>
            <Button
              size="small"
              sx={{ ml: 0.5, py: 0, minWidth: 0, whiteSpace: 'nowrap', textTransform: 'none' }}
              onClick={() => s.patch({ annotationIds: [], highlightedClusters: [] })}
            >
              Back to clusters
            </Button>
          </>
        ) : hasCellTypes ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, v: 'cluster' | 'celltype' | null) => {
              if (!v) return;
              markRecolour(v);
              s.patch({ mode: v, highlightedClusters: [], annotationIds: [] });
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
            <IconButton
              size="small"
              disabled={!categories || view === 'annotation'}
              onClick={onOpenColors}
              aria-label="Color Configuration"
            >
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
            {s.selection.length.toLocaleString()} {noun} selected
          </Typography>
          <Button size="small" startIcon={<HighlightOff />} onClick={onClearSelection}>
            Clear selection
          </Button>
        </Box>
      )}
    </>
  );
}
