import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { ToolPanelProps } from './toolPanelProps';

type CountsToolsProps = Pick<ToolPanelProps, 'countsLoaded' | 'showCounts' | 'onShowCounts' | 'bounds' | 'onBounds'>;

/** The colour scale's two ends, in the order shown. */
const BOUNDS = [
  { key: 'lower', label: 'Lower' },
  { key: 'upper', label: 'Upper' },
] as const;

/** Counts over the tixels: shown or not, with the colour scale's lower and upper bounds. */
export function CountsTools(p: CountsToolsProps) {
  return (
    <>
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
          {BOUNDS.map(({ key, label }) => (
            <TextField
              key={key}
              size="small"
              type="number"
              label={label}
              value={p.bounds[key]}
              onChange={(e) => p.onBounds({ ...p.bounds, [key]: Number(e.target.value) })}
            />
          ))}
        </Box>
      )}
    </>
  );
}
