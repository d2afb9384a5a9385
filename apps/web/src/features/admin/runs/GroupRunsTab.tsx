import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Delete from '@mui/icons-material/Delete';
import { RUN_ADMIN_MSG as M, runAdminCalls, type TStudy } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { OptionSelect, RunIdPicker } from './fields';
import { useCatalogueRuns, useInvalidateRuns, useStudies } from './runQueries';
import { studyChanges, type StudyDraft } from './studyLogic';

const filter = createFilterOptions<string>();
const EMPTY: StudyDraft = { description: '', type: '', runs: [] };
const draftOf = (study: TStudy | undefined): StudyDraft =>
  study
    ? { description: study.study_description, type: study.study_type_name ?? '', runs: study.runs.map((r) => r.run_id) }
    : EMPTY;

/** Group Runs (spec 03 §2.10, §4 Study): pick or create a study, set its type and description, add and remove runs. */
export function GroupRunsTab() {
  const studies = useStudies();
  const [name, setName] = useState<string | null>(null);
  const known = studies.data?.studies ?? [];
  const study = known.find((s) => s.study_name === name);

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {studies.isError && <Alert severity="error">{errorText(studies.error)}</Alert>}
      <Autocomplete
        freeSolo
        options={known.map((s) => s.study_name)}
        value={name}
        onChange={(_, next) => setName(next ? next.replace(/^Create new study: /, '').trim() || null : null)}
        filterOptions={(options, state) => {
          const shown = filter(options, state);
          const typed = state.inputValue.trim();
          return typed && !options.includes(typed) ? [...shown, `Create new study: ${typed}`] : shown;
        }}
        renderInput={(params) => (
          <TextField {...params} label="Study" helperText="Choose a study, or type a new name" />
        )}
        sx={{ width: 420 }}
      />
      {name && (
        <StudyEditor
          // Keyed on the saved study, not on when it was fetched: a refetch that brings the same study keeps the draft.
          key={`${name}:${JSON.stringify(study ?? null)}`}
          name={name}
          isNew={!study}
          original={draftOf(study)}
          types={studies.data?.study_types ?? []}
        />
      )}
    </Stack>
  );
}

function StudyEditor(props: { name: string; isNew: boolean; original: StudyDraft; types: string[] }) {
  const [draft, setDraft] = useState<StudyDraft>(props.original);
  const [adding, setAdding] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const runs = useCatalogueRuns();
  const showSnack = useSnackbar();
  const invalidate = useInvalidateRuns();
  const { runs_to_add, runs_to_remove, changed } = studyChanges(props.original, draft);
  const descriptionError = touched && !draft.description.trim() ? M.descriptionRequired : undefined;

  const save = useMutation({
    mutationFn: () =>
      callApi(runAdminCalls.saveStudy, {
        body: {
          study_name: props.name,
          create: props.isNew,
          study_description: draft.description,
          study_type_name: draft.type || null,
          runs_to_add,
          runs_to_remove,
        },
      }),
    onSuccess: () => showSnack(`Study ${props.name} saved`, { color: 'success' }),
    onError: (error) => showSnack(`Could not save the study: ${errorText(error)}`, { color: 'error' }),
    onSettled: invalidate,
  });

  const addRun = () => {
    if (!adding) return;
    if (draft.runs.includes(adding)) return setAddError(M.runIdAlreadySelected);
    setDraft({ ...draft, runs: [...draft.runs, adding] });
    setAdding(null);
    setAddError(null);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        {props.isNew ? `New study ${props.name}` : `Study ${props.name}`}
      </Typography>
      <OptionSelect
        label="Study Type"
        value={draft.type}
        options={props.types}
        onChange={(type) => setDraft({ ...draft, type })}
      />
      <TextField
        label="Study Description"
        value={draft.description}
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        onBlur={() => setTouched(true)}
        error={Boolean(descriptionError)}
        helperText={descriptionError}
        multiline
        minRows={2}
      />
      <section aria-label="Runs of the study">
        <Typography variant="subtitle2">Runs</Typography>
        {draft.runs.length === 0 ? (
          <Typography color="text.secondary">No runs yet.</Typography>
        ) : (
          <List dense>
            {draft.runs.map((runId) => (
              <ListItem
                key={runId}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${runId}`}
                    onClick={() => setDraft({ ...draft, runs: draft.runs.filter((r) => r !== runId) })}
                  >
                    <Delete />
                  </IconButton>
                }
              >
                <ListItemText primary={runId} />
              </ListItem>
            ))}
          </List>
        )}
      </section>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <RunIdPicker
          label="Add run"
          runIds={(runs.data ?? []).map((r) => r.run_id).sort()}
          value={adding}
          onChange={(next) => {
            setAdding(next);
            setAddError(null);
          }}
          loading={runs.isPending}
          width={260}
        />
        <Button onClick={addRun} disabled={!adding} sx={{ mt: 1 }}>
          Add
        </Button>
      </Stack>
      {addError && <Alert severity="warning">{addError}</Alert>}
      <div>
        <Button
          variant="contained"
          disabled={!changed || !draft.description.trim() || save.isPending}
          onClick={() => save.mutate()}
        >
          Submit
        </Button>
      </div>
    </Stack>
  );
}
