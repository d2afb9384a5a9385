import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { MSG } from '@atlas/contracts';
import { confirmViaEmail, resendConfirmation } from '../../api/auth';
import { useSnackbar } from '../../app/feedback';
import { AuthCard } from './AuthCard';
import { CodeActions } from './CodeActions';
import { isRejectedCode } from './flow';

export interface ConfirmCodeFormProps {
  username: string;
  onConfirmed: () => Promise<void> | void;
  onBack: () => void;
}

/** Confirmation code (spec 01 §2): the emailed code confirms the registration's email. */
export function ConfirmCodeForm({ username, onConfirmed, onBack }: ConfirmCodeFormProps) {
  const showSnack = useSnackbar();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const canSubmit = code.trim() !== '' && !busy;

  const confirm = async () => {
    if (!canSubmit) return;
    setBusy(true);
    try {
      await confirmViaEmail(username, code.trim());
      await onConfirmed();
    } catch (error) {
      showSnack(isRejectedCode(error) ? MSG.wrongConfirmationCode : MSG.confirmUserError, { color: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await resendConfirmation(username);
      showSnack(MSG.codeResent, { color: 'success' });
    } catch (error) {
      showSnack((error as Error).message, { color: 'error' });
    }
  };

  return (
    <AuthCard title="Confirm Your Account" subtitle={MSG.confirmCodeSent(username)} onSubmit={confirm}>
      <TextField
        label="Confirmation Code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
        slotProps={{ htmlInput: { autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false } }}
      />
      <CodeActions onResend={resend} onBack={onBack} busy={busy} canSubmit={canSubmit} />
    </AuthCard>
  );
}
