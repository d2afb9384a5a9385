import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RUN_ADMIN_MSG as M } from '@atlas/contracts';
import { errorText } from '../apiErrors';
import { canSubmitWebObject } from './createRunLogic';
import { CreateRunJobProgress, RequestReceivedDialog } from './CreateRunJobStatus';
import { OptionSelect, RunIdPicker } from './fields';
import { RunFolderPaths } from './RunFolderPaths';
import { useCatalogueRuns, useRunDetails } from './runQueries';
import { useCreateRunJob } from './useCreateRunJob';
import { useRunFolderListings } from './useRunFolderListings';
import { WebObjectInputsTable } from './WebObjectInputsTable';

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
  const [replace, setReplace] = useState(false);
  // A run id that has a web object already: said before Submit, which then needs the admin's agreement.
  const details = useRunDetails(runId);
  const existing = details.data?.web_object_available ? details.data : null;
  const { buckets, folders, files } = useRunFolderListings(bucket, path);
  const job = useCreateRunJob({
    runId,
    bucket,
    path,
    transcriptome,
    description,
    replace: existing !== null && replace,
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
    sent: job.sent,
    transcriptome,
    presence,
    hasWebObject: existing !== null,
    replace,
  });

  const chooseRun = (next: string | null) => {
    setRunId(next);
    job.reset();
    setReplace(false);
    // The run's own folder, when the bucket has one.
    const own = next && (folders.data ?? []).find((p) => p === `data/${next}/`);
    if (own) setPath(own);
    if (next) setFilter(next);
    setPage(0);
  };

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
        <RunFolderPaths
          paths={paths}
          loading={folders.isPending}
          error={folders.isError ? folders.error : null}
          filter={filter}
          onFilterChange={setFilter}
          page={page}
          onPageChange={setPage}
          path={path}
          onPathChange={setPath}
        />
      )}
      {path && (
        <WebObjectInputsTable path={path} transcriptome={transcriptome} presence={presence} loading={files.isPending} />
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
          disabled={!canSubmit || details.isPending || job.submit.isPending}
          onClick={() => job.submit.mutate()}
        >
          Submit
        </Button>
      </div>
      {job.state && <CreateRunJobProgress state={job.state} runId={runId} />}
      <RequestReceivedDialog open={job.dialog} runId={runId} onClose={job.closeDialog} onShowJobs={onShowJobs} />
    </Stack>
  );
}
