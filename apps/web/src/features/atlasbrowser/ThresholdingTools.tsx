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
  return (
    <>
      <ThresholdSlider
        id="c-value-label"
        label="C Value"
        value={p.cValue}
        disabled={p.updateMode}
        onChange={p.onCValue}
      />
      <ThresholdSlider
        id="neighborhood-label"
        label="Neighborhood"
        value={p.neighborhood}
        disabled={p.updateMode}
        onChange={p.onNeighborhood}
      />
      <Button variant="contained" disabled={p.updateMode || p.thresholding} onClick={p.onThreshold}>
        {p.thresholding ? 'Thresholding…' : 'Threshold'}
      </Button>
    </>
  );
}

interface ThresholdSliderProps {
  /** The id of the label, which names the slider. */
  id: string;
  label: string;
  value: number;
  disabled: boolean;
  onChange(v: number): void;
}

/** One of the threshold's parameters: its name and value above a slider over the allowed range. */
function ThresholdSlider({ id, label, value, disabled, onChange }: ThresholdSliderProps) {
  const { threshold } = ATLASBROWSER;
  return (
    <>
      <Typography variant="body2" id={id}>
        {label}: {value}
      </Typography>
      <Slider
        min={threshold.min}
        max={threshold.max}
        step={threshold.step}
        value={value}
        disabled={disabled}
        onChange={(_, v) => onChange(v)}
        aria-labelledby={id}
      />
    </>
  );
}
