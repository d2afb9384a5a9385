import type { TSecondFactorStep } from '@atlas/contracts';
import { refreshDelayMs, type LoginRecord } from './loginRecord';

/**
 * The session's state machine, free of React so that restoring, signing in and out, the public session
 * and the refresh timer can be tested with fake timers. session.tsx binds it to React, toasts and navigation.
 */
export interface SessionUser {
  username: string;
  groups: string[];
  profile: { name: string; email: string; organization: string; pi_name: string } | null;
}

export interface SessionState {
  user: SessionUser | null;
  token: string | null;
  /** True while the token is a visitor's public-session token. */
  isPublic: boolean;
  /** False until the login cookie has been checked at start. */
  ready: boolean;
}

export interface SessionDeps {
  /** A token, or the second-factor step to go through first (issue 35). */
  login(username: string, password: string): Promise<{ access_token: string } | TSecondFactorStep>;
  whoami(token: string): Promise<{ username: string | null; groups: string[]; profile: SessionUser['profile'] }>;
  refreshToken(token: string): Promise<{ access_token: string }>;
  logIntoPublic(): Promise<{ access_token: string }>;
  cookie: { read(): LoginRecord | null; write(record: LoginRecord): void; clear(): void };
  /** The server base stored in the login record. */
  url: string;
  now(): number;
  /** Spec 01 §8: refresh and current-user errors are only logged. */
  log(message: string, error: unknown): void;
  /**
   * Whether a failed whoami is the server refusing the token (401, 403): only that ends the saved session. No answer,
   * a server error, or an answer cut off because the page was left mid-call says nothing about the token, and the
   * login cookie is kept for the next page.
   */
  refused(error: unknown): boolean;
}

/** whoami answered, and the token is not a user's (a visitor's public token). */
class NotAUserToken extends Error {
  constructor() {
    super('The token does not belong to a user');
  }
}

const SIGNED_OUT: SessionState = { user: null, token: null, isPublic: false, ready: true };

export class SessionController {
  private state: SessionState = { ...SIGNED_OUT, ready: false };
  private readonly listeners = new Set<() => void>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private restoring: Promise<void> | null = null;
  private publicRequest: Promise<void> | null = null;
  /** Bumped on every sign-in and sign-out so late answers of an older session are dropped. */
  private generation = 0;

  constructor(private readonly deps: SessionDeps) {}

  getState = (): SessionState => this.state;
  getToken = (): string | null => this.state.token;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Reads the login cookie once and turns it back into a session; a cookie whose token whoami refuses is removed.
   * One that could not be checked (no answer) stays for the next start: leaving a page while it restores (a click,
   * a reload) aborts its whoami, and that must not sign the user out of the page they go to.
   */
  restore(): Promise<void> {
    this.restoring ??= this.restoreOnce();
    return this.restoring;
  }

  private async restoreOnce(): Promise<void> {
    const record = this.deps.cookie.read();
    if (!record) {
      this.set({ ready: true });
      return;
    }
    const generation = this.generation;
    // The saved token is used at once, so screens that may open before the check (the explorer) can load data;
    // the server still checks it on every call, and a token that fails whoami is dropped below.
    this.set({ token: record.token });
    try {
      const user = await this.lookUp(record.token);
      if (generation !== this.generation) return;
      this.adopt(record.token, user);
    } catch (error) {
      if (generation !== this.generation) return;
      this.deps.log('Could not restore the saved session', error);
      if (error instanceof NotAUserToken || this.deps.refused(error)) this.deps.cookie.clear();
      this.set({ ...SIGNED_OUT });
    }
  }

  /**
   * Signs in; errors (wrong password, unconfirmed account…) propagate to the login screen. An account with a second
   * factor answers the step to go through instead of a user: `startSession` takes the token that step gives.
   */
  async signIn(username: string, password: string): Promise<SessionUser | TSecondFactorStep> {
    const answer = await this.deps.login(username, password);
    if (!('access_token' in answer)) return answer;
    return this.startSession(answer.access_token);
  }

  /** Starts the session of a token the sign-in answered (directly or after its second-factor step). */
  async startSession(token: string): Promise<SessionUser> {
    const user = await this.lookUp(token);
    this.generation += 1;
    this.adopt(token, user);
    return user;
  }

  /** Goes on with a new token for the same user (a password change ends the older ones). */
  renewToken(token: string): void {
    if (this.state.user) this.adopt(token, this.state.user);
  }

  /** Ends the session: cookie removed, refresh cancelled. Returns who was signed in. */
  signOut(): SessionUser | null {
    const user = this.state.user;
    this.generation += 1;
    this.cancelRefresh();
    this.deps.cookie.clear();
    this.publicRequest = null;
    this.set({ ...SIGNED_OUT });
    return user;
  }

  /**
   * A reviewer link's session (issue 35): like a visitor's, a token without user lookup, cookie or refresh; it
   * replaces any session of this tab and ends with the tab (a reviewer enters the code and PIN again).
   */
  startReviewerSession(token: string): void {
    this.generation += 1;
    this.cancelRefresh();
    this.publicRequest = null;
    this.set({ user: null, token, isPublic: true, ready: true });
  }

  /** A visitor's public session: a token without user lookup, cookie or refresh. No-op when a session exists. */
  startPublicSession(): Promise<void> {
    if (this.state.user || this.state.token) return Promise.resolve();
    if (!this.publicRequest) {
      const generation = this.generation;
      const request = this.deps.logIntoPublic().then(
        ({ access_token }) => {
          if (generation === this.generation && !this.state.token) {
            this.set({ token: access_token, isPublic: true });
          }
        },
        (error: unknown) => {
          this.publicRequest = null;
          throw error;
        },
      );
      this.publicRequest = request;
    }
    return this.publicRequest;
  }

  private async lookUp(token: string): Promise<SessionUser> {
    const me = await this.deps.whoami(token);
    if (me.username === null) throw new NotAUserToken();
    if (!me.username) throw new Error('whoami answered without a username');
    return { username: me.username, groups: me.groups, profile: me.profile };
  }

  private adopt(token: string, user: SessionUser): void {
    this.deps.cookie.write({ url: this.deps.url, token });
    this.set({ user, token, isPublic: false, ready: true });
    this.scheduleRefresh(token);
  }

  private scheduleRefresh(token: string): void {
    this.cancelRefresh();
    const delay = refreshDelayMs(token, this.deps.now());
    if (delay === null) return;
    this.refreshTimer = setTimeout(() => void this.refresh(), delay);
  }

  private async refresh(): Promise<void> {
    const { token, user } = this.state;
    if (!token || !user) return;
    const generation = this.generation;
    try {
      const { access_token } = await this.deps.refreshToken(token);
      if (generation !== this.generation) return;
      this.adopt(access_token, user);
    } catch (error) {
      this.deps.log('Could not refresh the access token', error);
    }
  }

  private cancelRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
