import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { SECOND_FACTOR_MSG as M, type TSecondFactorStep } from '@atlas/contracts';
import { signInWithCode } from '../../api/secondFactor';
import { useSnackbar } from '../../app/feedback';
import { useSession } from '../../app/session';
import { CodeField, isCompleteCode } from '../../components/second-factor/CodeField';
import { AuthCard } from './AuthCard';
import { errorMessage } from './flow';

/**
 * The sign-in's code step (issue 35): the 6-digit code of the authenticator app, or, behind a link, one of the
 * recovery codes. Only a right code starts the session; the password step's challenge carries the account.
 */
export function SecondFactorForm({ step, onBack }: { step: TSecondFactorStep; onBack: () => void }) {
  const { finishSignIn } = useSession();
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canSubmit = !busy && (recovery ? recoveryCode.trim() !== '' : isCompleteCode(code));

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      const proof = recovery ? { recovery_code: recoveryCode.trim() } : { code };
      const answer = await signInWithCode(step.challenge, proof);
      await finishSignIn(answer.access_token);
      if (answer.msg) showSnack(answer.msg, { color: 'warning' });
      navigate('/');
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setError(null);
  };

  return (
    <AuthCard title="Two-Step Sign In" subtitle={recovery ? M.recoveryHint : M.codeHint} onSubmit={submit}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          value={recoveryCode}
          onChange={(event) => setRecoveryCode(event.target.value)}
          autoFocus
          slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } }}
        />
      ) : (
        <CodeField key="code" value={code} onChange={setCode} autoFocus />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: -1 }}>
        <Link component="button" type="button" variant="body2" onClick={switchMode}>
          {recovery ? 'Use the code of your app' : 'Use a recovery code'}
        </Link>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          Back to Sign In
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
        {busy ? 'Checking…' : 'Verify'}
      </Button>
    </AuthCard>
  );
}
