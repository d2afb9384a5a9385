import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import RotateLeft from '@mui/icons-material/RotateLeft';
import RotateRight from '@mui/icons-material/RotateRight';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import SwapVert from '@mui/icons-material/SwapVert';
import { ATLASBROWSER } from '@atlas/contracts';
import type { Axis, Orientation } from './orientation';

const FLIPS = [
  { axis: 'horizontal', label: 'Flip Horizontal', Icon: SwapHoriz },
  { axis: 'vertical', label: 'Flip Vertical', Icon: SwapVert },
] as const satisfies ReadonlyArray<{ axis: Axis; label: string }>;

export interface RotationToolsProps {
  orientation: Orientation;
  step: 90 | 45;
  onStep(v: 90 | 45): void;
  onRotate(direction: 'left' | 'right'): void;
  onFlip(axis: Axis): void;
}

/**
 * Rotation (spec 02 §4.3: left or right by 90°, or left by 45°) and mirroring, which the task's orientation
 * carries (horizontal_flip, vertical_flip) for chips imaged from the back or upside down.
 */
export function RotationTools(p: RotationToolsProps & { disabled: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button variant="outlined" startIcon={<RotateLeft />} disabled={p.disabled} onClick={() => p.onRotate('left')}>
          Left
        </Button>
        <Button
          variant="outlined"
          startIcon={<RotateRight />}
          disabled={p.disabled || p.step === 45}
          onClick={() => p.onRotate('right')}
        >
          Right
        </Button>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={p.step}
          onChange={(_, v: 90 | 45 | null) => v && p.onStep(v)}
          aria-label="Rotation step"
          disabled={p.disabled}
        >
          {ATLASBROWSER.rotationSteps.map((step) => (
            <ToggleButton key={step} value={step}>
              {step}°
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {FLIPS.map(({ axis, label, Icon }) => (
          <ToggleButton
            key={axis}
            size="small"
            value={axis}
            selected={p.orientation[`${axis}_flip`]}
            disabled={p.disabled}
            onChange={() => p.onFlip(axis)}
          >
            <Icon fontSize="small" sx={{ mr: 0.5 }} />
            {label}
          </ToggleButton>
        ))}
      </Box>
    </Box>
  );
}
