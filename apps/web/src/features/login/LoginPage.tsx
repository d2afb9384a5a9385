import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { MSG } from '@atlas/contracts';
import { forgotPasswordRequest } from '../../api/auth';
import { useSnackbar } from '../../app/feedback';
import { useSession } from '../../app/session';
import { Footer } from '../../app/shell/Footer';
import { Logo } from '../../components/Logo';
import { PageLoading } from '../../components/PageLoading';
import { ConfirmCodeForm } from './ConfirmCodeForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { forgotOutcome, type Notice, type Screen } from './flow';
import { NoticeDialog } from './NoticeDialog';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SecondFactorForm } from './SecondFactorForm';
import { SignInEnrolmentForm } from './SignInEnrolmentForm';
import { SignInForm } from './SignInForm';
import { useOidcReturn } from './useOidcReturn';

/**
 * `/login`: sign-in, registration, confirmation code, forgot password and password reset (spec 01 §2, §4).
 * The page owns the state machine; each form owns its fields.
 */
export function LoginPage() {
  const { user, ready } = useSession();
  const showSnack = useSnackbar();
  const [screen, setScreen] = useState<Screen>({ kind: 'signIn' });
  const [notice, setNotice] = useState<Notice | null>(null);
  // Carried between screens so the user does not type their username twice.
  const [username, setUsername] = useState('');
  const oidc = useOidcReturn();

  const signIn = (name = username) => {
    setUsername(name);
    setScreen({ kind: 'signIn' });
  };

  /** Asks for a reset code and follows the answer (spec 01 §4 "Forgot password outcomes"). */
  const requestReset = async (name: string, resending = false) => {
    setUsername(name);
    let answer;
    try {
      answer = await forgotPasswordRequest(name);
    } catch {
      showSnack(MSG.resetCodeError, { color: 'error' });
      return;
    }
    const outcome = forgotOutcome(answer);
    switch (outcome.kind) {
      case 'reset':
        if (resending) showSnack(MSG.codeResent, { color: 'success' });
        setScreen({ kind: 'reset', username: name });
        return;
      case 'error':
        showSnack(outcome.message, { color: 'error' });
        return;
      case 'neverVerified':
        setNotice('neverVerified');
        return;
      case 'confirm':
        // The server has mailed the registration's confirmation code again with this answer.
        setScreen({ kind: 'confirm', username: name, fromForgot: true });
        setNotice('verifyFirst');
    }
  };

  if (!ready || oidc.busy) return <PageLoading />;
  // Signing in navigates home itself; this covers opening /login while already signed in.
  if (user && screen.kind === 'signIn') return <Navigate to="/" replace />;

  const form = (() => {
    switch (screen.kind) {
      case 'signIn':
        return (
          <SignInForm
            key={username}
            initialUsername={username}
            initialError={oidc.error}
            onForgot={() => setScreen({ kind: 'forgot' })}
            onRegister={() => setScreen({ kind: 'register' })}
            onEnterCode={(name) => {
              setUsername(name);
              setScreen({ kind: 'confirm', username: name, fromForgot: false });
            }}
            onSecondFactor={(name, step) => {
              setUsername(name);
              setScreen({ kind: 'secondFactor', username: name, step });
            }}
          />
        );
      case 'secondFactor':
        return screen.step.second_factor === 'enrol' ? (
          <SignInEnrolmentForm step={screen.step} username={screen.username} onBack={() => signIn()} />
        ) : (
          <SecondFactorForm step={screen.step} onBack={() => signIn()} />
        );
      case 'register':
        return (
          <RegisterForm
            onBack={() => signIn()}
            onRequested={(name) => {
              setUsername(name);
              setScreen({ kind: 'confirm', username: name, fromForgot: false });
            }}
          />
        );
      case 'confirm':
        return (
          <ConfirmCodeForm
            username={screen.username}
            onConfirmed={async () => {
              if (screen.fromForgot) return requestReset(screen.username);
              setNotice('confirmed');
              signIn(screen.username);
            }}
            onBack={() => signIn()}
          />
        );
      case 'forgot':
        return <ForgotPasswordForm initialUsername={username} onBack={() => signIn()} onSubmit={requestReset} />;
      case 'reset':
        return (
          <ResetPasswordForm
            username={screen.username}
            onResend={() => requestReset(screen.username, true)}
            onDone={() => signIn(screen.username)}
            onBack={() => signIn()}
          />
        );
    }
  })();

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 4, md: 7 }, pb: 3 }}>
        <Link
          component={RouterLink}
          to="/visualization"
          underline="none"
          color="text.primary"
          aria-label={`${MSG.appName} catalogue`}
        >
          <Logo size={40} />
        </Link>
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: 2, pb: 6 }}
      >
        {form}
      </Box>
      <Footer />
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}
