import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import type { TTaskState } from '@atlas/contracts';
import { isTerminal, useTaskState } from '../../api/tasks';

/**
 * What a transfer's status line says: the task status, its queue position while waiting, its percent — for a
 * failure too, when it had read something, so that the line says what the bar shows.
 */
export function statusText(state: TTaskState | undefined): string {
  if (!state) return 'Starting';
  if (state.status === 'PENDING') return state.position === null ? 'PENDING' : `PENDING · position ${state.position}`;
  const percent = `${Math.round(state.progress)}%`;
  if (state.status === 'FAILURE')
    return `FAILURE${state.progress > 0 ? ` · ${percent}` : ''}: ${state.error ?? 'Worker failed'}`;
  return `${state.status} · ${percent}`;
}

/**
 * One download's progress bar, status and queue position, and a check mark when done (spec 03 §2.8, §2.9). Polls
 * the task every second until it ends, then calls `onEnd` once.
 */
export function TransferProgress({
  taskId,
  label,
  onEnd,
}: {
  taskId: string;
  label: string;
  onEnd(state: TTaskState): void;
}) {
  const task = useTaskState(taskId);
  const state = task.data;
  const ended = useRef(false);
  useEffect(() => {
    if (state && isTerminal(state.status) && !ended.current) {
      ended.current = true;
      onEnd(state);
    }
  }, [state, onEnd]);
  const done = state?.status === 'SUCCESS';
  const failed = state?.status === 'FAILURE';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 220 }}>
      <Box sx={{ flex: 1 }}>
        <LinearProgress
          variant={state && state.status !== 'PENDING' ? 'determinate' : 'indeterminate'}
          value={state?.progress ?? 0}
          color={failed ? 'error' : done ? 'success' : 'primary'}
          aria-label={`Progress of ${label}`}
        />
        <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} role="status">
          {task.isError ? task.error.message : statusText(state)}
        </Typography>
      </Box>
      {done && <CheckCircle color="success" aria-label={`${label} done`} />}
      {failed && <ErrorOutline color="error" aria-label={`${label} failed`} />}
    </Box>
  );
}
