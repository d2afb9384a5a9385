import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_MSG as M, type TEnrolment } from '@atlas/contracts';
import { useSnackbar } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { isCompleteCode } from '../../../components/second-factor/CodeField';
import { EnrolmentSteps } from '../../../components/second-factor/EnrolmentSteps';
import { RecoveryCodesList } from '../../../components/second-factor/RecoveryCodesList';
import { formatTime } from '../../../components/formatTime';
import { TurnOffForm } from './TurnOffForm';
import { useConfirmEnrolment, useSecondFactorState, useStartEnrolment } from './queries';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * User Settings › Two-Step Sign In (issue 35): set up an authenticator app (QR code or typed key, confirmed by a
 * code), see the recovery codes once, and turn it off again with the password or a code (unless an admin requires
 * it). Personal API tokens are not affected either way.
 */
export function SecondFactorTab() {
  const { user } = useSession();
  const state = useSecondFactorState();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const showSnack = useSnackbar();
  const [enrolment, setEnrolment] = useState<TEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (started) => {
        setEnrolment(started);
        setCode('');
        setCodeError(null);
      },
      onError: (error) => showSnack(errorText(error), { color: 'error' }),
    });

  const finish = () => {
    if (!isCompleteCode(code)) return;
    confirm.mutate(code, {
      onSuccess: (answer) => {
        setEnrolment(null);
        setRecovery(answer.recovery_codes);
        showSnack(answer.msg, { color: 'success' });
      },
      onError: (error) => setCodeError(errorText(error)),
    });
  };

  if (recovery)
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Alert severity="success">{M.enabled}</Alert>
        <RecoveryCodesList codes={recovery} username={user?.username ?? 'account'} />
        <Button variant="contained" onClick={() => setRecovery(null)} sx={{ alignSelf: 'flex-start' }}>
          I saved them
        </Button>
      </Stack>
    );
  if (!state.data) return state.error ? <Alert severity="error">{errorText(state.error)}</Alert> : null;
  const { enabled, enabled_at, recovery_codes_left, required } = state.data;

  return (
    <Stack spacing={3} sx={{ maxWidth: 560 }}>
      <Typography color="text.secondary">
        With two-step sign-in, signing in asks for a code from an authenticator app on your phone after your password,
        so a stolen password alone is not enough. Personal API tokens keep working without a code.
      </Typography>
      {required && !enabled && <Alert severity="warning">{M.enrolRequired}</Alert>}
      {enabled ? (
        <>
          <Alert severity="success" role="status">
            Two-step sign-in is on{enabled_at ? ` since ${formatTime(enabled_at)}` : ''}. {recovery_codes_left} of{' '}
            {RECOVERY_CODE_COUNT} recovery codes left.
          </Alert>
          {required ? <Alert severity="info">{M.requiredCannotDisable}</Alert> : <TurnOffForm />}
        </>
      ) : enrolment ? (
        <Stack
          component="form"
          spacing={2}
          noValidate
          aria-label="Set up two-step sign-in"
          onSubmit={(event) => {
            event.preventDefault();
            finish();
          }}
        >
          <EnrolmentSteps
            enrolment={enrolment}
            code={code}
            onCode={(typed) => {
              setCode(typed);
              setCodeError(null);
            }}
            error={codeError}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={!isCompleteCode(code) || confirm.isPending}>
              Turn On
            </Button>
            <Button onClick={() => setEnrolment(null)}>Cancel</Button>
          </Stack>
        </Stack>
      ) : (
        <Button variant="contained" onClick={begin} disabled={start.isPending} sx={{ alignSelf: 'flex-start' }}>
          Set Up Two-Step Sign In
        </Button>
      )}
    </Stack>
  );
}
