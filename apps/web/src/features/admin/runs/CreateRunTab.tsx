import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { labCalls, RUN_ADMIN_MSG as M, taskCalls } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { canSubmitWebObject, presenceOf, WEB_OBJECT_INPUTS } from './createRunLogic';
import { OptionSelect, RunIdPicker } from './fields';
import { useCatalogueRuns, useInvalidateRuns, useRunDetails } from './runQueries';

const TASK = 'webfile.create_files';
const QUEUE = 'atxcloud_webfile';
const PATHS_PER_PAGE = 5;
const POLL_MS = 1000;

/**
 * Create A Run (spec 03 §2.10): choose a run id, a bucket and the run's folder; the presence table shows which
 * inputs sit in `{path}h5/obj/`; Submit posts webfile.create_files, which writes the explorer web files, gives a
 * new run its (private) catalogue entry and renders its thumbnail. Its state is polled every second.
 */
export function CreateRunTab({ onShowJobs }: { onShowJobs: () => void }) {
  const runs = useCatalogueRuns();
  const [runId, setRunId] = useState<string | null>(null);
  const [bucket, setBucket] = useState('');
  const [path, setPath] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState('');
  const [transcriptome, setTranscriptome] = useState(false);
  const [description, setDescription] = useState('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const [replace, setReplace] = useState(false);
  // A run id that has a web object already: said before Submit, which then needs the admin's agreement.
  const details = useRunDetails(runId);
  const existing = details.data?.web_object_available ? details.data : null;
  const showSnack = useSnackbar();
  const invalidate = useInvalidateRuns();

  const buckets = useQuery({
    queryKey: ['runs-admin', 'buckets'],
    queryFn: ({ signal }) => callApi(labCalls.fetchBuckets, { signal }),
  });
  const folders = useQuery({
    queryKey: ['runs-admin', 'folders', bucket],
    enabled: Boolean(bucket),
    queryFn: ({ signal }) =>
      callApi(labCalls.subFolders, { body: { bucket_name: bucket, prefix: 'data/', delimiter: '/' }, signal }),
  });
  const files = useQuery({
    queryKey: ['runs-admin', 'obj-files', bucket, path],
    enabled: Boolean(bucket && path),
    queryFn: async ({ signal }) => {
      const keys = await callApi(labCalls.listFiles, {
        body: { bucket, path: `${path}h5/obj/`, only_files: true, filter: [], delimiter: '' },
        signal,
      });
      return presenceOf(keys === false ? [] : keys, path!);
    },
  });
  const task = useQuery({
    // Outside the 'runs-admin' keys: the invalidation below must not cancel this poll.
    queryKey: ['create-run-task', taskId],
    enabled: taskId !== null,
    queryFn: ({ signal }) => callApi(taskCalls.getTask, { params: { id: taskId! }, signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'SUCCESS' || query.state.data?.status === 'FAILURE' ? false : POLL_MS,
  });

  const paths = useMemo(
    () => (folders.data ?? []).filter((p) => p.toUpperCase().includes(filter.trim().toUpperCase())),
    [folders.data, filter],
  );
  const presence = files.data ?? null;
  const canSubmit = canSubmitWebObject({
    runId,
    bucket,
    path,
    description,
    sent: taskId !== null,
    transcriptome,
    presence,
    hasWebObject: existing !== null,
    replace,
  });

  const submit = useMutation({
    mutationFn: () =>
      callApi(taskCalls.postTask, {
        body: {
          task: TASK,
          queue: QUEUE,
          args: [`${path}h5/obj`, transcriptome, bucket],
          kwargs: { run_id: runId, description: description.trim(), replace: existing !== null && replace },
        },
      }),
    onSuccess: (state) => {
      setTaskId(state._id);
      setDialog(true);
    },
    onError: (error) => showSnack(`Could not submit the job: ${errorText(error)}`, { color: 'error' }),
  });

  const chooseRun = (next: string | null) => {
    setRunId(next);
    setTaskId(null);
    setReplace(false);
    // The run's own folder, when the bucket has one.
    const own = next && (folders.data ?? []).find((p) => p === `data/${next}/`);
    if (own) setPath(own);
    if (next) setFilter(next);
    setPage(0);
  };

  const state = task.data;
  const done = state?.status === 'SUCCESS';
  useEffect(() => {
    // The run now has its catalogue entry, web object and thumbnail.
    if (done) void invalidate();
  }, [done, invalidate]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <RunIdPicker
        runIds={(runs.data ?? []).map((r) => r.run_id).sort()}
        value={runId}
        onChange={chooseRun}
        allowNew
        loading={runs.isPending}
      />
      {existing && runId && (
        <Alert severity="warning" aria-label="Existing web object">
          {M.webObjExists(runId, existing.web_obj_path ?? '')}
          <FormControlLabel
            sx={{ display: 'flex' }}
            control={<Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)} />}
            label={M.webObjReplace}
          />
        </Alert>
      )}
      <OptionSelect
        label="Bucket"
        value={bucket}
        options={buckets.data ?? []}
        allowEmpty={false}
        onChange={(next) => {
          setBucket(next);
          setPath(null);
        }}
      />
      {buckets.isError && <Alert severity="error">{errorText(buckets.error)}</Alert>}
      {bucket && (
        <section aria-label="Paths">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h3">
              Path
            </Typography>
            <TextField
              size="small"
              label="Filter paths"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(0);
              }}
            />
          </Stack>
          {folders.isPending ? (
            <CircularProgress aria-label="Loading paths" />
          ) : folders.isError ? (
            <Alert severity="error">{errorText(folders.error)}</Alert>
          ) : paths.length === 0 ? (
            <Typography color="text.secondary">No run folders under data/ match.</Typography>
          ) : (
            <>
              <Table size="small" aria-label="Paths">
                <TableBody>
                  {paths.slice(page * PATHS_PER_PAGE, (page + 1) * PATHS_PER_PAGE).map((p) => (
                    <TableRow key={p} hover selected={p === path} onClick={() => setPath(p)} sx={{ cursor: 'pointer' }}>
                      <TableCell padding="checkbox">
                        <Radio
                          checked={p === path}
                          onChange={() => setPath(p)}
                          slotProps={{ input: { 'aria-label': p } }}
                        />
                      </TableCell>
                      <TableCell>{p}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <TablePagination
                component="div"
                count={paths.length}
                page={page}
                onPageChange={(_, next) => setPage(next)}
                rowsPerPage={PATHS_PER_PAGE}
                rowsPerPageOptions={[PATHS_PER_PAGE]}
              />
            </>
          )}
        </section>
      )}
      {path && (
        <Table size="small" aria-label="Files" sx={{ maxWidth: 420 }}>
          <TableHead>
            <TableRow>
              <TableCell>File ({path}h5/obj/)</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {WEB_OBJECT_INPUTS.filter((name) => !transcriptome || name === 'genes.h5ad').map((name) => (
              <TableRow key={name}>
                <TableCell>{name}</TableCell>
                <TableCell sx={{ color: presence?.[name] ? 'success.dark' : 'error.main' }}>
                  {files.isPending ? '…' : presence?.[name] ? 'Present' : 'Not Present'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <FormControlLabel
        control={<Checkbox checked={transcriptome} onChange={(e) => setTranscriptome(e.target.checked)} />}
        label="Is this run Transcriptome"
      />
      <TextField
        label="Job Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        sx={{ width: 496 }}
      />
      <div>
        <Button
          variant="contained"
          disabled={!canSubmit || details.isPending || submit.isPending}
          onClick={() => submit.mutate()}
        >
          Submit
        </Button>
      </div>
      {state && (
        <Stack spacing={1} aria-label="Job progress">
          <Typography>
            {TASK} for {runId}: {state.status}
            {state.status === 'PROGRESS' && ` ${Math.round(state.progress)}%`}
            {state.position !== null && state.status === 'PENDING' && ` (position ${state.position})`}
          </Typography>
          <LinearProgress variant="determinate" value={state.status === 'SUCCESS' ? 100 : state.progress} />
          {state.status === 'FAILURE' && <Alert severity="error">{state.error}</Alert>}
          {state.status === 'SUCCESS' && (
            <Alert severity="success">Web object of {runId} created: describe the run in Add A Run.</Alert>
          )}
        </Stack>
      )}
      <Dialog open={dialog} onClose={() => setDialog(false)} aria-labelledby="request-received-title">
        <DialogTitle id="request-received-title">{M.requestReceived}</DialogTitle>
        <DialogContent>
          <DialogContentText>{M.requestReceivedText(runId ?? '')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onShowJobs}>Job Managment</Button>
          <Button onClick={() => setDialog(false)} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
