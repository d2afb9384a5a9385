import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authCalls, MSG } from '@atlas/contracts';
import { callApi } from '../../../api/client';
import { useSnackbar } from '../../../app/feedback';
import { errorText } from '../apiErrors';
import { useInvalidateAccounts } from '../queries';
import { PasswordChecklist } from '../../../components/PasswordChecklist';

/** The admin reset-password form of the User Management tab: sets another user's password. */
export function AdminResetPasswordForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const showSnack = useSnackbar();
  const invalidate = useInvalidateAccounts();

  const reset = useMutation({
    mutationFn: () => callApi(authCalls.resetPassword, { body: { username: username.trim(), password } }),
    onSuccess: () => {
      showSnack(MSG.adminPasswordReset, { color: 'success' });
      setPassword('');
    },
    onError: (error) => showSnack(MSG.adminPasswordResetFailed(errorText(error)), { color: 'error' }),
    onSettled: invalidate,
  });

  return (
    <Paper
      component="section"
      aria-labelledby="reset-password-title"
      variant="outlined"
      sx={{ p: 2, flex: 1, minWidth: 320 }}
    >
      <Typography variant="h6" component="h2" id="reset-password-title" gutterBottom>
        Reset a password
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          reset.mutate();
        }}
      >
        <TextField
          label="Username"
          size="small"
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="New Password"
          type="password"
          size="small"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {password !== '' && <PasswordChecklist password={password} />}
        <Button
          type="submit"
          variant="contained"
          disabled={username.trim() === '' || password === ''}
          loading={reset.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          Change Password
        </Button>
      </Stack>
    </Paper>
  );
}
