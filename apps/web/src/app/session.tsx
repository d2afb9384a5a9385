import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, OIDC_PATHS, type TSecondFactorStep } from '@atlas/contracts';
import * as auth from '../api/auth';
import { ApiError, setTokenSource } from '../api/client';
import { useSnackbar } from './feedback';
import { clearLoginCookieString, loginCookieString, parseLoginCookie } from './loginRecord';
import { SessionController, type SessionState } from './sessionController';

export type { SessionUser } from './sessionController';

export interface Session extends SessionState {
  /**
   * Signs in, greets the user and keeps the session in the login cookie; rejects with the server's error. Answers the
   * second-factor step when the account needs one first (no session yet), null when signed in.
   */
  signIn(username: string, password: string): Promise<TSecondFactorStep | null>;
  /** Starts, and greets, the session that the second-factor step (or an institution's sign-in) answered. */
  finishSignIn(token: string, via?: 'oidc'): Promise<void>;
  /**
   * Signs out, says goodbye and goes to the catalogue; a session from an institution's OpenID provider goes on to
   * the provider's sign-out (its own session would sign the person straight back in).
   */
  signOut(): void;
  /** Gives a visitor a public token (no-op when signed in or already public). */
  startPublicSession(): Promise<void>;
  /** Starts a reviewer link's read-only session with the token its code and PIN answered (issue 35). */
  startReviewerSession(token: string): void;
  /** Goes on with a new token for the signed-in user (after a password change). */
  renewToken(token: string): void;
}

const SessionContext = createContext<Session | null>(null);

/** How this browser's session was signed in, when through an institution: its sign-out ends that session too. */
const SIGNED_IN_VIA = 'atlas.signedInVia';

function browserController(): SessionController {
  return new SessionController({
    login: auth.login,
    whoami: auth.whoami,
    refreshToken: auth.refreshToken,
    logIntoPublic: auth.logIntoPublic,
    cookie: {
      read: () => parseLoginCookie(document.cookie),
      write: (record) => {
        document.cookie = loginCookieString(record, window.location.protocol === 'https:');
      },
      clear: () => {
        document.cookie = clearLoginCookieString();
      },
    },
    url: window.location.origin,
    now: Date.now,
    log: (message, error) => console.warn(message, error),
    refused: (error) => error instanceof ApiError && (error.status === 401 || error.status === 403),
  });
}

let early: SessionController | null = null;

/**
 * Starts restoring the saved session as the page's script runs, before React's first render (~150–400 ms on a
 * 2-core machine) rather than in the provider's effect after it: the explorer waits for this answer to open a
 * run. The provider then takes this controller.
 */
export function startSessionEarly(): void {
  early ??= browserController();
  void early.restore();
}

/** Must sit inside the router, the query client and the FeedbackProvider (it navigates, clears caches and toasts). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [controller] = useState(() => early ?? browserController());
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const navigate = useNavigate();
  const showSnack = useSnackbar();
  const queryClient = useQueryClient();

  useEffect(() => {
    setTokenSource(controller.getToken);
    void controller.restore().then(() => performance.mark('atlas:session-ready'));
  }, [controller]);

  const value = useMemo<Session>(
    () => ({
      ...state,
      async signIn(username, password) {
        const signedIn = await controller.signIn(username, password);
        if ('second_factor' in signedIn) return signedIn;
        localStorage.removeItem(SIGNED_IN_VIA);
        queryClient.clear();
        showSnack(MSG.welcome(signedIn.username));
        return null;
      },
      async finishSignIn(token, via) {
        const user = await controller.startSession(token);
        if (via) localStorage.setItem(SIGNED_IN_VIA, via);
        else localStorage.removeItem(SIGNED_IN_VIA);
        queryClient.clear();
        showSnack(MSG.welcome(user.username));
      },
      signOut() {
        const user = controller.signOut();
        queryClient.clear();
        if (user) showSnack(MSG.goodbye(user.username));
        const via = localStorage.getItem(SIGNED_IN_VIA);
        localStorage.removeItem(SIGNED_IN_VIA);
        if (via === 'oidc') window.location.assign(OIDC_PATHS.signOut);
        else navigate('/visualization');
      },
      startPublicSession: () => controller.startPublicSession(),
      startReviewerSession: (token) => {
        controller.startReviewerSession(token);
        queryClient.clear();
      },
      renewToken: (token) => controller.renewToken(token),
    }),
    [state, controller, queryClient, showSnack, navigate],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The signed-in user's groups (none for visitors), for role checks with hasGroupAccess. */
export function useGroups(): readonly string[] {
  return useSession().user?.groups ?? NO_GROUPS;
}
const NO_GROUPS: readonly string[] = [];
