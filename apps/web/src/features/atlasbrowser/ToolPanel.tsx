import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ATLASBROWSER, ATLASBROWSER_MSG } from '@atlas/contracts';
import { CountsTools } from './CountsTools';
import { RotationTools } from './RotationTools';
import { ThresholdingTools } from './ThresholdingTools';
import { TixelOnOffTools } from './TixelOnOffTools';
import type { Background, ToolPanelProps } from './toolPanelProps';
import { ToolSection as Section } from './ToolSection';

/** The left tool panel of spec 02 §4.3, in its order: scale, rotation, crop, ROI, threshold, background, counts, on/off. */
export function ToolPanel(p: ToolPanelProps) {
  const { scale } = ATLASBROWSER;
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
        <ThresholdingTools {...p} />
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
        <CountsTools {...p} />
      </Section>
      <Divider />
      <Section title="On/Off">
        <TixelOnOffTools {...p} />
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
