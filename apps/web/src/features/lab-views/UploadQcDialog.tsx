import { useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import { LAB_MSG } from '@atlas/contracts';
import { useConfirm } from '../../app/feedback';
import { canUploadQc, QC_TARGET_FOLDER } from './qcUpload';
import { QcUploadFilesTable } from './QcUploadFilesTable';
import { QcUploadProgress } from './QcUploadProgress';
import { useQcUpload } from './useQcUpload';

/** `webkitdirectory` is not in React's input attributes; React passes it through as written. */
const DIRECTORY_INPUT = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** Upload QCed directory (spec 02 §2.6, §4.2): files go to data/{id}/…, then one QC entry per folder. */
export function UploadQcDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const askConfirm = useConfirm();
  const inputRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const qc = useQcUpload(inputRef, () => {
    reset();
    onClose();
  });
  const { files, plan, phase, problem } = qc;

  const uploading = phase === 'checking' || phase === 'uploading';
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? files.filter((f) => f.path.toLowerCase().includes(needle)) : files;
  }, [files, search]);

  function reset() {
    qc.reset();
    setSearch('');
    setPage(0);
  }

  const close = async () => {
    if (uploading) {
      const ok = await askConfirm({
        title: 'Cancel uploads',
        message: LAB_MSG.cancelAllUploads,
        confirmText: 'Cancel Uploads',
        cancelText: 'Continue',
      });
      if (!ok) return;
      qc.cancelAll();
    }
    reset();
    onClose();
  };

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
          onChange={(e) => qc.addFiles(e.target.files)}
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
        {statusColumn && <QcUploadProgress finished={phase === 'finished'} plan={plan} items={qc.items} />}
        <QcUploadFilesTable
          shown={shown}
          anyPicked={files.length > 0}
          plan={plan}
          items={qc.items}
          statusColumn={statusColumn}
          page={page}
          onPage={setPage}
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
          onClick={() => void qc.upload()}
          disabled={uploading || phase === 'finished' || !canUploadQc(plan)}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
