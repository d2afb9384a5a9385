import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import UploadFile from '@mui/icons-material/UploadFile';
import { CATEGORY_COLOURS } from '@atlas/viz';
import { useSnackbar } from '../../../app/feedback';
import { useRunData } from '../data/runData';
import { postCellType, useTaskState } from '../data/tasks';
import { isCsvFile } from '../top-bar/nameMatching';
import { useExplorer } from '../state/store';
import { parseMarkerCsv, reportOfResult, type CellTypeReport, type NameMap } from './markerCsv';
import { EXPLORER_MSG } from '@atlas/contracts';
import { clusterColour } from '../plots/colours';

/**
 * Cell Type Mapping (spec 03 §2.1): a label per cluster, typed or computed. Upload reads a marker csv (one cell
 * type per row: `label, marker, …`) and cleans it (spec 03 §5); nothing runs until Apply. Apply with markers runs
 * gene.compute_cell_type, polled every 1000 ms; FAILURE says 'Worker failed for CellType', SUCCESS applies the
 * labels, shows the cell-type view and keeps the dialog open with the reason under every 'Undefined' cluster.
 * Apply without markers uses the labels as typed and closes.
 */
export function CellTypeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const run = useExplorer((s) => s.run);
  const stored = useExplorer((s) => s.clusterLabels);
  const clusterColors = useExplorer((s) => s.clusterColors);
  const patch = useExplorer((s) => s.patch);
  const showSnack = useSnackbar();
  const data = useRunData(open ? run : null);
  const clusters = data.data?.clusterNames ?? [];
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [taskId, setTaskId] = useState<string | null>(null);
  const [markers, setMarkers] = useState<{ file: string; map: NameMap } | null>(null);
  const [report, setReport] = useState<CellTypeReport | null>(null);
  const [posting, setPosting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const task = useTaskState(taskId, run);

  useEffect(() => {
    if (open) setLabels(stored ?? {});
  }, [open, stored]);
  useEffect(() => {
    if (!open) {
      setMarkers(null);
      setReport(null);
    }
  }, [open]);

  const applyLabels = (values: Record<string, string>) => {
    const complete = Object.fromEntries(clusters.map((c) => [c, values[c]?.trim() || 'Undefined']));
    // The cell-type view shows categories: a chosen feature would keep the plots in expression colours.
    patch({ clusterLabels: complete, mode: 'celltype', features: [], range: null });
  };

  // The task's end: failure is a toast, success applies the labels. An effect event: it reads the latest labels and
  // result, but only the task's status changing runs it.
  const status = task.data?.status;
  const onTaskStatus = useEffectEvent((now: NonNullable<typeof status>) => {
    if (now === 'FAILURE') {
      setTaskId(null);
      showSnack(EXPLORER_MSG.cellTypeFailed, { color: 'error' });
    } else if (now === 'SUCCESS') {
      const result = reportOfResult(task.data?.result);
      setTaskId(null);
      setMarkers(null);
      setLabels(result.labels);
      setReport(result);
      applyLabels(result.labels);
      showSnack(EXPLORER_MSG.cellTypesApplied, { color: 'success' });
    }
  });
  useEffect(() => {
    if (taskId && status) onTaskStatus(status);
  }, [taskId, status]);
  useEffect(() => {
    if (task.error && taskId) {
      setTaskId(null);
      showSnack(task.error.message, { color: 'error' });
    }
  }, [task.error, taskId, showSnack]);

  const upload = async (file: File) => {
    if (!run) return;
    if (!isCsvFile(file.name)) {
      showSnack(EXPLORER_MSG.wrongFileType, { color: 'error' });
      return;
    }
    let map: NameMap;
    try {
      map = await parseMarkerCsv(await file.text());
    } catch (error) {
      // A quote never closed: the message names its line.
      showSnack((error as Error).message, { color: 'error' });
      return;
    }
    if (Object.keys(map).length === 0) {
      showSnack(EXPLORER_MSG.noMarkers, { color: 'warning' });
      return;
    }
    setMarkers({ file: file.name, map });
    setReport(null);
  };

  const apply = async () => {
    if (!markers) {
      applyLabels(labels);
      onClose();
      return;
    }
    if (!run) return;
    setPosting(true);
    try {
      const state = await postCellType(run, markers.map);
      setTaskId(state._id);
    } catch (error) {
      showSnack((error as Error).message, { color: 'error' });
    } finally {
      setPosting(false);
    }
  };

  const busy = posting || taskId !== null;
  const progress = task.data?.progress ?? 0;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="cell-type-mapping-title"
    >
      <DialogTitle id="cell-type-mapping-title">Cell Type Mapping</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 2 }}>
          Type a label for each cluster, or upload a csv of marker genes (one cell type per row: label, marker, marker,
          …).
        </DialogContentText>
        {markers && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="cell-type-markers">
            {EXPLORER_MSG.markersLoaded(markers.file, Object.keys(markers.map).length)}
          </Alert>
        )}
        {report && (report.skipped.length > 0 || report.unknownMarkers.length > 0) && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="cell-type-notes">
            {report.skipped.length > 0 && (
              <div>{EXPLORER_MSG.cellTypesSkipped(report.skipped.map((s) => `${s.cluster} (${s.n})`))}</div>
            )}
            {report.unknownMarkers.length > 0 && <div>{EXPLORER_MSG.unknownMarkers(report.unknownMarkers)}</div>}
          </Alert>
        )}
        {busy && (
          <LinearProgress
            variant={progress > 0 ? 'determinate' : 'indeterminate'}
            value={progress}
            sx={{ mb: 2 }}
            aria-label="Cell typing"
          />
        )}
        <Box sx={{ display: 'grid', gap: 1.25 }}>
          {clusters.map((cluster, i) => (
            <Box key={cluster} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
              <Box
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  flex: 'none',
                  mt: 1.5,
                  bgcolor: clusterColour(CATEGORY_COLOURS, clusterColors, cluster, i),
                }}
              />
              <TextField
                size="small"
                fullWidth
                label={cluster}
                value={labels[cluster] ?? ''}
                disabled={busy}
                onChange={(e) => setLabels((l) => ({ ...l, [cluster]: e.target.value }))}
                helperText={report?.reasons[cluster] ? `Undefined: ${report.reasons[cluster]}` : undefined}
                slotProps={{ formHelperText: { sx: { color: 'warning.dark' } } }}
              />
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<UploadFile />} disabled={busy || !run} onClick={() => fileInput.current?.click()}>
          Upload
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="cell-type-upload"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
        <Box sx={{ flex: 1 }} />
        {/* After a computed result the labels are applied already: closing keeps them. */}
        <Button onClick={onClose} disabled={busy}>
          {report ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="contained" onClick={() => void apply()} disabled={busy || clusters.length === 0}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
