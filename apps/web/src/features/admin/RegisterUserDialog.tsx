import { useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isEmail, isValidPassword, MSG } from '@atlas/contracts';
import { useSnackbar } from '../../app/feedback';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { ConfirmFailed, registerAndConfirm } from './registerAndConfirm';
import { PasswordField } from '../../components/PasswordField';
import { errorText, hasStatus } from './apiErrors';
import { useInvalidateAccounts } from './queries';
import type { DialogProps } from './dialogProps';

const EMPTY = { username: '', name: '', email: '', password: '' };
type Values = typeof EMPTY;
const FORM_ID = 'register-user-form';

/** Admin › User › Register New User: creates the account and confirms it at once (spec 01 §2, §7). */
export function RegisterUserDialog({ open, onClose }: DialogProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [taken, setTaken] = useState(false);
  const showSnack = useSnackbar();
  const invalidate = useInvalidateAccounts();

  const register = useMutation({
    mutationFn: (input: Values) => registerAndConfirm({ ...input, groups: [] }),
    onSuccess: () => {
      showSnack(MSG.userRegistered, { color: 'success' });
      close();
    },
    onError: (error) => {
      if (error instanceof ConfirmFailed) return showSnack(MSG.userConfirmFailed, { color: 'error' });
      if (hasStatus(error, 409)) return setTaken(true);
      showSnack(errorText(error), { color: 'error' });
    },
    onSettled: invalidate,
  });

  const close = () => {
    setValues(EMPTY);
    setSubmitted(false);
    setTaken(false);
    onClose();
  };

  const errors: Partial<Record<keyof Values, string>> = {
    username: taken ? MSG.userAlreadyExists : undefined,
    email: submitted && !isEmail(values.email.trim()) ? MSG.emailInvalid : undefined,
    password: submitted && !isValidPassword(values.password) ? MSG.passwordNotValid : undefined,
  };
  const complete = Object.values(values).every((value) => value.trim() !== '');

  const submit = () => {
    setSubmitted(true);
    if (!complete || !isEmail(values.email.trim()) || !isValidPassword(values.password)) return;
    register.mutate(values);
  };

  const field = (key: keyof Values) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      if (key === 'username') setTaken(false);
    },
    error: !!errors[key],
    helperText: errors[key],
    fullWidth: true,
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="register-user-title" fullWidth maxWidth="xs">
      <DialogTitle id="register-user-title">Register User</DialogTitle>
      <DialogContent>
        <DialogContentText>All fields are required. {MSG.adminAddedUserRule}</DialogContentText>
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
          <TextField label="Username" autoComplete="off" autoFocus {...field('username')} />
          <TextField label="Full Name" autoComplete="off" {...field('name')} />
          <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
          <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
          <PasswordChecklist password={values.password} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" form={FORM_ID} variant="contained" disabled={!complete} loading={register.isPending}>
          Register
        </Button>
      </DialogActions>
    </Dialog>
  );
}
