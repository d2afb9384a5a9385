/** Shows or hides the run's tissue image and sets its opacity: the plot area's top-right corner, beside "Spatial". */
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HideImage from '@mui/icons-material/HideImage';
import ImageIcon from '@mui/icons-material/Image';
import { PLOT_OVERLAY_Z } from '@atlas/viz';
import type { TissueImageControlProps } from './tissueImageLayer';

export function TissueImageControl({ shown, opacity, onShownChange, onOpacityChange }: TissueImageControlProps) {
  return (
    <Paper
      elevation={0}
      data-testid="tissue-image-control"
      data-state={shown ? 'shown' : 'hidden'}
      sx={{
        position: 'absolute',
        top: 4,
        right: 8,
        zIndex: PLOT_OVERLAY_Z,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 0.75,
        pr: 1.5,
        bgcolor: 'rgba(255,255,255,0.75)',
      }}
    >
      <Tooltip title={shown ? 'Hide tissue image' : 'Show tissue image'}>
        <IconButton size="small" aria-label="Tissue image" aria-pressed={shown} onClick={() => onShownChange(!shown)}>
          {shown ? <ImageIcon fontSize="small" /> : <HideImage fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Typography variant="caption">Tissue</Typography>
      <Slider
        size="small"
        aria-label="Tissue image opacity"
        disabled={!shown}
        min={0.1}
        max={1}
        step={0.05}
        value={opacity}
        onChange={(_, value) => onOpacityChange(value as number)}
        sx={{ width: 72 }}
      />
    </Paper>
  );
}
