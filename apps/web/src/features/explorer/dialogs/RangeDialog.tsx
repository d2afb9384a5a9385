/** Min/Max Range (spec 03 §2.1 tool column): the colour scale's ends, typed by hand. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EXPLORER_MSG } from '@atlas/contracts';
import { parseRangeValue } from './inputRules';

/** Min/Max Range: both fields must contain a digit ('Value must be digit'); Reset returns to the data's range. */
export function RangeDialog({
  open,
  current,
  onApply,
  onReset,
  onClose,
}: {
  open: boolean;
  current: [number, number];
  onApply: (range: [number, number]) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Min/Max Range</DialogTitle>
      {open && <RangeForm current={current} onApply={onApply} onReset={onReset} onClose={onClose} />}
    </Dialog>
  );
}

const fmt = (v: number) => String(Math.round(v * 1000) / 1000);

function RangeForm({ current, onApply, onReset, onClose }: Omit<Parameters<typeof RangeDialog>[0], 'open'>) {
  const [min, setMin] = useState(fmt(current[0]));
  const [max, setMax] = useState(fmt(current[1]));
  const [touched, setTouched] = useState(false);
  const lo = parseRangeValue(min);
  const hi = parseRangeValue(max);
  return (
    <>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Min"
            size="small"
            value={min}
            onChange={(e) => setMin(e.target.value)}
            error={touched && lo === null}
            helperText={lo === null ? EXPLORER_MSG.valueMustBeDigit : ' '}
          />
          <TextField
            label="Max"
            size="small"
            value={max}
            onChange={(e) => setMax(e.target.value)}
            error={touched && hi === null}
            helperText={hi === null ? EXPLORER_MSG.valueMustBeDigit : ' '}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onReset}>Reset</Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
            setTouched(true);
            if (lo !== null && hi !== null) onApply([lo, hi]);
          }}
        >
          Apply
        </Button>
      </DialogActions>
    </>
  );
}
