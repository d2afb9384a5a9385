import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudDownload from '@mui/icons-material/CloudDownload';
import { TRANSFER_MSG, ZNovogeneListing, type TNovogeneItem, type TTaskState } from '@atlas/contracts';
import { useSnackbar } from '../../app/feedback';
import { defaultsOf, postTask, runTaskToEnd, useTaskDefinitions } from '../../api/tasks';
import { megabytes } from './format';
import { statusText, TransferProgress } from './TransferProgress';

const LIST_TASK = 'core.list_novogene_batch';
const DOWNLOAD_TASK = 'core.download_from_ftp_to_s3';
const FIELDS = ['host', 'port', 'username', 'password', 'batch_root', 'storage_root'] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;

const basename = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** A problem with the form, by field, or null when it can be sent. */
function formProblems(form: Form): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!form.host.trim()) problems.host = 'Required';
  if (!/^\d+$/.test(form.port) || Number(form.port) < 1 || Number(form.port) > 65535)
    problems.port = 'Value must be digit (1-65535)';
  if (!form.username.trim()) problems.username = 'Required';
  return problems;
}

/**
 * Transfer Seq (Novogen) (spec 03 §2.8): the FTP login of a Novogene batch, its sequencing files by run, and a
 * download of each file into storage as a task with its progress.
 */
export function NovogeneTransfer() {
  const definitions = useTaskDefinitions('transfer');
  const definition = definitions.data?.find((d) => d.name === LIST_TASK);
  const defaults = useCallback((): Form => {
    const values = defaultsOf(definition);
    return Object.fromEntries(FIELDS.map((f) => [f, String(values[f] ?? '')])) as Form;
  }, [definition]);
  const [form, setForm] = useState<Form | null>(null);
  const [items, setItems] = useState<TNovogeneItem[] | null>(null);
  const [listing, setListing] = useState(false);
  /** The listing task while it runs: waiting behind downloads on the same queue shows its position. */
  const [listState, setListState] = useState<TTaskState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tasks, setTasks] = useState<Record<string, string>>({});
  /** Files whose last download failed: they may be tried again. */
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState(false);
  const snack = useSnackbar();

  useEffect(() => {
    if (definition && form === null) setForm(defaults());
  }, [definition, form, defaults]);

  const login = (values: Form) => ({
    host: values.host.trim(),
    port: Number(values.port),
    username: values.username.trim(),
    password: values.password,
  });

  const list = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!form || Object.keys(formProblems(form)).length) return;
    setListing(true);
    setError(null);
    try {
      const result = await runTaskToEnd(
        LIST_TASK,
        'atxcloud_core',
        [],
        { ...login(form), batch_root: form.batch_root, storage_root: form.storage_root },
        { onState: setListState },
      );
      setItems(ZNovogeneListing.parse(result).items);
      snack(TRANSFER_MSG.batchRetrieved, { color: 'success' });
    } catch (e) {
      setItems(null);
      setError((e as Error).message);
      snack(TRANSFER_MSG.batchError, { color: 'error' });
    } finally {
      setListing(false);
      setListState(null);
    }
  };

  const reset = () => {
    setForm(defaults());
    setItems(null);
    setError(null);
    setTasks({});
    setFailed(new Set());
    setTouched(false);
  };

  const download = async (item: TNovogeneItem) => {
    if (!form) return;
    try {
      const state = await postTask(DOWNLOAD_TASK, 'atxcloud_core', [], {
        ...login(form),
        source: item.source_filename,
        output_key: item.output_key,
        md5: item.md5 ?? '',
        run_id: item.run_id,
        description: `Novogene ${form.username.trim()}: ${basename(item.source_filename)}`,
      });
      setTasks((current) => ({ ...current, [item.source_filename]: state._id }));
      setFailed((current) => new Set([...current].filter((f) => f !== item.source_filename)));
    } catch (e) {
      snack(`${TRANSFER_MSG.taskInfoError}: ${(e as Error).message}`, { color: 'error' });
    }
  };

  const ended = useCallback(
    (item: TNovogeneItem, state: TTaskState) => {
      if (state.status === 'SUCCESS') {
        snack(TRANSFER_MSG.workerFinished, { color: 'success' });
        setItems(
          (current) =>
            current?.map((i) => (i.source_filename === item.source_filename ? { ...i, output_exists: true } : i)) ??
            null,
        );
      } else {
        snack(state.error ?? 'Worker failed', { color: 'error' });
        setFailed((current) => new Set([...current, item.source_filename]));
      }
    },
    [snack],
  );

  if (definitions.isError) return <Alert severity="error">{definitions.error.message}</Alert>;
  if (!form) return <CircularProgress aria-label="Loading the task defaults" />;
  const problems = touched ? formProblems(form) : {};
  const caption = (name: Field) => definition?.args.find((a) => a.name === name)?.caption ?? name;
  const field = (name: Field, extra: { type?: string } = {}) => (
    <TextField
      key={name}
      size="small"
      label={caption(name)}
      value={form[name]}
      type={extra.type}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(problems[name])}
      helperText={problems[name]}
      autoComplete={name === 'password' ? 'off' : undefined}
      slotProps={{ htmlInput: { 'data-field': name } }}
    />
  );

  return (
    <Stack spacing={2}>
      <Box
        component="form"
        onSubmit={list}
        aria-label="Novogene batch"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {field('host')}
        {field('port')}
        {field('username')}
        {field('password', { type: 'password' })}
        {field('batch_root')}
        {field('storage_root')}
        <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={listing}>
            {listing ? <CircularProgress size={20} aria-label="Listing the batch" /> : 'List Batches'}
          </Button>
          <Button onClick={reset} disabled={listing}>
            Reset
          </Button>
          {listing && (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center' }}>
              {statusText(listState ?? undefined)}
            </Typography>
          )}
        </Stack>
      </Box>
      {error && <Alert severity="error">{`${TRANSFER_MSG.batchError}: ${error}`}</Alert>}
      {items && items.length === 0 && <Alert severity="info">This batch has no sequencing files of a run.</Alert>}
      {items && items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Batch files">
            <TableHead>
              <TableRow>
                <TableCell>Run ID</TableCell>
                <TableCell>File name</TableCell>
                <TableCell align="right">Size (MB)</TableCell>
                <TableCell>Output path</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => {
                const taskId = tasks[item.source_filename];
                const name = basename(item.source_filename);
                return (
                  <TableRow key={item.source_filename}>
                    <TableCell>{item.run_id}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all', minWidth: 220 }}>{name}</TableCell>
                    <TableCell align="right">{megabytes(item.size)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {item.output_key}
                      {item.output_exists && (
                        <Chip size="small" color="warning" label={TRANSFER_MSG.fileExists} sx={{ ml: 1 }} />
                      )}
                    </TableCell>
                    <TableCell sx={{ width: 260 }}>
                      {taskId ? (
                        <TransferProgress
                          key={taskId}
                          taskId={taskId}
                          label={name}
                          onEnd={(state) => ended(item, state)}
                        />
                      ) : (
                        <Typography variant="caption" color="text.secondary">
                          Idle
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        startIcon={<CloudDownload />}
                        onClick={() => void download(item)}
                        disabled={Boolean(taskId) && !failed.has(item.source_filename)}
                        aria-label={`Download ${name} To S3`}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        Download To S3
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
