/** The explorer's dialogs: Metadata, Color Configuration, Min/Max Range and "Tixel Id's Selected" (spec 03 §2.1). */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RunMeta } from '../data/api';
import { checkHexColour, parseRangeValue, rankedTableCsv, rankedTableFileName, type RankedRow } from '../logic';
import { EXPLORER_MSG, KIND_LABEL, type FeatureKind } from '@atlas/contracts';
import { downloadBlob } from '../../../components/download';

export function MetadataDialog({ open, meta, onClose }: { open: boolean; meta: RunMeta | null; onClose: () => void }) {
  const rows: [string, string][] = meta
    ? [
        ['Species', meta.species.replace(/_/g, ' ')],
        ['Organ', meta.organ],
        ['Type', meta.assay],
        ['Run ID', meta.run_id],
      ]
    : [];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Metadata</DialogTitle>
      <DialogContent>
        {meta ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {rows.map(([label, value]) => (
              <TextField key={label} label={label} value={value} size="small" slotProps={{ input: { readOnly: true } }} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{EXPLORER_MSG.metadataNotFound}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

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
                <Typography sx={{ width: 110, pt: 1, overflow: 'hidden', textOverflow: 'ellipsis' }} noWrap title={name}>
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

/** Browser download of a text file. */
export function downloadText(text: string, fileName: string, type = 'text/csv'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

export interface SelectionResult {
  kind: FeatureKind;
  count: number;
  top: string[];
  table: RankedRow[];
}

/** "Tixel Id's Selected": the top 10 of the selection's ranking, Save (full ranked table as CSV) and Close. */
export function SelectionDialog({
  open,
  runId,
  result,
  onPick,
  onClose,
}: {
  open: boolean;
  runId: string;
  result: SelectionResult | null;
  onPick?: (name: string) => void;
  onClose: () => void;
}) {
  const top = result ? result.table.slice(0, 10) : [];
  return (
    <Dialog open={open && result !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="tixels-selected-title">
      <DialogTitle id="tixels-selected-title">Tixel Id&apos;s Selected</DialogTitle>
      {result && (
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {result.count.toLocaleString()} tixels selected, ranked against the rest (Welch t-test).
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {KIND_LABEL[result.kind].top}
          </Typography>
          <Table size="small" aria-label={KIND_LABEL[result.kind].top}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Name</TableCell>
                <TableCell align="right">Score</TableCell>
                <TableCell align="right">log2FC</TableCell>
                <TableCell align="right">p adj.</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {top.map((row, i) => (
                <TableRow
                  key={row.name}
                  hover={Boolean(onPick)}
                  onClick={onPick ? () => onPick(row.name) : undefined}
                  sx={{ cursor: onPick ? 'pointer' : undefined }}
                >
                  <TableCell>{i + 1}</TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>{row.name}</TableCell>
                  <TableCell align="right">{row.score.toFixed(2)}</TableCell>
                  <TableCell align="right">{row.log2fc.toFixed(2)}</TableCell>
                  <TableCell align="right">{row.p_adj.toExponential(2)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {top.length === 0 && (
            <List dense>
              <ListItem>
                <ListItemText primary="No features ranked." />
              </ListItem>
            </List>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button
          disabled={!result}
          onClick={() => result && downloadText(rankedTableCsv(result.table, result.kind), rankedTableFileName(runId, result.kind, result.count))}
        >
          Save
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
