import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RUN_ADMIN_MSG as M, type TTaskState } from '@atlas/contracts';
import { CREATE_RUN_TASK } from './useCreateRunJob';

/** The polled state of the create-files job: its status, progress bar and outcome. */
export function CreateRunJobProgress({ state, runId }: { state: TTaskState; runId: string | null }) {
  return (
    <Stack spacing={1} aria-label="Job progress">
      <Typography>
        {CREATE_RUN_TASK} for {runId}: {state.status}
        {state.status === 'PROGRESS' && ` ${Math.round(state.progress)}%`}
        {state.position !== null && state.status === 'PENDING' && ` (position ${state.position})`}
      </Typography>
      <LinearProgress variant="determinate" value={state.status === 'SUCCESS' ? 100 : state.progress} />
      {state.status === 'FAILURE' && <Alert severity="error">{state.error}</Alert>}
      {state.status === 'SUCCESS' && (
        <Alert severity="success">Web object of {runId} created: describe the run in Add A Run.</Alert>
      )}
    </Stack>
  );
}

interface RequestReceivedDialogProps {
  open: boolean;
  runId: string | null;
  onClose: () => void;
  onShowJobs: () => void;
}

/** Said once the job is queued, with a way to the job list. */
export function RequestReceivedDialog({ open, runId, onClose, onShowJobs }: RequestReceivedDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="request-received-title">
      <DialogTitle id="request-received-title">{M.requestReceived}</DialogTitle>
      <DialogContent>
        <DialogContentText>{M.requestReceivedText(runId ?? '')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onShowJobs}>Job Managment</Button>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
