import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AuthCard } from './AuthCard';

export interface ForgotPasswordFormProps {
  initialUsername: string;
  onBack: () => void;
  /** Requests the reset code; the login page decides where the answer leads. */
  onSubmit: (username: string) => Promise<void>;
}

/** Forgot password (spec 01 §2): Submit needs a username. */
export function ForgotPasswordForm({ initialUsername, onBack, onSubmit }: ForgotPasswordFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [busy, setBusy] = useState(false);
  const canSubmit = username.trim() !== '' && !busy;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    try {
      await onSubmit(username.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your username and we will email you a code to reset your password."
      onSubmit={submit}
    >
      <TextField
        label="Username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        autoFocus
        slotProps={{ htmlInput: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false } }}
      />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onBack}>Back</Button>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          Submit
        </Button>
      </Stack>
    </AuthCard>
  );
}
