import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import { LAB_KINDS, LAB_MSG, type LabKind } from '@atlas/contracts';
import { useSession } from '../../app/session';
import { ImportPreview } from './ImportPreview';
import { previewCsv, type FilePreview } from './preview';
import { dialogWidth, filesProblem, isRefusedFile, shortenName } from './uploadLogic';
import type { UploadEntry } from './store';

/** Menu wording of the three tables (spec 01 §2 File → Upload Metadata). */
const TABLE_LABEL: Record<LabKind, string> = {
  wafers: 'Wafer Table .csv',
  chips: 'Chip Table .csv',
  dbits: 'DBiT Run Table .csv',
};

/** Width one step needs for its label: a name shortened to 15 characters and its ellipsis. */
const STEP_WIDTH_PX = 150;

interface Props {
  initialKind: LabKind;
  onClose: () => void;
  onUpload: (kind: LabKind, entries: UploadEntry[]) => void;
}

/**
 * The metadata CSV upload dialog (spec 02 §2.5): pick files, then one step per file with Remarks; Back/Next,
 * Close and Upload. Upload is enabled when at least one file is chosen, every file is a CSV (§5) and none is over
 * the size limit. Upload first sends each file as a dry run and shows what it would create and change; only
 * Confirm Upload writes (issue 37 item 6). Mount it fresh for every opening (the host keys it).
 */
export function MetadataUploadDialog({ initialKind, onClose, onUpload }: Props) {
  const [kind, setKind] = useState<LabKind>(initialKind);
  const [files, setFiles] = useState<File[]>([]);
  const [remarks, setRemarks] = useState<string[]>([]);
  const [step, setStep] = useState(0);
  const [touched, setTouched] = useState(false);
  /** Null while choosing files; one entry per file once Upload asked for the preview. */
  const [previews, setPreviews] = useState<FilePreview[] | null>(null);
  /** Bumped by every Upload and Back, so that a late answer of an earlier dry run is dropped. */
  const round = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const { token } = useSession();

  const problem = filesProblem(files);
  const valid = problem === null;
  const lastStep = files.length;

  const pick = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    setFiles(chosen);
    setRemarks(chosen.map(() => ''));
    setTouched(true);
    setStep(0);
  };

  const next = () => {
    setTouched(true);
    if (valid) setStep((s) => Math.min(s + 1, lastStep));
  };

  const showPreview = () => {
    setTouched(true);
    if (!valid) return;
    const mine = ++round.current;
    setPreviews(files.map(() => ({ state: 'checking', progress: 0 })));
    const setOne = (index: number, preview: FilePreview) => {
      if (round.current === mine) setPreviews((list) => list && list.map((p, i) => (i === index ? preview : p)));
    };
    files.forEach((file, index) => {
      void previewCsv(kind, file, token, (progress) => setOne(index, { state: 'checking', progress })).then((preview) =>
        setOne(index, preview),
      );
    });
  };

  const confirm = () =>
    onUpload(
      kind,
      files.map((file, index) => ({ file, remarks: remarks[index] ?? '' })),
    );

  const allReady = previews !== null && previews.every((p) => p.state === 'ready');
  const anyRefused = previews !== null && previews.some((p) => p.state === 'refused');
  const width = dialogWidth(files.length);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="metadata-upload-title"
      maxWidth={false}
      // From 3 files the width is unset (spec 02 §2.5): the content decides, never narrower than the 35vw of fewer files.
      slotProps={{ paper: { sx: { width: width ?? 'auto', minWidth: width ? 360 : '35vw', maxWidth: '95vw' } } }}
    >
      <DialogTitle id="metadata-upload-title">Upload Metadata</DialogTitle>
      <DialogContent>
        {/* Room for each shortened name: with the width unset (3+ files) this is what widens the dialog. */}
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 2, mt: 1, minWidth: (files.length + 1) * STEP_WIDTH_PX }}>
          <Step>
            <StepLabel>Select Files</StepLabel>
          </Step>
          {files.map((file, index) => (
            <Step key={`${file.name}-${index}`}>
              <StepLabel error={isRefusedFile(file)}>
                <Tooltip title={file.name}>
                  <span>{shortenName(file.name)}</span>
                </Tooltip>
              </StepLabel>
            </Step>
          ))}
        </Stepper>

        {previews ? (
          <>
            <ImportPreview kind={kind} files={files} previews={previews} />
            {anyRefused && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {LAB_MSG.previewRefusedFiles}
              </Alert>
            )}
          </>
        ) : step === 0 ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <TextField
              select
              label="Table"
              value={kind}
              onChange={(event) => setKind(event.target.value as LabKind)}
              size="small"
            >
              {LAB_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {TABLE_LABEL[k]}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <input
                ref={input}
                type="file"
                multiple
                accept=".csv,text/csv"
                hidden
                data-testid="metadata-file-input"
                onChange={(event) => pick(event.target.files)}
              />
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()}>
                Choose Files
              </Button>
              {touched && problem && (
                <FormHelperText error role="alert" sx={{ mt: 1 }}>
                  {problem}
                </FormHelperText>
              )}
            </Box>
            {files.length > 0 && (
              <List dense disablePadding aria-label="Chosen files">
                {files.map((file, index) => (
                  <ListItem key={`${file.name}-${index}`} disableGutters>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {!isRefusedFile(file) ? (
                        <DescriptionOutlined fontSize="small" />
                      ) : (
                        <ErrorOutline fontSize="small" color="error" />
                      )}
                    </ListItemIcon>
                    <ListItemText primary={file.name} secondary={formatSize(file.size)} />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography variant="subtitle2" sx={{ wordBreak: 'break-all' }}>
              {files[step - 1]?.name}
            </Typography>
            {files[step - 1] && isRefusedFile(files[step - 1]!) && <Alert severity="error">{problem}</Alert>}
            <TextField
              label="Remarks"
              value={remarks[step - 1] ?? ''}
              onChange={(event) => setRemarks((list) => list.map((r, i) => (i === step - 1 ? event.target.value : r)))}
              multiline
              minRows={2}
              fullWidth
              autoFocus
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Box sx={{ flex: 1 }} />
        {previews ? (
          <>
            <Button
              onClick={() => {
                round.current++;
                setPreviews(null);
              }}
            >
              Back
            </Button>
            <Button variant="contained" onClick={confirm} disabled={!allReady}>
              Confirm Upload
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
              Back
            </Button>
            <Button onClick={next} disabled={step >= lastStep && files.length > 0}>
              Next
            </Button>
            <Button variant="contained" onClick={showPreview} disabled={!valid}>
              Upload
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
