/** "Tixel Id's Selected" (spec 03 §2.1): the ranking of a lasso/quad selection (gene.compute_qc) and its CSV. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { deMethodLabel, EXPLORER_MSG, KIND_LABEL, type FeatureKind } from '@atlas/contracts';
import { downloadBlob } from '../../../components/download';
import type { ObservationNoun } from '../data/cellOutlines';
import type { DeTest } from '../data/tasks';
import { rankedTableCsv, rankedTableFileName, type RankedRow } from './rankedTable';

/**
 * Past this |log2 fold change| (a 1000-fold change) one group's mean is practically zero: the value (up to ±30
 * with scanpy's 1e-9 pseudo-count) says "only here", not how much more, so it carries a note.
 */
const LARGE_LOG2FC = 10;

/** Browser download of a text file. */
function downloadText(text: string, fileName: string, type = 'text/csv'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

export interface SelectionResult {
  kind: FeatureKind;
  count: number;
  top: string[];
  /** The top rows of the ranking (gene.compute_qc answers SELECTION_TABLE_ROWS unless asked for all). */
  table: RankedRow[];
  /** How many features were ranked: Save fetches the rest when the table holds fewer. */
  features: number;
  /** Set A vs set B (shared annotations): what was compared; absent = a selection against the rest. */
  comparison?: { a: string; b: string };
  /** The test that ranked the table (as the task reports it). */
  test: DeTest;
}

/** The DE options of the selector: Welch (the spec's original), Wilcoxon as scanpy's default, and tie-corrected. */
const TESTS: readonly DeTest[] = [
  { method: 't-test', tieCorrect: false },
  { method: 'wilcoxon', tieCorrect: false },
  { method: 'wilcoxon', tieCorrect: true },
];
const testKey = (test: DeTest): string =>
  `${test.method}${test.method === 'wilcoxon' && test.tieCorrect ? '-tie' : ''}`;

/** "Tixel Id's Selected": the top 10 of the selection's ranking, Save (full ranked table as CSV) and Close. */
export function SelectionDialog({
  open,
  runId,
  result,
  test,
  onTestChange,
  running = false,
  onPick,
  onSave,
  onClose,
  noun = 'tixels',
}: {
  open: boolean;
  runId: string;
  /** What the run's observations are called: cells on a single-cell-resolution run. */
  noun?: ObservationNoun;
  result: SelectionResult | null;
  /** The DE option chosen; changing it ranks the selection again. Without onTestChange no selector is shown. */
  test?: DeTest;
  onTestChange?: (test: DeTest) => void;
  /** A ranking is being computed (e.g. after choosing another test). */
  running?: boolean;
  onPick?: (name: string) => void;
  /** Every row of the ranking, for Save; without it Save writes the rows the result holds. */
  onSave?: () => Promise<RankedRow[]>;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const top = result ? result.table.slice(0, 10) : [];
  const label = result ? deMethodLabel(result.test.method, result.test.tieCorrect) : '';
  return (
    <Dialog
      open={open && result !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="tixels-selected-title"
    >
      <DialogTitle id="tixels-selected-title">Tixel Id&apos;s Selected</DialogTitle>
      {result && (
        <DialogContent dividers>
          {onTestChange && (
            <TextField
              select
              size="small"
              label="Test"
              value={testKey(test ?? result.test)}
              onChange={(e) => onTestChange(TESTS.find((t) => testKey(t) === e.target.value)!)}
              sx={{ mb: 1.5, minWidth: 280 }}
              slotProps={{ htmlInput: { 'data-testid': 'de-test' } }}
            >
              {TESTS.map((t) => (
                <MenuItem key={testKey(t)} value={testKey(t)}>
                  {deMethodLabel(t.method, t.tieCorrect)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {running && <LinearProgress sx={{ mb: 1 }} aria-label="Ranking" />}
          <Typography variant="body2" color="text.secondary" gutterBottom data-testid="selection-summary">
            {result.comparison
              ? `${result.comparison.a} (${result.count.toLocaleString()} ${noun}) ranked against ${result.comparison.b} (${label}).`
              : `${result.count.toLocaleString()} ${noun} selected, ranked against the rest (${label}).`}
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
                  <TableCell align="right">
                    {Math.abs(row.log2fc) > LARGE_LOG2FC ? `${row.log2fc.toFixed(2)} †` : row.log2fc.toFixed(2)}
                  </TableCell>
                  <TableCell align="right">{row.p_adj.toExponential(2)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {top.some((row) => Math.abs(row.log2fc) > LARGE_LOG2FC) && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="log2fc-note">
              {EXPLORER_MSG.foldChangeNearZero}
            </Typography>
          )}
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
        {saveError && (
          <Alert severity="error" sx={{ py: 0, mr: 'auto' }}>
            {saveError}
          </Alert>
        )}
        <Button
          disabled={!result || saving}
          onClick={() => {
            if (!result) return;
            setSaving(true);
            setSaveError(null);
            (onSave ? onSave() : Promise.resolve(result.table))
              .then((rows) =>
                downloadText(
                  rankedTableCsv(rows, result.kind, label),
                  rankedTableFileName(runId, result.kind, result.count),
                ),
              )
              .catch((e: Error) => setSaveError(e.message || EXPLORER_MSG.workerFailed))
              .finally(() => setSaving(false));
          }}
        >
          {saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
