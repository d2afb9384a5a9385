/** Color Configuration (spec 03 §2.1 legend): a colour per cluster or cell type, typed as hex or picked. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkHexColour } from './inputRules';

/** Per-cluster colour text plus a picker; text must start with '#' and have 6 hex digits after it. */
export function ColorConfigDialog({
  open,
  names,
  colors,
  onApply,
  onClose,
}: {
  open: boolean;
  names: string[];
  /** Current colour of each name (same order). */
  colors: string[];
  onApply: (overrides: Record<string, string>) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Color Configuration</DialogTitle>
      {open && <ColorConfigForm names={names} colors={colors} onApply={onApply} onClose={onClose} />}
    </Dialog>
  );
}

function ColorConfigForm({ names, colors, onApply, onClose }: Omit<Parameters<typeof ColorConfigDialog>[0], 'open'>) {
  const [texts, setTexts] = useState<string[]>(colors);
  const checks = texts.map(checkHexColour);
  const setAt = (i: number, text: string) => setTexts((t) => t.map((v, j) => (j === i ? text : v)));
  return (
    <>
      <DialogContent dividers sx={{ maxHeight: 420 }}>
        <Stack spacing={1.5}>
          {names.map((name, i) => {
            const check = checks[i]!;
            return (
              <Stack key={name} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography
                  sx={{ width: 110, pt: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}
                  noWrap
                  title={name}
                >
                  {name}
                </Typography>
                <TextField
                  size="small"
                  value={texts[i]}
                  onChange={(e) => setAt(i, e.target.value)}
                  error={!check.ok && check.error !== null}
                  helperText={!check.ok && check.error ? check.error : ' '}
                  slotProps={{ htmlInput: { 'aria-label': `Colour of ${name}` } }}
                  sx={{ flex: 1 }}
                />
                <input
                  type="color"
                  aria-label={`Pick colour of ${name}`}
                  value={check.ok ? check.hex : colors[i]!}
                  onChange={(e) => setAt(i, e.target.value)}
                  style={{ width: 40, height: 40, border: 'none', background: 'none', padding: 0 }}
                />
              </Stack>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
            const out: Record<string, string> = {};
            names.forEach((name, i) => {
              const c = checks[i]!;
              if (c.ok && c.hex !== colors[i]) out[name] = c.hex;
            });
            onApply(out);
          }}
        >
          Apply
        </Button>
      </DialogActions>
    </>
  );
}
