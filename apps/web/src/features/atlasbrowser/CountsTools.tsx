import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { ToolPanelProps } from './toolPanelProps';

type CountsToolsProps = Pick<ToolPanelProps, 'countsLoaded' | 'showCounts' | 'onShowCounts' | 'bounds' | 'onBounds'>;

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
    </>
  );
}
