import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Undo from '@mui/icons-material/Undo';
import { ATLASBROWSER } from '@atlas/contracts';
import type { ToolPanelProps } from './toolPanelProps';
import type { AutofillMethod } from './useThreshold';

type TixelOnOffToolsProps = Pick<
  ToolPanelProps,
  | 'updateMode'
  | 'mode'
  | 'autofillMethod'
  | 'onAutofillMethod'
  | 'autoThreshold'
  | 'canAutofill'
  | 'onAutofill'
  | 'canBrush'
  | 'onBrushMode'
  | 'brush'
  | 'onBrush'
  | 'canUndo'
  | 'onUndo'
  | 'onTissueCount'
>;

/** Which tixels are on tissue: Autofill by a threshold, then Fill/Erase with the brush, Undo, and the count. */
export function TixelOnOffTools(p: TixelOnOffToolsProps) {
  const { brush } = ATLASBROWSER;
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={p.autofillMethod}
        disabled={p.updateMode}
        onChange={(_, v: AutofillMethod | null) => v && p.onAutofillMethod(v)}
        aria-label="Autofill threshold"
      >
        <ToggleButton value="fixed">Fixed {ATLASBROWSER.autofillThreshold}</ToggleButton>
        <ToggleButton value="otsu">Automatic</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {p.autofillMethod === 'fixed'
          ? `Tixels darker than ${ATLASBROWSER.autofillThreshold} of 255 on the BW image (Threshold first).`
          : `Otsu's threshold of the image's own intensities over the ROI's tixels${
              p.autoThreshold === null ? '.' : `: ${p.autoThreshold.toFixed(1)} of 255.`
            }`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" disabled={!p.canAutofill} onClick={p.onAutofill}>
          Autofill
        </Button>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={p.mode === 'fill' || p.mode === 'erase' ? p.mode : null}
          onChange={(_, v: 'fill' | 'erase' | null) => p.onBrushMode(v)}
          aria-label="Brush"
        >
          <ToggleButton value="fill" disabled={!p.canBrush}>
            Fill
          </ToggleButton>
          <ToggleButton value="erase" disabled={!p.canBrush}>
            Erase
          </ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" startIcon={<Undo />} disabled={!p.canUndo} onClick={p.onUndo}>
          Undo
        </Button>
      </Box>
      <TextField
        size="small"
        type="number"
        label="Brush Size"
        value={p.brush}
        onChange={(e) => p.onBrush(Number(e.target.value))}
        slotProps={{ htmlInput: { min: brush.min, max: brush.max, step: brush.step } }}
        sx={{ mt: 1.5, width: 120 }}
      />
      {p.onTissueCount !== null && (
        <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
          On tissue: {p.onTissueCount} tixels
        </Typography>
      )}
    </>
  );
}
