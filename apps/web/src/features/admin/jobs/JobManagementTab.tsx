import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { TaskStatus, TTaskState } from '@atlas/contracts';
import { errorText } from '../apiErrors';
import { TASK_REFRESH_MS, useRecentTasks } from '../queries';
import { formatTime } from '../../../components/formatTime';

const STATUS_COLOR: Record<TaskStatus, 'default' | 'info' | 'success' | 'error'> = {
  PENDING: 'default',
  STARTED: 'info',
  PROGRESS: 'info',
  SUCCESS: 'success',
  FAILURE: 'error',
};

const isFinished = (task: TTaskState) => task.status === 'SUCCESS' || task.status === 'FAILURE';

/** Job Managment: the recent tasks of every queue, newest first, refreshed while the tab is open. */
export function JobManagementTab() {
  const tasks = useRecentTasks();
  const rows = [...(tasks.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id="jobs-title">
          Recent jobs
        </Typography>
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh jobs" onClick={() => void tasks.refetch()} disabled={tasks.isFetching}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="body2" color="text.secondary">
          Updates every {TASK_REFRESH_MS / 1000} seconds.
        </Typography>
      </Stack>
      {tasks.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label="Loading jobs" />
        </Box>
      ) : tasks.isError ? (
        <Alert severity="error">{errorText(tasks.error)}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No jobs yet. Tasks started from the tools appear here.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="jobs-title">
            <TableHead>
              <TableRow>
                <TableCell>Job</TableCell>
                <TableCell>Job Description</TableCell>
                <TableCell>Run ID</TableCell>
                <TableCell sx={{ minWidth: 220 }}>Job Status</TableCell>
                <TableCell>User</TableCell>
                <TableCell>Start Time</TableCell>
                <TableCell>Completion Time</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((task) => (
                <JobRow key={task._id} task={task} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function JobRow({ task }: { task: TTaskState }) {
  const status = <Chip size="small" label={task.status} color={STATUS_COLOR[task.status]} />;
  return (
    <TableRow hover>
      <TableCell>
        <Tooltip title={`${task.queue} · ${task._id}`}>
          <span>{task.task}</span>
        </Tooltip>
      </TableCell>
      <TableCell>{task.description ?? '—'}</TableCell>
      <TableCell>{task.run_id ?? '—'}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {task.error ? <Tooltip title={task.error}>{status}</Tooltip> : status}
          <LinearProgress
            variant="determinate"
            value={task.progress}
            sx={{ flex: 1 }}
            aria-label={`Progress of job ${task._id}`}
          />
          <Typography variant="caption">{Math.round(task.progress)}%</Typography>
        </Stack>
      </TableCell>
      <TableCell>{task.requested_by ?? '—'}</TableCell>
      <TableCell>{formatTime(task.created_at)}</TableCell>
      <TableCell>{isFinished(task) ? formatTime(task.updated_at) : '—'}</TableCell>
    </TableRow>
  );
}
