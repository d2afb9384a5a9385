import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { LAB_MSG, labCalls } from '@atlas/contracts';
import { ApiError, callApi } from '../../api/client';
import { useConfirm, useSnackbar } from '../../app/feedback';
import { useSession } from '../../app/session';
import { useInvalidateLab } from './api';
import { canUploadQc, formatSize, planQcUpload, QC_TARGET_FOLDER } from './qcUpload';
import { UploadCancelled, uploadStorageFile, type UploadHandle } from './uploadFile';

const ROWS_PER_PAGE = 15;
/** Files uploaded at the same time. */
const PARALLEL_UPLOADS = 3;

interface PickedFile {
  path: string;
  size: number;
  file: File;
}
interface ItemState {
  progress: number;
  error?: string;
  finished?: boolean;
  cancelled?: boolean;
}
type Phase = 'idle' | 'checking' | 'uploading' | 'finished';

/** `webkitdirectory` is not in React's input attributes; React passes it through as written. */
const DIRECTORY_INPUT = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** Upload QCed directory (spec 02 §2.6, §4.2): files go to data/{id}/…, then one QC entry per folder. */
export function UploadQcDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { token } = useSession();
  const showSnack = useSnackbar();
  const askConfirm = useConfirm();
  const invalidate = useInvalidateLab();
  const inputRef = useRef<HTMLInputElement>(null);
  const handles = useRef<UploadHandle[]>([]);
  const cancelledRef = useRef(false);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [items, setItems] = useState<Record<string, ItemState>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const plan = useMemo(() => planQcUpload(files), [files]);
  const uploading = phase === 'checking' || phase === 'uploading';
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? files.filter((f) => f.path.toLowerCase().includes(needle)) : files;
  }, [files, search]);
  const done = Object.values(items).filter((i) => i.finished || i.error || i.cancelled).length;
  const total = plan.items.length;
  const overall = total ? Math.round(plan.items.reduce((sum, i) => sum + (items[i.key]?.progress ?? 0), 0) / total) : 0;

  const reset = () => {
    setFiles([]);
    setItems({});
    setSearch('');
    setPage(0);
    setPhase('idle');
    setProblem(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const addFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const picked = Array.from(list, (file) => ({ path: file.webkitRelativePath || file.name, size: file.size, file }));
    setFiles((prev) => {
      const byPath = new Map(prev.map((f) => [f.path, f]));
      for (const f of picked) byPath.set(f.path, f);
      return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
    });
    setItems({});
    setPhase('idle');
    setProblem(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const setItem = (key: string, patch: ItemState) =>
    setItems((prev) => ({ ...prev, [key]: { ...prev[key], ...patch } }));

  const upload = async () => {
    setProblem(null);
    setPhase('checking');
    cancelledRef.current = false;
    // Spec 02 §5: every folder id is looked up first; any existing entry rejects the whole upload.
    try {
      const existing = await callApi(labCalls.getQc, { query: { id: plan.ids.join(',') } });
      if (existing.length > 0) {
        showSnack(LAB_MSG.qcEntriesExist, { color: 'error' });
        setProblem(`${LAB_MSG.qcEntriesExist}: ${existing.map((r) => String(r.id)).join(', ')}`);
        setPhase('idle');
        return;
      }
    } catch (error) {
      setProblem((error as Error).message);
      setPhase('idle');
      return;
    }
    setPhase('uploading');
    setItems(Object.fromEntries(plan.items.map((i) => [i.key, { progress: 0 }])));
    const queue = [...plan.items];
    let failures = 0;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (cancelledRef.current) {
          setItem(next.key, { progress: 0, cancelled: true });
          continue;
        }
        const handle = uploadStorageFile(
          token,
          next.file.file,
          next.key,
          { remarks: '', qc_dir: next.id },
          (progress) => setItem(next.key, { progress }),
        );
        handles.current.push(handle);
        try {
          await handle.done;
          setItem(next.key, { progress: 100, finished: true });
        } catch (error) {
          failures += 1;
          if (error instanceof UploadCancelled) setItem(next.key, { progress: 0, cancelled: true });
          else setItem(next.key, { progress: 0, error: (error as Error).message });
        } finally {
          handles.current = handles.current.filter((h) => h !== handle);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    if (cancelledRef.current) {
      setPhase('finished');
      return;
    }
    if (failures > 0) {
      setProblem(LAB_MSG.qcUploadFailed(failures));
      setPhase('finished');
      return;
    }
    // Spec 02 §4.2: one QC entry per folder once its files are stored.
    const failed: string[] = [];
    for (const id of plan.ids) {
      try {
        await callApi(labCalls.qcEntry, { query: { qc_dir: id } });
      } catch (error) {
        failed.push(`${id}: ${error instanceof ApiError ? error.message : String(error)}`);
      }
    }
    await invalidate();
    setPhase('finished');
    if (failed.length) {
      setProblem(failed.join('\n'));
      return;
    }
    showSnack(LAB_MSG.qcUploaded(plan.ids.length), { color: 'success' });
    reset();
    onClose();
  };

  const cancelAll = () => {
    cancelledRef.current = true;
    for (const h of handles.current) h.abort();
    showSnack(LAB_MSG.uploadsCancelled, { color: 'info' });
  };

  const close = async () => {
    if (uploading) {
      const ok = await askConfirm({
        title: 'Cancel uploads',
        message: LAB_MSG.cancelAllUploads,
        confirmText: 'Cancel Uploads',
        cancelText: 'Continue',
      });
      if (!ok) return;
      cancelAll();
    }
    reset();
    onClose();
  };

  const errors = Object.values(items).some((i) => i.error || i.cancelled);
  const statusColumn = phase !== 'idle' && phase !== 'checking';

  return (
    <Dialog open={open} onClose={() => void close()} maxWidth="md" fullWidth aria-labelledby="upload-qc-title">
      <DialogTitle id="upload-qc-title">Upload QCed Directory</DialogTitle>
      <DialogContent>
        <input
          ref={inputRef}
          type="file"
          hidden
          multiple
          {...DIRECTORY_INPUT}
          data-testid="qc-directory-input"
          onChange={(e) => addFiles(e.target.files)}
        />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1, mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<CreateNewFolder />}
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
          >
            Add Directory
          </Button>
          <TextField
            size="small"
            label="Target folder"
            value={QC_TARGET_FOLDER}
            slotProps={{ input: { readOnly: true } }}
            sx={{ width: 140 }}
          />
          <TextField
            size="small"
            label="Search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            sx={{ flex: 1, minWidth: 180 }}
          />
        </Box>
        {plan.ids.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            QC folders: {plan.ids.join(', ')}
            {plan.skipped.length > 0 &&
              ` · ${plan.skipped.length} loose ${plan.skipped.length === 1 ? 'file' : 'files'} outside a folder will not be uploaded`}
          </Typography>
        )}
        {plan.missingMetadata.length > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {LAB_MSG.qcUploadNeedsMetadata(plan.missingMetadata)}
          </Alert>
        )}
        {problem && (
          <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
            {problem}
          </Alert>
        )}
        {statusColumn && (
          <Box sx={{ mb: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {phase === 'finished' && (errors ? <WarningAmber color="warning" /> : <CheckCircle color="success" />)}
              <Typography variant="subtitle2">
                {phase === 'finished' ? LAB_MSG.uploadsFinished : LAB_MSG.uploadingFiles(total)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {done}/{total}
              </Typography>
            </Box>
            <LinearProgress variant="determinate" value={overall} aria-label="Upload progress" sx={{ mt: 0.5 }} />
          </Box>
        )}
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label="Files to upload">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Filename</TableCell>
                <TableCell sx={{ fontWeight: 600, width: 110 }} align="right">
                  Size
                </TableCell>
                {statusColumn && <TableCell sx={{ fontWeight: 600, width: 160 }}>Progress</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={statusColumn ? 3 : 2} sx={{ color: 'text.secondary' }}>
                    {files.length
                      ? 'No file matches the search.'
                      : 'Add a directory holding one folder per QC run, each with a metadata.json.'}
                  </TableCell>
                </TableRow>
              ) : (
                shown.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE).map((f) => {
                  const key = plan.items.find((i) => i.file === f)?.key;
                  const state = key ? items[key] : undefined;
                  return (
                    <TableRow key={f.path}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{f.path}</TableCell>
                      <TableCell align="right">{formatSize(f.size)}</TableCell>
                      {statusColumn && (
                        <TableCell>
                          {state?.error ? (
                            <Typography
                              variant="body2"
                              color="error"
                              sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
                            >
                              <ErrorOutline fontSize="small" /> {state.error}
                            </Typography>
                          ) : state?.cancelled ? (
                            <Typography variant="body2" color="text.secondary">
                              {LAB_MSG.uploadCancelled}
                            </Typography>
                          ) : state ? (
                            <LinearProgress
                              variant="determinate"
                              value={state.progress}
                              aria-label={`Progress of ${f.path}`}
                            />
                          ) : (
                            <Typography variant="body2" color="text.secondary">
                              skipped
                            </Typography>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={shown.length}
          page={Math.min(page, Math.max(0, Math.ceil(shown.length / ROWS_PER_PAGE) - 1))}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={ROWS_PER_PAGE}
          rowsPerPageOptions={[ROWS_PER_PAGE]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={reset} disabled={uploading || files.length === 0}>
          Clear
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={() => void close()}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={uploading || phase === 'finished' || !canUploadQc(plan)}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
