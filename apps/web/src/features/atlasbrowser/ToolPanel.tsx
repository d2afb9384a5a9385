import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Undo from '@mui/icons-material/Undo';
import { ATLASBROWSER, ATLASBROWSER_MSG } from '@atlas/contracts';
import { RotationTools, type RotationToolsProps } from './RotationTools';
import type { StageMode } from './Stage';
import type { AutofillMethod } from './useThreshold';

export type Background = 'postB' | 'bsa' | 'bw';

export interface ToolPanelProps {
  updateMode: boolean;
  scale: number;
  onScale(v: number): void;
  rotation: RotationToolsProps;
  mode: StageMode;
  onActivateCrop(): void;
  onConfirmCrop(): void;
  onActivateRoi(): void;
  gridShown: boolean;
  canShowGrid: boolean;
  onGrid(show: boolean): void;
  cValue: number;
  neighborhood: number;
  onCValue(v: number): void;
  onNeighborhood(v: number): void;
  onThreshold(): void;
  thresholding: boolean;
  background: Background;
  backgrounds: Record<Background, boolean>;
  onBackground(b: Background): void;
  countsLoaded: boolean;
  showCounts: boolean;
  onShowCounts(v: boolean): void;
  bounds: { lower: number; upper: number };
  onBounds(b: { lower: number; upper: number }): void;
  autofillMethod: AutofillMethod;
  onAutofillMethod(m: AutofillMethod): void;
  /** The last automatic threshold applied, when there is one. */
  autoThreshold: number | null;
  canAutofill: boolean;
  onAutofill(): void;
  canBrush: boolean;
  onBrushMode(mode: 'fill' | 'erase' | null): void;
  brush: number;
  onBrush(v: number): void;
  canUndo: boolean;
  onUndo(): void;
  onGenerate(): void;
  onCheck(): void;
  onTissueCount: number | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ py: 1 }}>
      <Typography variant="overline" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The left tool panel of spec 02 §4.3, in its order: scale, rotation, crop, ROI, threshold, background, counts, on/off. */
export function ToolPanel(p: ToolPanelProps) {
  const { threshold, brush, scale } = ATLASBROWSER;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, width: 300, flexShrink: 0, overflow: 'auto', maxHeight: 'calc(100vh - 150px)' }}
    >
      <Section title="Scale">
        <Slider
          min={scale.min}
          max={scale.max}
          step={scale.step}
          shiftStep={0.05}
          value={p.scale}
          onChange={(_, v) => p.onScale(v)}
          valueLabelDisplay="auto"
          aria-label="Scale"
        />
      </Section>
      <Divider />
      <Section title="Rotation">
        <RotationTools {...p.rotation} disabled={p.updateMode} />
      </Section>
      <Divider />
      <Section title="Crop">
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" disabled={p.updateMode || p.mode === 'crop'} onClick={p.onActivateCrop}>
            Activate Crop
          </Button>
          <Button variant="contained" disabled={p.updateMode || p.mode !== 'crop'} onClick={p.onConfirmCrop}>
            Confirm Crop
          </Button>
        </Box>
      </Section>
      <Divider />
      <Section title="ROI">
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={p.mode === 'roi'} onClick={p.onActivateRoi}>
            Activate ROI
          </Button>
          {p.gridShown ? (
            <Button variant="outlined" onClick={() => p.onGrid(false)}>
              Hide Grid
            </Button>
          ) : (
            <Button variant="outlined" disabled={!p.canShowGrid} onClick={() => p.onGrid(true)}>
              Display Grid
            </Button>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          Drag a corner, or select it and nudge it with the arrow keys (Shift: 10 px).
        </Typography>
      </Section>
      <Divider />
      <Section title="Thresholding">
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
      </Section>
      <Divider />
      <Section title="Background">
        <ToggleButtonGroup
          size="small"
          exclusive
          value={p.background}
          onChange={(_, v: Background | null) => v && p.onBackground(v)}
          aria-label="Background image"
        >
          <ToggleButton value="postB" disabled={!p.backgrounds.postB}>
            PostB
          </ToggleButton>
          <ToggleButton value="bsa" disabled={!p.backgrounds.bsa}>
            BSA
          </ToggleButton>
          <ToggleButton value="bw" disabled={!p.backgrounds.bw}>
            BW
          </ToggleButton>
        </ToggleButtonGroup>
        {!p.backgrounds.postB && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {ATLASBROWSER_MSG.noPostBImage}
          </Typography>
        )}
      </Section>
      <Divider />
      <Section title="Counts">
        <FormControlLabel
          control={
            <Checkbox
              checked={p.showCounts}
              disabled={!p.countsLoaded}
              onChange={(e) => p.onShowCounts(e.target.checked)}
            />
          }
          label={p.showCounts ? 'Hide Counts' : 'Show Counts'}
        />
        {p.showCounts && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Box
              aria-hidden
              sx={{
                width: 16,
                borderRadius: 0.5,
                background: 'linear-gradient(to top, #00007f, #0000ff, #00ffff, #ffff00, #ff0000, #7f0000)',
              }}
            />
            <TextField
              size="small"
              type="number"
              label="Lower"
              value={p.bounds.lower}
              onChange={(e) => p.onBounds({ ...p.bounds, lower: Number(e.target.value) })}
            />
            <TextField
              size="small"
              type="number"
              label="Upper"
              value={p.bounds.upper}
              onChange={(e) => p.onBounds({ ...p.bounds, upper: Number(e.target.value) })}
            />
          </Box>
        )}
      </Section>
      <Divider />
      <Section title="On/Off">
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
      </Section>
      <Divider />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1.5 }}>
        <Button variant="contained" color="secondary" onClick={p.onGenerate}>
          Generate Spatial Folder
        </Button>
        <Button variant="outlined" onClick={p.onCheck}>
          Check Spatial Folder
        </Button>
      </Box>
    </Paper>
  );
}
