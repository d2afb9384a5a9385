/**
 * Metadata (spec 03 §2.1 top bar): the open run's species, organ, type and run id, read-only, and how its web files
 * were made from the h5ad (counts or log-normalised input, where clusters and the explorer's values come from).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { analysisPathText, EXPLORER_MSG } from '@atlas/contracts';
import { useRunData } from '../data/runData';
import { useExplorer } from '../state/store';
import type { RunMeta } from '../data/runMeta';

export function MetadataDialog({ open, meta, onClose }: { open: boolean; meta: RunMeta | null; onClose: () => void }) {
  const run = useExplorer((s) => s.run);
  const analysis = useRunData(open ? run : null).data?.analysis ?? null;
  const rows: [string, string][] = meta
    ? [
        ['Species', meta.species.replace(/_/g, ' ')],
        ['Organ', meta.organ],
        ['Type', meta.assay],
        ['Run ID', meta.run_id],
      ]
    : [];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Metadata</DialogTitle>
      <DialogContent>
        {meta ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {rows.map(([label, value]) => (
              <TextField
                key={label}
                label={label}
                value={value}
                size="small"
                slotProps={{ input: { readOnly: true } }}
              />
            ))}
            {analysis && (
              <TextField
                label="Analysis path"
                value={analysisPathText(analysis)}
                size="small"
                multiline
                slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'analysis-path' } }}
              />
            )}
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
