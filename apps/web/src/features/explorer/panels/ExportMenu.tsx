/**
 * "Export as .h5ad" (issue 34): the whole run, the current selection or one shared annotation as an AnnData file for
 * a notebook, or their barcodes as CSV, with the export's progress under the button while it is made and arrives.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { compactSelection, EXPORT_MSG, type TExportRequest } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import type { Annotation } from '../data/annotations';
import { downloadExport, type ExportProgress } from '../data/exports';
import { useObservationNoun } from '../data/cellOutlines';

export function ExportMenu({
  runId,
  selection,
  annotations,
}: {
  runId: string;
  selection: number[] | null;
  annotations: Annotation[];
}) {
  const noun = useObservationNoun();
  const showSnack = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  const start = (request: TExportRequest) => {
    setAnchor(null);
    downloadExport(request, setProgress)
      .then((name) => showSnack(EXPORT_MSG.done(name), { color: 'success' }))
      .catch((error: unknown) => showSnack((error as Error).message, { color: 'error' }))
      .finally(() => setProgress(null));
  };
  const count = selection?.length ?? 0;
  const base = { run_id: runId };
  // The shortest wire form: a large selection of a large run fits the request only as a bitset or its ranges.
  const selected = selection ? { ...base, observations: compactSelection(selection) } : base;

  return (
    <Box sx={{ mb: 1 }}>
      <Button
        variant="outlined"
        size="small"
        disabled={progress !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="export-h5ad"
      >
        {EXPORT_MSG.action}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => start(base)}>Whole run (.h5ad)</MenuItem>
        <MenuItem disabled={count === 0} onClick={() => start(selected)}>
          Selection of {count.toLocaleString('en')} {noun} (.h5ad)
        </MenuItem>
        {annotations.map((a) => (
          <MenuItem key={a.id} onClick={() => start({ ...base, annotation_id: a.id })}>
            Annotation {a.name} (.h5ad)
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => start({ ...selected, format: 'csv' })}>
          {EXPORT_MSG.barcodesAction}: {count > 0 ? 'selection' : 'whole run'}
        </MenuItem>
      </Menu>
      {progress && (
        <Box sx={{ mt: 1, maxWidth: 360 }} data-testid="export-progress">
          <LinearProgress
            variant={progress.phase === 'downloading' ? 'determinate' : 'indeterminate'}
            value={progress.phase === 'downloading' ? progress.percent : undefined}
          />
          <Typography variant="caption" color="text.secondary">
            {progress.phase === 'downloading' ? EXPORT_MSG.downloading(progress.percent) : EXPORT_MSG.preparing}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
