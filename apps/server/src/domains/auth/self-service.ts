import {
  EXTERNAL_SIGN_IN_MSG,
  GROUP_ADMIN,
  LDAP_SIGN_IN_MSG,
  MSG,
  SECOND_FACTOR_MSG,
  type authCalls,
  type CallBody,
  type Identity,
} from '@atlas/contracts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../http/errors.js';
import { userTarget } from '../audit/index.js';
import { newDeviceCookie, trustedDevice } from './device-cookies.js';
import { refuseExternalPassword } from './external/local-password.js';
import { accountRequestMail, confirmEmailMail, resetPasswordMail } from './mails.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { secondFactorStep, stepOwed } from './second-factor/service.js';
import type { AuthContext } from './service.js';
import type { UserRecord } from './store.js';
import type { AccountProfile } from '../../http/identity.js';

type AccountRequest = CallBody<typeof authCalls.userAccountRequest>;

/** What people do for themselves: sign in, sessions, own password, account request, email confirmation, reset. */
export function selfServiceRules(ctx: AuthContext) {
  return { ...sessionRules(ctx), ...registrationRules(ctx) };
}

/** Signing in, the session's token and profile, and changing one's own password. */
function sessionRules(ctx: AuthContext) {
  const { store } = ctx;

  /**
   * Why a right password is refused, so the page can say what to do next: a registrant who left the code screen
   * is sent back to it; a verified one is told an admin must approve; an account an admin created waits for them.
   */
  const unconfirmedMessage = async (user: UserRecord) => {
    if (user.email_verified) return MSG.accountAwaitingApproval;
    return (await store.findCode(user.id, 'confirm_email')) ? MSG.accountEmailUnverified : MSG.accountUnconfirmed;
  };

  return {
    /**
     * `client.cookies` is the request's Cookie header: a device cookie of this account (device-cookies.ts) moves the
     * attempt from the per-address and per-account throttles to the browser's own. The answer's `device` is the
     * cookie to store when the browser had none.
     */
    async login(username: string, password: string, client: { ip: string; cookies?: string; secure: boolean }) {
      const device = trustedDevice(ctx.codeSecret, username, client.cookies);
      // A directory matches usernames in any case: the throttle counts 'Ada' and 'ada' as one account's guesses.
      const signIn = { username: ctx.directory ? username.toLowerCase() : username, ip: client.ip, device };
      await ctx.signIn.refuseThrottled(signIn);
      const user = await store.findUser(username);
      // The device cookie proves the password (sign-in throttles); the session may still wait for a second factor.
      const newDevice = () => (device ? null : newDeviceCookie(ctx.codeSecret, username, client.secure));
      if (ctx.directory?.answersFor(user)) {
        return { answer: await ctx.directory.signIn(ctx, username, password, signIn), device: newDevice() };
      }
      const valid = await verifyPassword(user?.password_hash, password);
      if (!user || !valid) {
        await ctx.signIn.countFailure(signIn);
        throw unauthorized(MSG.invalidLogin);
      }
      await ctx.signIn.succeeded(signIn);
      if (user.disabled) throw forbidden(MSG.accountDisabled);
      if (user.status !== 'CONFIRMED') throw forbidden(await unconfirmedMessage(user));
      // With a directory an admin may keep local accounts to admins, who can still sign in when it is down.
      if (ctx.directory?.localAccounts === false && !user.groups.includes(GROUP_ADMIN)) {
        throw forbidden(LDAP_SIGN_IN_MSG.localAccountsOff);
      }
      const step = await secondFactorStep(ctx, user);
      return { answer: step ?? { access_token: await ctx.userToken(user) }, device: newDevice() };
    },

    /** Whom a signed-in user without groups should ask: the active admins (nobody's business in a public session). */
    async adminContacts(identity: Identity) {
      if (identity.kind !== 'user') return [];
      return (await activeAdmins(store)).map((admin) => ({ name: admin.name || admin.username, email: admin.email }));
    },

    /**
     * `profile` is what the identity hook read with the account's groups (its short-lived cache, cleared by every
     * account change in this process), so the answer costs no query of its own; without it the account is read.
     */
    async whoami(identity: Identity, profile?: AccountProfile | null) {
      if (identity.kind !== 'user') return { username: null, groups: [], public: true, profile: null };
      const shown = profile ?? (await ctx.requireUser(identity.username));
      return {
        username: identity.username,
        groups: identity.groups,
        public: false,
        profile: { name: shown.name, email: shown.email, organization: shown.organization, pi_name: shown.pi_name },
      };
    },

    async refreshToken(identity: Identity) {
      if (identity.kind !== 'user') return { access_token: await ctx.publicToken() };
      // The current session key: the identity hook has just checked that the token carries it.
      const user = await ctx.requireUser(identity.username);
      // A session from before the policy covered the account is not carried on: it sets up a second factor first.
      if ((await stepOwed(ctx, user)) === 'enrol') throw unauthorized(SECOND_FACTOR_MSG.enrolRequired);
      return { access_token: await ctx.userToken(user) };
    },

    async logIntoPublic() {
      return { access_token: await ctx.publicToken() };
    },

    async changePassword(username: string, oldPassword: string, newPassword: string) {
      const user = await ctx.requireUser(username);
      refuseExternalPassword(user);
      if (!(await verifyPassword(user.password_hash, oldPassword))) throw badRequest(MSG.incorrectPassword);
      const password_hash = await hashPassword(newPassword);
      await store.transaction(async (tx) => {
        await tx.updateUser(user.id, { password_hash });
        await tx.audit({ actor: username, action: 'user.password.change', target: userTarget(username) });
      });
      // The new password ended every older token, this session's too: it goes on with a fresh one.
      return { msg: MSG.passwordChanged, access_token: await ctx.userToken(await ctx.requireUser(username)) };
    },
  };
}

/** Asking for an account, confirming its email address, and resetting a forgotten password by a mailed code. */
function registrationRules(ctx: AuthContext) {
  const { store } = ctx;

  async function mailConfirmationCode(user: UserRecord, failure: string): Promise<void> {
    await ctx.send(confirmEmailMail(user, await ctx.issueCode(user, 'confirm_email')), failure);
  }

  /** Every active admin hears of each account request; a failed mail does not undo it. */
  async function notifyAdmins(request: UserRecord): Promise<void> {
    for (const admin of await activeAdmins(store)) {
      try {
        await ctx.send(accountRequestMail(admin, request, ctx.portalUrl), MSG.accountRequestError);
      } catch {
        // Logged by send(); the registrant's own mail went out, so the request stands.
      }
    }
  }

  /** Without its mail a registration cannot be finished: undo it, so the username can be requested again. */
  async function withdrawRequest(user: UserRecord): Promise<void> {
    await store.transaction(async (tx) => {
      await tx.deleteUser(user.id);
      const after = { reason: 'confirmation mail could not be sent' };
      await tx.audit({ actor: null, action: 'user.delete', target: userTarget(user.username), after });
    });
  }

  return {
    async requestAccount(input: AccountRequest, address: string) {
      if (!(await ctx.requestLimiter.tryHit(address))) throw tooManyRequests(MSG.tooManyAccountRequests);
      const { username, password, ...profile } = input;
      if (await store.findUser(username)) return { username_exists: true, msg: MSG.usernameExists };
      const password_hash = await hashPassword(password);
      const created = await store.transaction(async (tx) => {
        const values = { username, password_hash, ...profile, status: 'UNCONFIRMED' as const, email_verified: false };
        if ((await tx.insertUser(values)) === undefined) return undefined;
        const after = { ...profile, status: 'UNCONFIRMED' };
        await tx.audit({ actor: null, action: 'user.request', target: userTarget(username), after });
        return tx.findUser(username);
      });
      // Undefined: someone else took the username between the check and the insert.
      if (!created) return { username_exists: true, msg: MSG.usernameExists };
      await ctx.countCodeMail(username, 'confirm_email');
      try {
        await mailConfirmationCode(created, MSG.accountRequestError);
      } catch (error) {
        await withdrawRequest(created);
        throw error;
      }
      await notifyAdmins(created);
      return { username_exists: false, msg: MSG.accountRequested };
    },

    async confirmViaEmail(username: string, code: string) {
      const user = await ctx.requireUser(username, MSG.usernameMissing);
      if (user.email_verified) throw badRequest(MSG.emailAlreadyVerified);
      const check = await ctx.verifyCode(user, 'confirm_email', code);
      if (check === 'attempt_limit') throw badRequest(MSG.attemptLimitExceeded);
      if (check === 'expired') throw badRequest(MSG.codeExpired);
      if (check !== 'ok') throw badRequest(MSG.wrongConfirmationCode);
      await store.transaction(async (tx) => {
        await tx.updateUser(user.id, { email_verified: true });
        await tx.deleteCodes(user.id, 'confirm_email');
        await tx.audit({
          actor: username,
          action: 'user.email.verify',
          target: userTarget(username),
          before: { email_verified: false },
          after: { email_verified: true },
        });
      });
      return { msg: MSG.success };
    },

    async resendConfirmation(username: string) {
      const user = await ctx.requireUser(username, MSG.usernameMissing);
      if (user.email_verified) throw badRequest(MSG.emailAlreadyVerified);
      if (!(await ctx.mayMailCode(username, 'confirm_email'))) throw tooManyRequests(MSG.tooManyCodeRequests);
      await mailConfirmationCode(user, MSG.confirmationSendError);
      return { msg: MSG.codeResent };
    },

    async forgotPasswordRequest(username: string) {
      const user = await store.findUser(username);
      if (!user) return forgotAnswer('user_na', MSG.usernameMissing);
      if (user.disabled) return forgotAnswer('Failure', MSG.accountDisabled);
      if (user.sign_in_method !== 'local') return forgotAnswer('Failure', EXTERNAL_SIGN_IN_MSG.localPasswordRefused);
      // An admin-confirmed account whose owner never proved the address: mailing a reset code there proves nothing.
      if (!user.email_verified && user.status === 'CONFIRMED')
        return forgotAnswer('email_unconfirmed', MSG.neverVerifiedTitle);
      if (!(await ctx.mayMailCode(username, user.email_verified ? 'reset_password' : 'confirm_email'))) {
        return forgotAnswer('Failure', MSG.attemptLimitExceeded);
      }
      if (!user.email_verified) {
        // The registration was never finished: send its confirmation code again.
        await mailConfirmationCode(user, MSG.confirmationSendError);
        return forgotAnswer('needs_confirmation', MSG.verifyFirstBody);
      }
      await ctx.send(resetPasswordMail(user, await ctx.issueCode(user, 'reset_password')), MSG.resetCodeError);
      return {
        ...forgotAnswer('Success', MSG.resetCodeMailed),
        CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' as const, Destination: maskEmail(user.email) },
      };
    },

    async forgotPasswordConfirmation(username: string, password: string, code: string) {
      const user = await store.findUser(username);
      if (!user) return { state: 'Failure' as const, msg: MSG.usernameMissing };
      if (user.disabled) return { state: 'Failure' as const, msg: MSG.accountDisabled };
      if (user.sign_in_method !== 'local')
        return { state: 'Failure' as const, msg: EXTERNAL_SIGN_IN_MSG.localPasswordRefused };
      const check = await ctx.verifyCode(user, 'reset_password', code);
      if (check === 'attempt_limit') return { state: 'Failure' as const, msg: MSG.attemptLimitExceeded };
      if (check === 'expired') return { state: 'Failure' as const, msg: MSG.codeExpired };
      if (check !== 'ok') return { state: 'wrong_code' as const, msg: MSG.wrongCode };
      const password_hash = await hashPassword(password);
      await store.transaction(async (tx) => {
        await tx.updateUser(user.id, { password_hash });
        await tx.deleteCodes(user.id, 'reset_password');
        await tx.audit({
          actor: username,
          action: 'user.password.reset',
          target: userTarget(username),
          after: { via: 'email code' },
        });
      });
      return { state: 'Success' as const, msg: MSG.passwordHasBeenReset };
    },
  };
}

/** Confirmed, enabled admins with an email address. */
async function activeAdmins(store: AuthContext['store']): Promise<UserRecord[]> {
  return (await store.listUsers()).filter(
    (u) => u.groups.includes(GROUP_ADMIN) && u.status === 'CONFIRMED' && !u.disabled && u.email,
  );
}

type ForgotState = 'Success' | 'user_na' | 'email_unconfirmed' | 'needs_confirmation' | 'Failure';

function forgotAnswer(state: ForgotState, msg: string) {
  return { state, msg, CodeDeliveryDetails: null };
}

/** `alice@example.org` → `a***@e***.org`: enough for the owner to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email[0]}***@${domain[0] ?? ''}***${tld}`;
}
