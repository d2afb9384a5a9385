import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { ATLASBROWSER } from '@atlas/contracts';
import type { ToolPanelProps } from './toolPanelProps';

type ThresholdingToolsProps = Pick<
  ToolPanelProps,
  'updateMode' | 'cValue' | 'neighborhood' | 'onCValue' | 'onNeighborhood' | 'onThreshold' | 'thresholding'
>;

/** The adaptive threshold's two parameters and the button that runs it. */
export function ThresholdingTools(p: ThresholdingToolsProps) {
  const { threshold } = ATLASBROWSER;
  return (
    <>
      <Typography variant="body2" id="c-value-label">
        C Value: {p.cValue}
      </Typography>
      <Slider
        min={threshold.min}
        max={threshold.max}
        step={threshold.step}
        value={p.cValue}
        disabled={p.updateMode}
        onChange={(_, v) => p.onCValue(v)}
        aria-labelledby="c-value-label"
      />
      <Typography variant="body2" id="neighborhood-label">
        Neighborhood: {p.neighborhood}
      </Typography>
      <Slider
        min={threshold.min}
        max={threshold.max}
        step={threshold.step}
        value={p.neighborhood}
        disabled={p.updateMode}
        onChange={(_, v) => p.onNeighborhood(v)}
        aria-labelledby="neighborhood-label"
      />
      <Button variant="contained" disabled={p.updateMode || p.thresholding} onClick={p.onThreshold}>
        {p.thresholding ? 'Thresholding…' : 'Threshold'}
      </Button>
    </>
  );
}
