import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { MSG } from '@atlas/contracts';
import { forgotPasswordConfirmation } from '../../api/auth';
import { useSnackbar } from '../../app/feedback';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { PasswordField } from '../../components/PasswordField';
import { AuthCard } from './AuthCard';
import { CodeActions } from './CodeActions';
import { resetValid } from './flow';

export interface ResetPasswordFormProps {
  username: string;
  onResend: () => Promise<void>;
  onDone: () => void;
  onBack: () => void;
}

/** Password reset (spec 01 §2, §4): code, new password with its checklist, Re-Send and Confirm. */
export function ResetPasswordForm({ username, onResend, onDone, onBack }: ResetPasswordFormProps) {
  const showSnack = useSnackbar();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const canSubmit = resetValid(code, password, confirm) && !busy;
  const confirmError = confirm !== '' && confirm !== password;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    try {
      const answer = await forgotPasswordConfirmation(username, code.trim(), password);
      if (answer.state === 'Success') {
        showSnack(MSG.passwordHasBeenReset, { color: 'success' });
        onDone();
        return;
      }
      showSnack(answer.state === 'wrong_code' ? MSG.wrongCode : answer.msg || MSG.resetCodeError, { color: 'error' });
    } catch (error) {
      showSnack((error as Error).message, { color: 'error' });
    }
    setBusy(false);
  };

  const resend = async () => {
    setBusy(true);
    try {
      await onResend();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Reset Password" subtitle={MSG.resetCodeSent(username)} onSubmit={submit}>
      <TextField
        label="Confirmation Code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
        slotProps={{ htmlInput: { autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false } }}
      />
      <PasswordField
        label="New Password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        slotProps={{ htmlInput: { autoComplete: 'new-password', 'aria-describedby': 'reset-password-rules' } }}
      />
      <PasswordField
        label="Confirm Password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={confirmError}
        helperText={confirmError ? MSG.passwordsDontMatch : undefined}
        slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
      />
      <Box>
        <PasswordChecklist password={password} id="reset-password-rules" />
      </Box>
      <CodeActions onResend={resend} onBack={onBack} busy={busy} canSubmit={canSubmit} />
    </AuthCard>
  );
}
