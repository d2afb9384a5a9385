import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { SECOND_FACTOR_MSG as M, type TEnrolment, type TSecondFactorStep } from '@atlas/contracts';
import { confirmSignInEnrolment, startSignInEnrolment } from '../../api/secondFactor';
import { useSession } from '../../app/session';
import { isCompleteCode } from '../../components/second-factor/CodeField';
import { EnrolmentSteps } from '../../components/second-factor/EnrolmentSteps';
import { RecoveryCodesList } from '../../components/second-factor/RecoveryCodesList';
import { AuthCard } from './AuthCard';
import { errorMessage } from './flow';

/**
 * The admin's policy requires a second factor of this account and it has none (issue 35): it is set up here, after
 * the password and before any session. The session starts once the recovery codes were shown.
 */
export function SignInEnrolmentForm({
  step,
  username,
  onBack,
}: {
  step: TSecondFactorStep;
  username: string;
  onBack: () => void;
}) {
  const { finishSignIn } = useSession();
  const navigate = useNavigate();
  const [enrolment, setEnrolment] = useState<TEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ token: string; codes: string[] } | null>(null);

  useEffect(() => {
    startSignInEnrolment(step.challenge).then(setEnrolment, (caught: unknown) => setError(errorMessage(caught)));
  }, [step.challenge]);

  const submit = async () => {
    if (done) {
      await finishSignIn(done.token);
      navigate('/');
      return;
    }
    if (busy || !isCompleteCode(code)) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmSignInEnrolment(step.challenge, code);
      setDone({ token: answer.access_token, codes: answer.recovery_codes });
    } catch (caught) {
      setError(errorMessage(caught));
    }
    setBusy(false);
  };

  return (
    <AuthCard title="Set Up Two-Step Sign In" subtitle={M.enrolRequired} onSubmit={submit} wide>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {done ? (
        <RecoveryCodesList codes={done.codes} username={username} />
      ) : enrolment ? (
        <EnrolmentSteps enrolment={enrolment} code={code} onCode={setCode} error={null} />
      ) : (
        !error && <CircularProgress aria-label="Preparing the set-up" sx={{ alignSelf: 'center' }} />
      )}
      <Button type="submit" variant="contained" size="large" disabled={!done && (busy || !isCompleteCode(code))}>
        {done ? 'I saved them: continue' : busy ? 'Checking…' : 'Turn On and Sign In'}
      </Button>
      {!done && (
        <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ alignSelf: 'center' }}>
          Back to Sign In
        </Link>
      )}
    </AuthCard>
  );
}
