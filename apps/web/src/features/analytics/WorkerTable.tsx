import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { taskCalls, TRANSFER_MSG, type TWorkerRow } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { taskKeys } from '../../api/tasks';
import { useSnackbar } from '../../app/feedback';

/** The worker table shows up to 1000 rows (spec 03 §9). */
const ROWS_MAX = 1000;
/** Workers report every few seconds; the table follows. */
const REFRESH_MS = 5000;

export const useWorkers = () =>
  useQuery({
    queryKey: taskKeys.workers,
    queryFn: ({ signal }) => callApi(taskCalls.listWorkers, { signal }),
    refetchInterval: REFRESH_MS,
  });

const matches = (row: TWorkerRow, search: string) =>
  [row.worker, row.task, ...row.queues].some((text) => text.toLowerCase().includes(search));

/** The worker status table (spec 03 §2.4): Worker, Task Name, Queues, Requested; search and refresh. */
export function WorkerTable() {
  const workers = useWorkers();
  const [search, setSearch] = useState('');
  const snack = useSnackbar();
  const needle = search.trim().toLowerCase();
  const rows = (workers.data ?? [])
    .filter((row) => matches(row, needle))
    .sort((a, b) => a.worker.localeCompare(b.worker) || a.task.localeCompare(b.task))
    .slice(0, ROWS_MAX);
  const refresh = async () => {
    const result = await workers.refetch();
    if (!result.isError) snack(TRANSFER_MSG.workersRefreshed, { color: 'success' });
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Workers
        </Typography>
        <TextField
          size="small"
          label="Search workers"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ ml: 'auto', width: 260 }}
        />
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh workers" onClick={() => void refresh()} disabled={workers.isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      {workers.isError ? (
        <Alert severity="error">{workers.error.message}</Alert>
      ) : workers.isPending ? (
        <CircularProgress aria-label="Loading workers" />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">
          {needle ? 'No worker matches the search.' : 'No worker is running: start one with npm run worker.'}
        </Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label="Worker status">
            <TableHead>
              <TableRow>
                <TableCell>Worker</TableCell>
                <TableCell>Task Name</TableCell>
                <TableCell>Queues</TableCell>
                <TableCell align="right">Requested</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.worker} ${row.task}`}>
                  <TableCell>{row.worker}</TableCell>
                  <TableCell>{row.task}</TableCell>
                  <TableCell>{row.queues.join(', ')}</TableCell>
                  <TableCell align="right">{row.requested}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
