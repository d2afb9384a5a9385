import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isEmail, MSG } from '@atlas/contracts';
import { requestAccount } from '../../api/auth';
import { useSnackbar } from '../../app/feedback';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordField } from '../../components/PasswordField';
import { AuthCard } from './AuthCard';
import { isUsernameTaken, registrationValid, type RegistrationFields } from './flow';

const EMPTY: RegistrationFields = {
  name: '',
  email: '',
  pi_name: '',
  organization: '',
  username: '',
  password: '',
  confirm: '',
};

export interface RegisterFormProps {
  onBack: () => void;
  /** The account was requested: the server emailed a confirmation code. */
  onRequested: (username: string) => void;
}

/** Registration (spec 01 §2, §4): Request Account is enabled only when the form is valid. */
export function RegisterForm({ onBack, onRequested }: RegisterFormProps) {
  const showSnack = useSnackbar();
  const [fields, setFields] = useState<RegistrationFields>(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof RegistrationFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));
  const canSubmit = registrationValid(fields) && !busy;
  const emailError = fields.email.trim() !== '' && !isEmail(fields.email.trim());
  const confirmError = fields.confirm !== '' && fields.confirm !== fields.password;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    const username = fields.username.trim();
    try {
      const answer = await requestAccount({
        name: fields.name.trim(),
        email: fields.email.trim(),
        pi_name: fields.pi_name.trim(),
        organization: fields.organization.trim(),
        username,
        password: fields.password,
      });
      if (answer.username_exists) showSnack(MSG.usernameExists, { color: 'error' });
      else onRequested(username);
    } catch (error) {
      showSnack(isUsernameTaken(error) ? MSG.usernameExists : MSG.accountRequestError, { color: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Request an Account"
      subtitle="All fields are required. An administrator authorises new accounts before they can access data."
      onSubmit={submit}
      wide
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Full Name" value={fields.name} onChange={set('name')} autoFocus />
        <TextField
          label="Email"
          type="email"
          value={fields.email}
          onChange={set('email')}
          error={emailError}
          helperText={emailError ? MSG.emailInvalid : undefined}
          slotProps={{ htmlInput: { autoComplete: 'email' } }}
        />
        <TextField label="PI Name" value={fields.pi_name} onChange={set('pi_name')} />
        <TextField
          label="Organization"
          value={fields.organization}
          onChange={set('organization')}
          slotProps={{ htmlInput: { autoComplete: 'organization' } }}
        />
      </Box>
      <TextField
        label="Username"
        value={fields.username}
        onChange={set('username')}
        slotProps={{ htmlInput: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <PasswordField
          label="Password"
          value={fields.password}
          onChange={set('password')}
          slotProps={{ htmlInput: { autoComplete: 'new-password', 'aria-describedby': 'register-password-rules' } }}
        />
        <PasswordField
          label="Confirm Password"
          value={fields.confirm}
          onChange={set('confirm')}
          error={confirmError}
          helperText={confirmError ? MSG.passwordsDontMatch : undefined}
          slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          Your password needs
        </Typography>
        <PasswordChecklist password={fields.password} id="register-password-rules" />
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onBack}>Back</Button>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          Request Account
        </Button>
      </Stack>
    </AuthCard>
  );
}
