import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../app/feedback';
import { PasswordField } from '../../../components/PasswordField';
import { useDisableSecondFactor } from './queries';

/** Turning two-step sign-in off proves the person at the keyboard again: their password. */
export function TurnOffForm() {
  const disable = useDisableSecondFactor();
  const showSnack = useSnackbar();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    disable.mutate(
      { password },
      {
        onSuccess: (answer) => {
          setPassword('');
          setError(null);
          showSnack(answer.msg, { color: 'success' });
        },
        onError: (failure) => setError(failure instanceof Error ? failure.message : String(failure)),
      },
    );
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-label="Turn off two-step sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        if (password) submit();
      }}
    >
      <Typography variant="subtitle1">Turn off</Typography>
      <PasswordField
        label="Password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error !== null}
        helperText={error ?? 'Your password, to confirm it is you'}
        slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
        sx={{ maxWidth: 320 }}
      />
      <Button
        type="submit"
        color="error"
        variant="outlined"
        disabled={!password || disable.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Turn Off Two-Step Sign In
      </Button>
    </Stack>
  );
}
