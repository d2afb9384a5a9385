import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ATLASBROWSER, ATLASBROWSER_MSG, type TFieldOptions, type TTaskState } from '@atlas/contracts';
import { DROPDOWNS, FLOW_FIELDS, TEXT_FIELDS, type RunMetadata } from './metadata';

const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);
/** Step headers shorten file names at 15 characters (spec 02 §9). */
export const shortName = (name: string) =>
  name.length > ATLASBROWSER.fileNameShortenAt ? `${name.slice(0, ATLASBROWSER.fileNameShortenAt)}...` : name;

export function RunSearchDialog({
  open,
  runs,
  loading,
  error,
  onChoose,
  onClose,
}: {
  open: boolean;
  runs: string[];
  loading: boolean;
  error: string | null;
  onChoose(run: string): void;
  onClose(): void;
}) {
  const [search, setSearch] = useState('');
  const shown = runs.filter((r) => r.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="run-search-title">
      <DialogTitle id="run-search-title">Choose a Run</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Search runs"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mt: 1 }}
        />
        {error ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ) : loading ? (
          <CircularProgress size={28} sx={{ m: 2 }} aria-label="Loading runs" />
        ) : shown.length === 0 ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {ATLASBROWSER_MSG.noRunFolders}
          </Alert>
        ) : (
          <List dense aria-label="Run folders" sx={{ maxHeight: 320, overflow: 'auto' }}>
            {shown.map((run) => (
              <ListItemButton key={run} onClick={() => onChoose(run)}>
                <ListItemText primary={run} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The BSA image to process and, optionally, the run's PostB image to show behind it (`suggestedPostB` first). */
export function ImageChoiceDialog({
  images,
  suggestedPostB,
  onSubmit,
  onClose,
}: {
  images: string[];
  suggestedPostB: string | null;
  onSubmit(key: string, postB: string | null): void;
  onClose(): void;
}) {
  const [chosen, setChosen] = useState('');
  const [postB, setPostB] = useState(suggestedPostB ?? '');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="image-choice-title">
      <DialogTitle id="image-choice-title">Select Image</DialogTitle>
      <DialogContent>
        <DialogContentText>{ATLASBROWSER_MSG.multipleImages}</DialogContentText>
        <TextField
          select
          fullWidth
          label="Select Image"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          sx={{ mt: 2 }}
        >
          {images.map((key) => (
            <MenuItem key={key} value={key}>
              {baseName(key)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label="PostB Image"
          value={postB === chosen ? '' : postB}
          onChange={(e) => setPostB(e.target.value)}
          helperText="Optional: shown as the PostB background, beside the BSA image."
          sx={{ mt: 2 }}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {images
            .filter((key) => key !== chosen)
            .map((key) => (
              <MenuItem key={key} value={key}>
                {baseName(key)}
              </MenuItem>
            ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!chosen}
          onClick={() => onSubmit(chosen, postB && postB !== chosen ? postB : null)}
        >
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function FolderFoundDialog({
  run,
  onUpdate,
  onReprocess,
}: {
  run: string;
  onUpdate(): void;
  onReprocess(): void;
}) {
  return (
    <Dialog open aria-labelledby="folder-found-title">
      <DialogTitle id="folder-found-title">Spatial Folder Found</DialogTitle>
      <DialogContent>
        <DialogContentText>{ATLASBROWSER_MSG.spatialFolderFound(run)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onReprocess}>Reprocess</Button>
        <Button variant="contained" onClick={onUpdate}>
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface MetadataChoice {
  metadata: RunMetadata;
  barcodeKey: string;
  mapping: string;
}

/** The metadata dialog titled with the run id; Confirm needs a valid barcode file (spec 02 §2.8, §5). */
export function MetadataDialog({
  run,
  initial,
  options,
  barcodeFiles,
  barcodeFilesError,
  mapping,
  slims,
  barcodeError,
  checking,
  onConfirm,
  onClose,
}: {
  run: string;
  initial: MetadataChoice;
  options: TFieldOptions | undefined;
  /** The configured folder's barcode files; undefined while they are listed (the field waits, so its list never
   * fills under the pointer once open). */
  barcodeFiles: string[] | undefined;
  /** Why the folder could not be listed. */
  barcodeFilesError: string | null;
  mapping: ReadonlyArray<{ label: string; file: string }>;
  slims: boolean;
  barcodeError: string | null;
  checking: boolean;
  onConfirm(choice: MetadataChoice): void;
  onClose(): void;
}) {
  const [metadata, setMetadata] = useState(initial.metadata);
  const [barcodeKey, setBarcodeKey] = useState(initial.barcodeKey);
  const [orientation, setOrientation] = useState(initial.mapping);
  const set = (field: keyof RunMetadata, value: string) => setMetadata((m) => ({ ...m, [field]: value }));
  const files = useMemo(() => barcodeFiles ?? [], [barcodeFiles]);
  const byName = useMemo(() => new Map(files.map((k) => [baseName(k), k])), [files]);
  const chooseOrientation = (label: string) => {
    setOrientation(label);
    const file = mapping.find((m) => m.label === label)?.file;
    const key = file ? byName.get(file) : undefined;
    if (key) setBarcodeKey(key);
  };
  const visible = DROPDOWNS.filter(({ field }) => field !== 'antibody' || metadata.assay === 'CUT&Tag');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="metadata-title">
      <DialogTitle id="metadata-title">{run}</DialogTitle>
      <DialogContent>
        {!slims && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {ATLASBROWSER_MSG.slimsOffMetadata}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1 }}>
          <TextField
            select
            label="Barcode File"
            value={barcodeFiles ? barcodeKey : ''}
            onChange={(e) => setBarcodeKey(e.target.value)}
            disabled={!barcodeFiles}
            error={Boolean(barcodeError ?? barcodeFilesError)}
            helperText={
              barcodeError ??
              barcodeFilesError ??
              (!barcodeFiles
                ? ATLASBROWSER_MSG.barcodeFilesLoading
                : files.length
                  ? undefined
                  : ATLASBROWSER_MSG.noBarcodeFiles)
            }
            required
          >
            {files.map((key) => (
              <MenuItem key={key} value={key}>
                {baseName(key)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Barcode Orientation"
            value={orientation}
            onChange={(e) => chooseOrientation(e.target.value)}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {mapping.map((m) => (
              <MenuItem key={m.label} value={m.label}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
          {visible.map(({ field, label, list }) => (
            <Autocomplete
              key={field}
              freeSolo
              autoSelect
              options={options?.[list] ?? []}
              value={metadata[field]}
              onChange={(_, value) => set(field, value ?? '')}
              onInputChange={(_, value, reason) => reason === 'input' && set(field, value)}
              renderInput={(params) => <TextField {...params} label={label} />}
            />
          ))}
          {TEXT_FIELDS.map(({ field, label }) => (
            <TextField key={field} label={label} value={metadata[field]} onChange={(e) => set(field, e.target.value)} />
          ))}
          {slims && (
            <TextField
              label="Tissue Experimental Condition"
              value={metadata.tissueBlockExperiment}
              onChange={(e) => set('tissueBlockExperiment', e.target.value)}
            />
          )}
          {FLOW_FIELDS.map(({ field, label }) => (
            <TextField key={field} label={label} value={metadata[field]} onChange={(e) => set(field, e.target.value)} />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!barcodeFiles || !barcodeKey || checking}
          onClick={() => onConfirm({ metadata, barcodeKey, mapping: orientation })}
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CountsDialog({
  error,
  onConfirm,
  onSkip,
}: {
  error: string | null;
  onConfirm(file: File): void;
  onSkip(): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <Dialog open onClose={onSkip} aria-labelledby="counts-title">
      <DialogTitle id="counts-title">Tissue Positions With Counts</DialogTitle>
      <DialogContent>
        <DialogContentText>{ATLASBROWSER_MSG.selectCountsFile}</DialogContentText>
        <Button variant="outlined" component="label" sx={{ mt: 2 }}>
          Choose File
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="Tissue positions file with counts"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Button>
        {file && <Typography sx={{ mt: 1 }}>{file.name}</Typography>}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onSkip}>Skip</Button>
        <Button variant="contained" disabled={!file} onClick={() => file && onConfirm(file)}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ProgressDialog({ state }: { state: TTaskState | undefined }) {
  const pending = !state || state.status === 'PENDING';
  return (
    <Dialog open aria-labelledby="progress-title" fullWidth maxWidth="xs">
      <DialogTitle id="progress-title">{ATLASBROWSER_MSG.creatingSpatialFolder}</DialogTitle>
      <DialogContent>
        <LinearProgress
          variant={pending ? 'indeterminate' : 'determinate'}
          value={state?.progress ?? 0}
          aria-label="Spatial folder progress"
        />
        <Typography variant="body2" sx={{ mt: 1 }} aria-live="polite">
          {pending
            ? state?.position
              ? `Waiting: position ${state.position} in the queue`
              : 'Waiting for a worker…'
            : `${state.status} ${state.progress}%`}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
