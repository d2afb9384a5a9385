import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TTaskState } from '@atlas/contracts';
import type { NovogeneField, NovogeneForm } from './novogeneForm';
import { statusText } from './TransferProgress';

interface NovogeneBatchFormProps {
  form: NovogeneForm;
  onChange(form: NovogeneForm): void;
  /** The problems to show, by field: none until the admin first tries to list. */
  problems: Partial<Record<NovogeneField, string>>;
  /** A field's label: the caption the task definition gives it. */
  caption(name: NovogeneField): string;
  listing: boolean;
  listState: TTaskState | null;
  onSubmit(event: FormEvent): void;
  onReset(): void;
}

/** The FTP login and folders of a Novogene batch, with List Batches, Reset and the listing task's status. */
export function NovogeneBatchForm({
  form,
  onChange,
  problems,
  caption,
  listing,
  listState,
  ...actions
}: NovogeneBatchFormProps) {
  const field = (name: NovogeneField, extra: { type?: string } = {}) => (
    <TextField
      key={name}
      size="small"
      label={caption(name)}
      value={form[name]}
      type={extra.type}
      onChange={(e) => onChange({ ...form, [name]: e.target.value })}
      error={Boolean(problems[name])}
      helperText={problems[name]}
      autoComplete={name === 'password' ? 'off' : undefined}
      slotProps={{ htmlInput: { 'data-field': name } }}
    />
  );
  return (
    <Box
      component="form"
      onSubmit={actions.onSubmit}
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
        <Button onClick={actions.onReset} disabled={listing}>
          Reset
        </Button>
        {listing && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center' }}>
            {statusText(listState ?? undefined)}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
