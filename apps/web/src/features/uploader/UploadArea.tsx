import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUpload from '@mui/icons-material/CloudUpload';
import {
  isTrackFileName,
  SIGNATURE_BYTES,
  signatureProblem,
  UPLOAD_MSG,
  UPLOAD_SLOTS,
  uploadKey,
  type UploadSlot,
} from '@atlas/contracts';
import { formatBytes, formatDuration } from './rate';
import { useTusUpload } from './useTusUpload';

const ACCEPT = {
  tiff: '.tif,.tiff,image/tiff',
  h5ad: '.h5ad',
  track: '.bw,.bigwig,.bb,.bigbed,.bed,.bedgraph,.bg,.gz,.tbi,.csi',
} as const;
const WHAT = {
  tiff: 'a TIFF image',
  h5ad: 'a .h5ad file',
  track: 'a bigWig, bigBed, BED, bedGraph or fragments file (or its .tbi/.csi index)',
} as const;

interface UploadAreaProps {
  slot: UploadSlot;
  /** A valid run id, or null: the area is disabled until one is given. */
  runId: string | null;
}

/** One drop area of the Uploader (spec 03 §2.7): name, size, destination, Clear and Upload; progress while it runs. */
export function UploadArea({ slot, runId }: UploadAreaProps) {
  const spec = UPLOAD_SLOTS[slot];
  const [file, setFile] = useState<File | null>(null);
  /** Why the chosen file cannot go in this slot, from its first bytes: said before anything is sent. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { state, start, cancel, reset } = useTusUpload(runId ?? '', slot);
  const disabled = runId === null;
  const busy = state.phase === 'uploading' || state.phase === 'reconnecting';
  const accept = ACCEPT[spec.kind];

  const choose = (chosen: File | undefined) => {
    if (!chosen || disabled || busy) return;
    setFile(chosen);
    setRefusal(null);
    reset();
    if (spec.kind === 'track' && !isTrackFileName(chosen.name))
      return setRefusal(UPLOAD_MSG.refused(chosen.name, UPLOAD_MSG.notATrack));
    void chosen
      .slice(0, SIGNATURE_BYTES)
      .arrayBuffer()
      .then((head) => {
        const problem = signatureProblem(spec.kind, new Uint8Array(head), chosen.name);
        if (problem) setRefusal(UPLOAD_MSG.refused(chosen.name, problem));
      });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const clear = () => {
    setFile(null);
    setRefusal(null);
    reset();
    if (input.current) input.current.value = '';
  };

  const percent = state.total > 0 ? (state.sent / state.total) * 100 : 0;
  const left = state.speed && state.speed > 0 ? (state.total - state.sent) / state.speed : null;

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={spec.label}
      aria-disabled={disabled}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        p: 2,
        opacity: disabled ? 0.55 : 1,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : undefined,
      }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CloudUpload color={disabled ? 'disabled' : 'primary'} />
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {spec.label}
          </Typography>
          <Button size="small" disabled={disabled || busy} onClick={() => input.current?.click()}>
            Choose File
          </Button>
          <input
            ref={input}
            hidden
            type="file"
            accept={accept}
            aria-label={`${spec.label} file`}
            disabled={disabled || busy}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Stack>
        {disabled && (
          <Typography variant="body2" color="text.secondary">
            {UPLOAD_MSG.enterRunId}
          </Typography>
        )}
        {!disabled && !file && (
          <Typography variant="body2" color="text.secondary">
            Drop {WHAT[spec.kind]} here or choose one.
          </Typography>
        )}
        {file && runId && (
          <Box>
            <Typography variant="body2">
              <b>Name:</b> {file.name} {state.phase === 'done' && <b>{UPLOAD_MSG.uploaded}</b>}
            </Typography>
            <Typography variant="body2">
              <b>Size:</b> {formatBytes(file.size)}
            </Typography>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              <b>Path:</b> {uploadKey(runId, slot, file.name)}
            </Typography>
          </Box>
        )}
        {busy && (
          <Box>
            <LinearProgress variant="determinate" value={percent} aria-label={`${spec.label} progress`} />
            <Typography variant="caption" color="text.secondary" aria-live="polite">
              {state.phase === 'reconnecting'
                ? `Connection lost at ${percent.toFixed(0)} %: retrying, the upload goes on from where it stopped.`
                : `${percent.toFixed(0)} % · ${formatBytes(state.sent)} of ${formatBytes(state.total)}` +
                  (state.speed ? ` · ${formatBytes(state.speed)}/s` : '') +
                  (left !== null ? ` · ${formatDuration(left)} left` : '')}
            </Typography>
          </Box>
        )}
        {state.phase === 'done' && state.result && (
          <Alert severity="success" variant="outlined">
            Stored at {state.result.key}: {state.result.description}
          </Alert>
        )}
        {state.phase === 'error' && state.error && <Alert severity="error">{state.error}</Alert>}
        {refusal && <Alert severity="error">{refusal}</Alert>}
        {file && runId && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {busy ? (
              <Button color="warning" onClick={() => void cancel()}>
                Cancel
              </Button>
            ) : (
              <>
                <Button onClick={clear}>Clear</Button>
                <Button
                  variant="contained"
                  disabled={state.phase === 'done' || refusal !== null}
                  onClick={() => void start(file)}
                >
                  Upload
                </Button>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
