import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { authCalls, isValidPassword, MSG } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { useSnackbar } from '../../app/feedback';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordField } from '../../components/PasswordField';
import { errorText } from './apiErrors';
import { useInvalidateAccounts } from './queries';
import type { DialogProps } from './dialogProps';

const FORM_ID = 'reset-user-password-form';

/** Admin › User › Reset User Password: sets a user's password (spec 01 §2, §8). */
export function ResetUserPasswordDialog({ open, onClose }: DialogProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const showSnack = useSnackbar();
  const invalidate = useInvalidateAccounts();

  const reset = useMutation({
    mutationFn: () => callApi(authCalls.resetPassword, { body: { username: username.trim(), password } }),
    onSuccess: () => {
      showSnack(MSG.passwordSuccessfullyReset, { color: 'success' });
      close();
    },
    onError: (error) => showSnack(errorText(error), { color: 'error' }),
    onSettled: invalidate,
  });

  const close = () => {
    setUsername('');
    setPassword('');
    setSubmitted(false);
    onClose();
  };

  const submit = () => {
    setSubmitted(true);
    if (username.trim() === '' || !isValidPassword(password)) return;
    reset.mutate();
  };

  const usernameError = submitted && username.trim() === '' ? MSG.fieldCannotBeEmpty : undefined;
  const passwordError = !submitted
    ? undefined
    : password === ''
      ? MSG.fieldCannotBeEmpty
      : !isValidPassword(password)
        ? MSG.passwordNotValid
        : undefined;
  return (
    <Dialog open={open} onClose={close} aria-labelledby="reset-user-password-title" fullWidth maxWidth="xs">
      <DialogTitle id="reset-user-password-title">Reset User Password</DialogTitle>
      <DialogContent>
        <DialogContentText>Both fields are required. The user signs in with the new password.</DialogContentText>
        <Stack
          component="form"
          id={FORM_ID}
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            label="Username"
            autoComplete="off"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={!!usernameError}
            helperText={usernameError}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!passwordError}
            helperText={passwordError}
          />
          <PasswordChecklist password={password} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" form={FORM_ID} variant="contained" loading={reset.isPending}>
          Reset Password
        </Button>
      </DialogActions>
    </Dialog>
  );
}
