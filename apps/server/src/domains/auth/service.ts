import { ACCOUNT_REQUEST_LIMIT, AUTH_CODE_TTL_MS, CODE_REQUEST_LIMIT, MSG } from '@atlas/contracts';
import type { Logger } from 'pino';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import type { TokenService } from '../../http/tokens.js';
import type { LimitStore } from '../../infra/limits/index.js';
import type { Mail, Mailer } from '../../infra/mail/port.js';
import { adminRules } from './admin-service.js';
import type { DirectorySignIn } from './ldap/sign-in.js';
import { signInExternal, type ExternalAccountPolicy, type ExternalProfile } from './external/provision.js';
import { codeMatches, codeState, generateCode, hashCode, type CodeCheck, type CodePurpose } from './codes.js';
import { selfServiceRules } from './self-service.js';
import { createChallenges } from './second-factor/challenge.js';
import { secondFactorRules } from './second-factor/service.js';
import { createCodeThrottle, createSignInThrottle } from './sign-in-throttle.js';
import type { AccountStore, GroupRecord, UserRecord } from './store.js';

/**
 * The account rules of spec 01: sign-in, registration and recovery (self-service.ts) and the admin calls
 * (admin-service.ts), over the shared helpers built here. Route handlers stay thin over this.
 */
export interface AuthServiceDeps {
  store: AccountStore;
  mailer: Mailer;
  /** Where sign-in throttles and mail limits count: shared by every API process when Redis is configured. */
  limits: LimitStore;
  tokens: TokenService;
  log: Logger;
  /** Keys the hashes of emailed codes and the signatures of device cookies. */
  codeSecret: string;
  /** The portal's public address, for links in mails (ATLAS_PUBLIC_URL); mails name the screen without it. */
  portalUrl?: string;
  /** Sign-in through a directory (ldap/sign-in.ts), when ATLAS_LDAP_URL configures one. */
  directory?: DirectorySignIn;
  now?: () => number;
}

export type AuthContext = ReturnType<typeof createContext>;

export function createAuthService(deps: AuthServiceDeps) {
  const ctx = createContext(deps);
  return {
    ...selfServiceRules(ctx),
    ...adminRules(ctx),
    ...secondFactorRules(ctx),
    /** Institution sign-in (OIDC, LDAP): the account a provider vouches for, signed in (external/provision.ts). */
    signInExternal: (profile: ExternalProfile, policy: ExternalAccountPolicy, options: { askSecondFactor: boolean }) =>
      signInExternal(ctx, profile, policy, options),
  };
}

function createContext(deps: AuthServiceDeps) {
  const { store, tokens, limits } = deps;
  const now = deps.now ?? Date.now;
  // Mailed codes are limited per user and purpose, so nobody can flood an inbox with codes.
  const codeLimiter = limits.limiter('code-mail', CODE_REQUEST_LIMIT);

  return {
    store,
    portalUrl: deps.portalUrl,
    directory: deps.directory,
    codeSecret: deps.codeSecret,
    signIn: createSignInThrottle(limits),
    now,
    /** Second factor (issue 35): code tries per account, and the password step's challenges. */
    codeTries: createCodeThrottle(limits),
    challenges: createChallenges(deps.codeSecret, now),
    // Each account request mails a code to an address of the requester's choosing: limited per client address.
    requestLimiter: limits.limiter('account-request', ACCOUNT_REQUEST_LIMIT),
    mayMailCode: (username: string, purpose: CodePurpose) => codeLimiter.tryHit(`${purpose}:${username}`),
    countCodeMail: (username: string, purpose: CodePurpose) => codeLimiter.hit(`${purpose}:${username}`),

    userToken: (user: { username: string; groups: string[]; session_key: string }) =>
      tokens.issue({ sub: user.username, role: 'user', groups: user.groups, sk: user.session_key }),
    publicToken: () => tokens.issue({ sub: 'public', role: 'public', groups: [] }),

    async requireUser(username: string, missing: string = MSG.userMissing): Promise<UserRecord> {
      const user = await store.findUser(username);
      if (!user) throw notFound(missing);
      return user;
    },

    async requireGroups(names: readonly string[]): Promise<GroupRecord[]> {
      const unique = [...new Set(names)];
      const groups = await store.findGroups(unique);
      if (groups.length !== unique.length) throw badRequest(MSG.groupMissing);
      return groups;
    },

    /** A fresh code for the purpose; it replaces any older one. */
    async issueCode(user: UserRecord, purpose: CodePurpose): Promise<string> {
      const code = generateCode();
      await store.replaceCode(
        user.id,
        purpose,
        hashCode(deps.codeSecret, purpose, code),
        new Date(now() + AUTH_CODE_TTL_MS),
      );
      return code;
    },

    /** Every check of a usable code first uses up one try, atomically, so parallel guesses cannot pass the limit. */
    async verifyCode(user: UserRecord, purpose: CodePurpose, presented: string): Promise<CodeCheck> {
      const stored = await store.findCode(user.id, purpose);
      const state = codeState(stored, new Date(now()));
      if (state !== 'usable') return state;
      if (!(await store.reserveAttempt(stored!.id))) return 'attempt_limit';
      return codeMatches(stored!.code_hash, hashCode(deps.codeSecret, purpose, presented)) ? 'ok' : 'wrong';
    },

    /** Sends a mail; a delivery failure is logged with its cause and answered with the given user message. */
    async send(mail: Mail, failure: string): Promise<void> {
      try {
        await deps.mailer.send(mail);
      } catch (error) {
        deps.log.error({ err: error, to: mail.to }, 'mail could not be sent');
        throw new HttpError(500, failure);
      }
    },
  };
}
