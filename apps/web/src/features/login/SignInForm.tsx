import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, OIDC_PATHS, oidcButtonLabel, type TSecondFactorStep } from '@atlas/contracts';
import { useAppInfo } from '../../api/app';
import { useSession } from '../../app/session';
import { PasswordField } from '../../components/PasswordField';
import { AuthCard } from './AuthCard';
import { signInError } from './flow';

export interface SignInFormProps {
  initialUsername: string;
  /** Why an institution's sign-in just failed (useOidcReturn), shown as the form's error. */
  initialError?: string | null;
  onForgot: () => void;
  onRegister: () => void;
  /** Back to the confirmation-code screen of a registration whose email is not verified yet. */
  onEnterCode: (username: string) => void;
  /** The password was right and the account needs its second factor (or must set one up) first. */
  onSecondFactor: (username: string, step: TSecondFactorStep) => void;
}

/** Sign-in (spec 01 §2): Sign In is enabled once both fields are filled; Enter submits; success goes home. */
export function SignInForm({
  initialUsername,
  initialError,
  onForgot,
  onRegister,
  onEnterCode,
  onSecondFactor,
}: SignInFormProps) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError ?? null);
  const institution = useAppInfo().data?.oidc;
  const [busy, setBusy] = useState(false);
  const canSubmit = username.trim() !== '' && password !== '' && !busy;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      const step = await signIn(username.trim(), password);
      if (step) onSecondFactor(username.trim(), step);
      else navigate('/');
    } catch (caught) {
      setError(signInError(caught));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign In" subtitle="Welcome back. Sign in to your lab account." onSubmit={submit}>
      {error && (
        <Alert
          severity={error === MSG.accountAwaitingApproval ? 'info' : 'error'}
          role="alert"
          action={
            error === MSG.accountEmailUnverified && (
              <Button color="inherit" size="small" onClick={() => onEnterCode(username.trim())}>
                {MSG.enterConfirmationCode}
              </Button>
            )
          }
        >
          {error}
        </Alert>
      )}
      <TextField
        label="Username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        autoFocus={!initialUsername}
        slotProps={{ htmlInput: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false } }}
      />
      <PasswordField
        label="Password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoFocus={Boolean(initialUsername)}
        slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
        <Link component="button" type="button" variant="body2" onClick={onForgot}>
          Forgot Password?
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
        {busy ? 'Signing In…' : 'Sign In'}
      </Button>
      {institution && (
        <>
          <Divider>or</Divider>
          {/* A full-page visit: the server sends the browser on to the institution's sign-in. */}
          <Button variant="outlined" size="large" href={OIDC_PATHS.start}>
            {oidcButtonLabel(institution.name)}
          </Button>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        No account yet?{' '}
        <Link component="button" type="button" variant="body2" onClick={onRegister} sx={{ verticalAlign: 'baseline' }}>
          Register
        </Link>
      </Typography>
    </AuthCard>
  );
}
