import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import { TRANSFER_MSG, type TTaskDefinitionInfo } from '@atlas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { postTask, taskKeys, useTaskDefinitions, useTaskState } from '../../api/tasks';
import { useSnackbar } from '../../app/feedback';
import { initialText, taskInput, withRun } from './argValues';
import { useWorkers } from './WorkerTable';

/**
 * The task runner (spec 03 §2.4): a task of the general target, the worker and queue that run it, its parameters
 * as typed fields with validation, Run Task, and a Refresh submenu that reloads the workers.
 */
export function TaskRunner({ runId }: { runId: string | null }) {
  const definitions = useTaskDefinitions('general');
  const workers = useWorkers();
  const client = useQueryClient();
  const snack = useSnackbar();
  const [name, setName] = useState('');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [taskId, setTaskId] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const definition = definitions.data?.find((d) => d.name === name);

  useEffect(() => {
    if (definitions.data && !name && definitions.data[0]) {
      setName(definitions.data[0].name);
      snack(TRANSFER_MSG.workersLoaded, { color: 'success' });
    }
  }, [definitions.data, name, snack]);

  // A run chosen in the list goes into the task's run id and paths.
  useEffect(() => {
    if (definition && runId) setTexts((current) => withRun(definition.args, current, runId));
  }, [definition, runId]);

  const choose = (next: string) => {
    setName(next);
    const chosen = definitions.data?.find((d) => d.name === next);
    setTexts(chosen && runId ? withRun(chosen.args, {}, runId) : {});
    setErrors({});
    setTaskId(null);
  };

  const refresh = async () => {
    setMenu(null);
    await Promise.all([
      client.invalidateQueries({ queryKey: taskKeys.definitions('general') }),
      client.invalidateQueries({ queryKey: taskKeys.workers }),
    ]);
    snack(TRANSFER_MSG.workersRefreshed, { color: 'success' });
  };

  const run = async () => {
    if (!definition) return;
    const input = taskInput(definition.args, texts);
    setErrors(input.errors);
    if (Object.keys(input.errors).length) return;
    setPosting(true);
    try {
      const state = await postTask(definition.name, definition.queue, input.args, input.kwargs);
      setTaskId(state._id);
    } catch (e) {
      snack((e as Error).message, { color: 'error' });
    } finally {
      setPosting(false);
    }
  };

  const workerNames = useMemo(
    () =>
      definition
        ? [...new Set((workers.data ?? []).filter((w) => w.queues.includes(definition.queue)).map((w) => w.worker))]
        : [],
    [definition, workers.data],
  );

  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Task Runner
        </Typography>
        <IconButton aria-label="Task runner menu" sx={{ ml: 'auto' }} onClick={(e) => setMenu(e.currentTarget)}>
          <MoreVert />
        </IconButton>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          <MenuItem onClick={() => void refresh()}>Refresh</MenuItem>
        </Menu>
      </Stack>
      {definitions.isError ? (
        <Alert severity="error">{definitions.error.message}</Alert>
      ) : !definitions.data ? (
        <CircularProgress aria-label="Loading tasks" />
      ) : (
        <Stack spacing={2}>
          <TextField select size="small" label="Task" value={name} onChange={(e) => choose(e.target.value)}>
            {definitions.data.map((d) => (
              <MenuItem key={d.name} value={d.name}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
          {definition && (
            <>
              <Typography variant="body2">{definition.description}</Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  Worker
                </Typography>
                <Typography variant="body2" aria-label="Worker">
                  {workerNames.length ? workerNames.join(', ') : `No worker consumes ${definition.queue}`}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Queue
                </Typography>
                <Typography variant="body2" aria-label="Queue">
                  {definition.queue}
                </Typography>
              </Box>
              <ArgFields
                definition={definition}
                texts={texts}
                errors={errors}
                onChange={(field, text) => setTexts((current) => ({ ...current, [field]: text }))}
              />
              <Box>
                <Button variant="contained" onClick={() => void run()} disabled={posting}>
                  Run Task
                </Button>
              </Box>
              {taskId && <TaskOutcome key={taskId} taskId={taskId} />}
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function ArgFields({
  definition,
  texts,
  errors,
  onChange,
}: {
  definition: TTaskDefinitionInfo;
  texts: Record<string, string>;
  errors: Record<string, string>;
  onChange(field: string, text: string): void;
}) {
  if (definition.args.length === 0)
    return <Typography color="text.secondary">This task takes no parameters.</Typography>;
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label="Parameters">
      {definition.args.map((spec) => {
        const text = texts[spec.name] ?? initialText(spec);
        if (spec.type === 'boolean')
          return (
            <FormControlLabel
              key={spec.name}
              label={spec.caption}
              control={
                <Checkbox checked={text === 'true'} onChange={(e) => onChange(spec.name, String(e.target.checked))} />
              }
            />
          );
        return (
          <TextField
            key={spec.name}
            size="small"
            label={spec.caption}
            value={text}
            type={spec.type === 'password' ? 'password' : 'text'}
            multiline={spec.type === 'json'}
            slotProps={{ htmlInput: { inputMode: spec.type === 'number' ? 'decimal' : undefined } }}
            onChange={(e) => onChange(spec.name, e.target.value)}
            error={Boolean(errors[spec.name])}
            helperText={errors[spec.name] ?? spec.description}
          />
        );
      })}
    </Stack>
  );
}

/** The posted task as it runs: status, progress, and its result or error. */
function TaskOutcome({ taskId }: { taskId: string }) {
  const task = useTaskState(taskId);
  const snack = useSnackbar();
  const state = task.data;
  const status = state?.status;
  useEffect(() => {
    if (status === 'SUCCESS') snack(TRANSFER_MSG.workerFinished, { color: 'success' });
    if (status === 'FAILURE') snack('Worker failed', { color: 'error' });
  }, [status, snack]);
  if (task.isError) return <Alert severity="error">{task.error.message}</Alert>;
  if (!state) return <LinearProgress aria-label="Task progress" />;
  return (
    <Stack spacing={1} aria-label="Task outcome">
      <LinearProgress
        variant={state.status === 'PENDING' ? 'indeterminate' : 'determinate'}
        value={state.progress}
        color={state.status === 'FAILURE' ? 'error' : state.status === 'SUCCESS' ? 'success' : 'primary'}
        aria-label="Task progress"
      />
      <Typography variant="body2" role="status">
        {state.status}
        {state.position !== null ? ` · position ${state.position}` : ''} · {Math.round(state.progress)}%
      </Typography>
      {state.status === 'FAILURE' && <Alert severity="error">{state.error}</Alert>}
      {state.status === 'SUCCESS' && (
        <Box
          component="pre"
          aria-label="Task result"
          sx={{ m: 0, p: 1, bgcolor: 'action.hover', maxHeight: 240, overflow: 'auto', fontSize: 12 }}
        >
          {JSON.stringify(state.result, null, 2).slice(0, 20_000)}
        </Box>
      )}
    </Stack>
  );
}
