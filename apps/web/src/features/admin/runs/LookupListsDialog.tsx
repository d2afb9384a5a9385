import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOOKUP_LISTS, runAdminCalls, type TFieldOptions, type TLookupList } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { useFieldOptions, useInvalidateFieldOptions } from './runQueries';

const TITLES: Record<TLookupList, string> = {
  assay: 'Assay',
  species: 'Species',
  organ: 'Organ',
  antibody: 'Antibody (epitope)',
  tissue_source: 'Tissue Source',
  tissue_type: 'Tissue Type',
};

const valuesOf = (options: TFieldOptions, list: TLookupList) => options[`${list}_list`];

/**
 * The lookup lists of the run forms (spec 02 §7.3), editable by admins: add a value, or remove one no run uses.
 * Groups come from Group Managment and PMIDs from the runs' publications, so they are not edited here.
 */
export function LookupListsDialog({ onClose }: { onClose: () => void }) {
  const options = useFieldOptions();
  return (
    <Dialog open onClose={onClose} aria-labelledby="lookup-lists-title" fullWidth maxWidth="md">
      <DialogTitle id="lookup-lists-title">Lookup lists</DialogTitle>
      <DialogContent>
        {options.isPending ? (
          <CircularProgress aria-label="Loading lookup lists" />
        ) : options.isError ? (
          <Alert severity="error">{errorText(options.error)}</Alert>
        ) : (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {LOOKUP_LISTS.map((list) => (
              <LookupList key={list} list={list} values={valuesOf(options.data, list)} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function LookupList({ list, values }: { list: TLookupList; values: string[] }) {
  const [value, setValue] = useState('');
  const showSnack = useSnackbar();
  const invalidate = useInvalidateFieldOptions();
  const trimmed = value.trim();
  const duplicate = values.includes(trimmed);
  const add = useMutation({
    mutationFn: () => callApi(runAdminCalls.addFieldOption, { body: { list, value: trimmed } }),
    onSuccess: () => {
      showSnack(`'${trimmed}' added to ${TITLES[list]}`, { color: 'success' });
      setValue('');
    },
    onError: (error) => showSnack(errorText(error), { color: 'error' }),
    onSettled: invalidate,
  });
  const remove = useMutation({
    mutationFn: (old: string) => callApi(runAdminCalls.removeFieldOption, { body: { list, value: old } }),
    onSuccess: (_, old) => showSnack(`'${old}' removed from ${TITLES[list]}`, { color: 'success' }),
    onError: (error) => showSnack(errorText(error), { color: 'error' }),
    onSettled: invalidate,
  });
  return (
    <section aria-label={TITLES[list]}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {TITLES[list]}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 1 }}>
        {values.map((v) => (
          <Chip key={v} label={v} onDelete={() => remove.mutate(v)} disabled={remove.isPending} />
        ))}
      </Stack>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog opens from the run editor's form: its submit must not reach that form through the portal.
          e.stopPropagation();
          if (trimmed && !duplicate) add.mutate();
        }}
      >
        <TextField
          size="small"
          label={`New ${TITLES[list]} value`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={duplicate}
          helperText={duplicate ? `'${trimmed}' is already in the list.` : undefined}
        />
        <Button type="submit" disabled={!trimmed || duplicate || add.isPending}>
          Add
        </Button>
      </Stack>
    </section>
  );
}
