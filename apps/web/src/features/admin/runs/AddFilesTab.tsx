import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { labCalls, runAdminCalls, type TRunFile } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { OptionSelect, RunIdPicker } from './fields';
import { fileChanges, rowComplete, rowOfFile, type FileRow } from './filesLogic';
import { useCatalogueRuns, useFileTypes, useInvalidateRuns, useRunDetails } from './runQueries';

/** Add Files (spec 03 §2.10, §4): the downloadable files the catalogue offers for a run. */
export function AddFilesTab() {
  const runs = useCatalogueRuns();
  const [runId, setRunId] = useState<string | null>(null);
  const details = useRunDetails(runId);
  return (
    <Stack spacing={2}>
      <RunIdPicker
        runIds={(runs.data ?? []).map((r) => r.run_id).sort()}
        value={runId}
        onChange={setRunId}
        loading={runs.isPending}
      />
      {runId === null ? (
        <Typography color="text.secondary">Select a run to edit its downloadable files.</Typography>
      ) : details.isPending ? (
        <CircularProgress aria-label="Loading files" />
      ) : details.isError ? (
        <Alert severity="error">{errorText(details.error)}</Alert>
      ) : details.data === null ? (
        <Alert severity="warning">Run {runId} has no catalogue entry yet: describe it in Add A Run first.</Alert>
      ) : (
        // Keyed on the saved files, not on when they were fetched: a background refetch that brings the same files
        // must not remount the editor and drop a row being added (it did, after Add A Run's save).
        <FilesEditor
          key={`${runId}:${JSON.stringify(details.data.files)}`}
          runId={runId}
          original={details.data.files}
        />
      )}
    </Stack>
  );
}

function FilesEditor({ runId, original }: { runId: string; original: TRunFile[] }) {
  const [rows, setRows] = useState<FileRow[]>(() => original.map(rowOfFile));
  const types = useFileTypes();
  const buckets = useQuery({
    queryKey: ['runs-admin', 'buckets'],
    queryFn: ({ signal }) => callApi(labCalls.fetchBuckets, { signal }),
  });
  const showSnack = useSnackbar();
  const invalidate = useInvalidateRuns();
  const editing = rows.some((r) => r.editing);
  const changes = fileChanges(original, rows);

  const update = (key: string, patch: Partial<FileRow>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = useMutation({
    mutationFn: () =>
      callApi(runAdminCalls.saveRunFiles, {
        body: { run_id: runId, added: changes.added, removed: changes.removed, changed: changes.changed },
      }),
    onSuccess: () => {
      showSnack(`Files of ${runId} saved`, { color: 'success' });
      // The editor starts again from the saved files. Not after a refusal: the rows stay, to be corrected.
      void invalidate();
    },
  });

  return (
    <Stack spacing={2}>
      {(types.isError || buckets.isError) && <Alert severity="error">{errorText(types.error ?? buckets.error)}</Alert>}
      <Table size="small" aria-label={`Files of ${runId}`}>
        <TableHead>
          <TableRow>
            <TableCell>File Type</TableCell>
            <TableCell>Bucket</TableCell>
            <TableCell>File Path</TableCell>
            <TableCell>File Description</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography color="text.secondary">No downloadable files: add one with +.</Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.key} data-testid="file-row">
              {row.editing ? (
                <>
                  <TableCell>
                    <OptionSelect
                      label="File Type"
                      value={row.file_type_name}
                      options={types.data ?? []}
                      allowEmpty={false}
                      onChange={(file_type_name) => update(row.key, { file_type_name })}
                      width={170}
                    />
                  </TableCell>
                  <TableCell>
                    <OptionSelect
                      label="Bucket"
                      value={row.bucket_name}
                      options={buckets.data ?? []}
                      allowEmpty={false}
                      onChange={(bucket_name) => update(row.key, { bucket_name })}
                      width={150}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      label="File Path"
                      value={row.file_path}
                      onChange={(e) => update(row.key, { file_path: e.target.value })}
                      error={!row.file_path.trim()}
                      size="small"
                      fullWidth
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      label="File Description"
                      value={row.file_description}
                      onChange={(e) => update(row.key, { file_description: e.target.value })}
                      error={!row.file_description.trim()}
                      size="small"
                      fullWidth
                    />
                  </TableCell>
                </>
              ) : (
                <>
                  <TableCell>{row.file_type_name}</TableCell>
                  <TableCell>{row.bucket_name}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{row.file_path}</TableCell>
                  <TableCell>{row.file_description}</TableCell>
                </>
              )}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.editing ? (
                  <IconButton
                    aria-label={`Confirm ${row.file_path || 'new file'}`}
                    disabled={!rowComplete(row)}
                    onClick={() => update(row.key, { editing: false })}
                  >
                    <Check />
                  </IconButton>
                ) : (
                  <IconButton
                    aria-label={`Edit ${row.file_path}`}
                    disabled={editing}
                    onClick={() => update(row.key, { editing: true })}
                  >
                    <Edit />
                  </IconButton>
                )}
                <IconButton
                  aria-label={`Delete ${row.file_path || 'new file'}`}
                  onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  <Delete />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2}>
        <IconButton
          aria-label="Add a file"
          disabled={editing}
          onClick={() =>
            setRows((current) => [
              ...current,
              {
                key: crypto.randomUUID(),
                file_id: null,
                file_type_name: types.data?.[0] ?? '',
                bucket_name: buckets.data?.[0] ?? '',
                file_path: `data/${runId}/`,
                file_description: '',
                editing: true,
              },
            ])
          }
        >
          <Add />
        </IconButton>
        <Button variant="contained" disabled={editing || !changes.any || save.isPending} onClick={() => save.mutate()}>
          Submit
        </Button>
      </Stack>
      {/* Stays until the next save: a refusal names the file to fix (a path storage does not hold). */}
      {save.isError && <Alert severity="error">Could not save the files: {errorText(save.error)}</Alert>}
    </Stack>
  );
}
