/**
 * Atlas Compare's selection ranking: each run's selected tixels (its lasso, or the chosen clusters), ranked against
 * the rest of that run by gene.compute_qc (the explorer's selection task), and each run's top features in adjacent
 * tables.
 */
import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EXPLORER_MSG, KIND_LABEL, TASK_POLL_INTERVAL_MS, taskCalls, type FeatureKind } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { explorerKeys } from '../data/queryKeys';
import { DEFAULT_DE_TEST, isTerminal, postComputeQc } from '../data/tasks';
import { ObservationCount } from './ObservationCount';
import type { RankedRow } from '../dialogs/rankedTable';

/** One run's selection: its tixels, or why it has none. */
export type RunSelection = { tixels: readonly number[] } | { note: string };

/** What was ranked: the runs, kind and selection at the time (a change of any asks for a new ranking). */
interface Ranking {
  key: string;
  tasks: Record<string, string | { error: string }>;
}

const TOP = 10;

export function CompareRankTables({
  runIds,
  selections,
  selectionKey,
  kind,
}: {
  runIds: readonly string[];
  /** Per run (same order); null while the run is loading. */
  selections: readonly (RunSelection | null)[];
  /** Names the selection (clusters or polygons): a new key asks for a new ranking. */
  selectionKey: string;
  kind: FeatureKind;
}) {
  const key = `${runIds.join(',')}|${kind}|${selectionKey}`;
  const [ranking, setRanking] = useState<Ranking | null>(null);
  const [posting, setPosting] = useState(false);
  const current = ranking?.key === key ? ranking : null;
  const taskIds = runIds.map((id) => {
    const t = current?.tasks[id];
    return typeof t === 'string' ? t : null;
  });
  const states = useQueries({
    queries: taskIds.map((id) => ({
      queryKey: explorerKeys.task(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => callApi(taskCalls.getTask, { params: { id: id! }, signal }),
      enabled: id !== null,
      refetchInterval: (q: { state: { data?: { status: Parameters<typeof isTerminal>[0] } } }) =>
        q.state.data && isTerminal(q.state.data.status) ? false : TASK_POLL_INTERVAL_MS,
      staleTime: 0,
    })),
  });

  const rank = async () => {
    setPosting(true);
    const tasks: Ranking['tasks'] = {};
    await Promise.all(
      runIds.map(async (id, i) => {
        const selection = selections[i];
        if (!selection) return;
        if ('note' in selection) {
          tasks[id] = { error: selection.note };
          return;
        }
        try {
          tasks[id] = (
            await postComputeQc({ run_id: id }, kind, selection.tixels, `compare-${id}`, DEFAULT_DE_TEST)
          )._id;
        } catch (error) {
          tasks[id] = { error: (error as Error).message };
        }
      }),
    );
    setRanking({ key, tasks });
    setPosting(false);
  };

  const loaded = selections.every(Boolean);
  const any = selections.some((s) => s && 'tixels' in s);
  return (
    <>
      <Button variant="contained" size="small" disabled={!any || !loaded || posting} onClick={() => void rank()}>
        Rank selection in every run
      </Button>
      {current && (
        <Box sx={{ display: 'flex', gap: 1.5, mt: 1.5, overflowX: 'auto' }} data-testid="compare-tables">
          {runIds.map((id, i) => {
            const posted = current.tasks[id];
            const state = states[i]?.data;
            const result =
              state?.status === 'SUCCESS' ? (state.result as { table?: RankedRow[]; n_selected?: number }) : null;
            return (
              <Paper
                key={id}
                variant="outlined"
                sx={{ p: 1, minWidth: 260, flex: 1 }}
                data-testid="compare-table"
                data-run-id={id}
              >
                <Typography variant="subtitle2">{id}</Typography>
                {typeof posted === 'object' ? (
                  <Alert severity="warning">{posted.error}</Alert>
                ) : state?.status === 'FAILURE' ? (
                  <Alert severity="error">
                    {state.error ? `${EXPLORER_MSG.workerFailed}: ${state.error}` : EXPLORER_MSG.workerFailed}
                  </Alert>
                ) : states[i]?.error ? (
                  <Alert severity="error">{states[i]!.error!.message}</Alert>
                ) : !result ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
                    <CircularProgress size={16} aria-label={`Ranking ${id}`} />
                    <Typography variant="caption">
                      {state?.status === 'PROGRESS' ? `${state.progress ?? 0} %` : 'Queued'}
                    </Typography>
                  </Box>
                ) : (
                  <>
                    <Typography variant="caption" color="text.secondary">
                      <ObservationCount runId={id} count={result.n_selected ?? 0} /> · {KIND_LABEL[kind].top}
                    </Typography>
                    <Table size="small" aria-label={`Top features of ${id}`}>
                      <TableHead>
                        <TableRow>
                          <TableCell>#</TableCell>
                          <TableCell>Name</TableCell>
                          <TableCell align="right">Score</TableCell>
                          <TableCell align="right">log2FC</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {(result.table ?? []).slice(0, TOP).map((row, r) => (
                          <TableRow key={row.name}>
                            <TableCell>{r + 1}</TableCell>
                            <TableCell>{row.name}</TableCell>
                            <TableCell align="right">{row.score.toFixed(2)}</TableCell>
                            <TableCell align="right">{row.log2fc.toFixed(2)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
    </>
  );
}
