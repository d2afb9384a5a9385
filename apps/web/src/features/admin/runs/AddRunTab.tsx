import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHANNEL_COUNTS, CHANNEL_WIDTHS, CUT_AND_TAG, runAdminCalls, type TRunDetails } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { OptionSelect, RunIdPicker } from './fields';
import { LookupListsDialog } from './LookupListsDialog';
import { RunHistoryDialog } from './RunHistoryDialog';
import { RunSharingCard } from './RunSharingCard';
import { editOfForm, runFormErrors, type RunForm } from './runForm';
import { useCatalogueRuns, useFieldOptions, useInvalidateRuns, useRunDetails } from './runQueries';
import { useRunForm } from './useRunForm';
import { WebObjectCard } from './WebObjectCard';

/**
 * Add A Run (spec 03 §2.10): the run metadata editor. `?action=edit&run_id=…` (a catalogue thumbnail) loads that
 * run; `action=new_run` starts empty. A run id without a catalogue entry opens an empty form that creates it.
 */
export function AddRunTab({ onCreateRun }: { onCreateRun: () => void }) {
  const [query] = useSearchParams();
  const [runId, setRunId] = useState<string | null>(query.get('action') === 'edit' ? query.get('run_id') : null);
  const runs = useCatalogueRuns();
  const details = useRunDetails(runId);
  const runIds = (runs.data ?? []).map((r) => r.run_id).sort();

  return (
    <Stack spacing={2}>
      <RunIdPicker runIds={runIds} value={runId} onChange={setRunId} allowNew loading={runs.isPending} />
      {runId === null ? (
        <Typography color="text.secondary">Select a run ID to edit its metadata, or type a new one.</Typography>
      ) : details.isPending ? (
        <CircularProgress aria-label="Loading run" />
      ) : details.isError ? (
        <Alert severity="error">{errorText(details.error)}</Alert>
      ) : (
        <RunEditor
          key={runId}
          runId={runId}
          run={details.data}
          onCreateRun={onCreateRun}
          onSaved={() => setRunId(null)}
        />
      )}
    </Stack>
  );
}

function RunEditor(props: { runId: string; run: TRunDetails | null; onCreateRun: () => void; onSaved: () => void }) {
  const { run, runId } = props;
  const [form, set] = useRunForm(run, runId);
  const [submitted, setSubmitted] = useState(false);
  const [history, setHistory] = useState(false);
  const [lists, setLists] = useState(false);
  const options = useFieldOptions();
  const showSnack = useSnackbar();
  const invalidate = useInvalidateRuns();
  const errors = submitted ? runFormErrors(form) : {};
  const text = (field: keyof RunForm, label: string, extra: { multiline?: boolean; width?: number } = {}) => (
    <TextField
      label={label}
      value={form[field] as string}
      onChange={(e) => set(field)(e.target.value as never)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      sx={{ width: extra.width ?? 240 }}
    />
  );

  const save = useMutation({
    mutationFn: () => callApi(runAdminCalls.saveRun, { body: editOfForm(form) }),
    onSuccess: (result) => {
      showSnack(`Run ${result.run_id} ${result.created ? 'created' : 'saved'}`, { color: 'success' });
      props.onSaved();
    },
    onError: (error) => showSnack(`Could not save the run: ${errorText(error)}`, { color: 'error' }),
    onSettled: invalidate,
  });

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(runFormErrors(form)).length === 0) save.mutate();
  };
  const o = options.data;

  return (
    <>
      <Stack
        component="form"
        spacing={2}
        aria-label={`Run ${runId}`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <WebObjectCard run={run} onCreateRun={props.onCreateRun} />
        {options.isError && (
          <Alert severity="error">The lookup lists could not be loaded: {errorText(options.error)}</Alert>
        )}
        <Section title={run ? `Run ${runId}` : `New run ${runId}`}>
          {text('result_title', 'Run Title', { width: 496 })}
          {text('result_description', 'Description', { multiline: true, width: 496 })}
          {text('sample_id', 'Sample ID')}
          <TextField
            label="Date"
            placeholder="MM/DD/YYYY"
            value={form.date}
            onChange={(e) => set('date')(e.target.value)}
            error={Boolean(errors.date)}
            helperText={errors.date ?? 'MM/DD/YYYY'}
            sx={{ width: 240 }}
          />
        </Section>
        <Section
          title="Metadata"
          action={
            <Button size="small" onClick={() => setLists(true)}>
              Edit lookup lists
            </Button>
          }
        >
          <OptionSelect
            label="Assay"
            value={form.assay}
            options={o?.assay_list ?? []}
            onChange={set('assay')}
            error={errors.assay}
          />
          {form.assay === CUT_AND_TAG && (
            <OptionSelect
              label="Epitope Name"
              value={form.epitope}
              options={o?.antibody_list ?? []}
              onChange={set('epitope')}
            />
          )}
          <OptionSelect
            label="Species"
            value={form.species}
            options={o?.species_list ?? []}
            onChange={set('species')}
          />
          <OptionSelect label="Organ" value={form.organ} options={o?.organ_list ?? []} onChange={set('organ')} />
          <OptionSelect
            label="Tissue Type"
            value={form.tissue_type}
            options={o?.tissue_type_list ?? []}
            onChange={set('tissue_type')}
          />
          <OptionSelect
            label="Tissue Source"
            value={form.tissue_source}
            options={o?.tissue_source_list ?? []}
            onChange={set('tissue_source')}
          />
          {text('experimental_condition', 'Tissue Condition')}
          <OptionSelect
            label="Channel Width (µm)"
            value={form.channel_width}
            options={CHANNEL_WIDTHS.map(String)}
            onChange={set('channel_width')}
          />
          <OptionSelect
            label="Number of Channels"
            value={form.number_channels}
            options={CHANNEL_COUNTS.map(String)}
            onChange={set('number_channels')}
          />
        </Section>
        <Section title="Web Object">
          {text('ngs_id', 'NGS ID')}
          <OptionSelect label="Group" value={form.group} options={o?.group_list ?? []} onChange={set('group')} />
          <FormControlLabel
            control={<Checkbox checked={form.public} onChange={(e) => set('public')(e.target.checked)} />}
            label="Public"
          />
          {run?.web_obj_path && (
            <TextField
              label="Web Object Path"
              value={form.web_obj_path}
              onChange={(e) => set('web_obj_path')(e.target.value)}
              error={Boolean(errors.web_obj_path)}
              helperText={errors.web_obj_path ? `${errors.web_obj_path} data/${runId}/h5/` : `e.g. data/${runId}/h5/`}
              sx={{ width: 496 }}
            />
          )}
        </Section>
        <Section title="Publication">
          <Autocomplete
            freeSolo
            options={o?.publication_list ?? []}
            value={form.pmid}
            onInputChange={(_, value) => set('pmid')(value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label="PMID"
                error={Boolean(errors.pmid)}
                helperText={errors.pmid ?? 'Digits only; leave empty for none'}
              />
            )}
            sx={{ width: 240 }}
          />
          {form.pmid.trim() && (
            <>
              {text('publication_title', 'Publication Title', { width: 496 })}
              {text('publication_journal', 'Journal')}
              {text('publication_year', 'Year', { width: 120 })}
              {text('publication_link', 'Link', { width: 496 })}
              <Autocomplete
                multiple
                freeSolo
                autoSelect
                options={[]}
                value={form.authors}
                onChange={(_, value) => set('authors')(value.map((a) => a.trim()).filter(Boolean))}
                renderValue={(value, getItemProps) =>
                  value.map((author, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    return <Chip key={key} label={author} size="small" {...itemProps} />;
                  })
                }
                renderInput={(params) => (
                  <TextField {...params} label="Authors" helperText="Type a name and press Enter, in author order" />
                )}
                sx={{ width: 496 }}
              />
            </>
          )}
        </Section>
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Submit
          </Button>
          {run && <Button onClick={() => setHistory(true)}>History</Button>}
        </Stack>
      </Stack>
      {run && <RunSharingCard runId={runId} />}
      {history && <RunHistoryDialog runId={runId} onClose={() => setHistory(false)} />}
      {lists && <LookupListsDialog onClose={() => setLists(false)} />}
    </>
  );
}

function Section(props: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label={props.title}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }} spacing={2}>
        <Typography variant="subtitle1" component="h3">
          {props.title}
        </Typography>
        {props.action}
      </Stack>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
        {props.children}
      </Stack>
    </Paper>
  );
}
