import {
  GROUP_ADMIN,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_MSG as M,
  type TSecondFactorPolicy,
  type TSecondFactorState,
  type TSecondFactorStep,
} from '@atlas/contracts';
import { badRequest, conflict, forbidden, unauthorized } from '../../../http/errors.js';
import { userTarget } from '../../audit/index.js';
import { verifyPassword } from '../passwords.js';
import type { AuthContext } from '../service.js';
import type { UserRecord } from '../store.js';
import type { ChallengeStep } from './challenge.js';
import {
  enrolmentOf,
  hashRecoveryCode,
  matchedStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
} from './totp.js';

const POLICY_TARGET = 'portal:settings';

/** Whether the admin's policy obliges this account to have a second factor. */
export function policyCovers(policy: TSecondFactorPolicy, groups: readonly string[]): boolean {
  return policy === 'everyone' || (policy === 'admins' && groups.includes(GROUP_ADMIN));
}

/** What the account owes before a session: a code, a set-up the policy requires, or nothing. */
export async function stepOwed(ctx: AuthContext, user: UserRecord): Promise<ChallengeStep | null> {
  if ((await ctx.store.findSecondFactor(user.id))?.secret_box) return 'code';
  return policyCovers(await ctx.store.secondFactorPolicy(), user.groups) ? 'enrol' : null;
}

/** After a right password: the code step to go through before any session, or null when none is needed. */
export async function secondFactorStep(ctx: AuthContext, user: UserRecord): Promise<TSecondFactorStep | null> {
  const step = await stepOwed(ctx, user);
  if (!step) return null;
  const challenge = await ctx.challenges.issue({ username: user.username, sessionKey: user.session_key, step });
  return { second_factor: step, challenge, expires_in: SECOND_FACTOR_CHALLENGE_SECONDS };
}

/**
 * The second factor's rules (issue 35): set-up and turning off in User Settings, the sign-in's code step, the
 * set-up a policy forces at sign-in, and the admin's reset and policy. Every code try is counted per account first.
 */
export function secondFactorRules(ctx: AuthContext) {
  const { store } = ctx;
  /** Recorded through `into`: inside a transaction, its store (PGlite has one connection). */
  const audit = (into: AuthContext['store'], actor: string, action: string, username: string, after: object) =>
    into.audit({ actor, action: `user.second_factor.${action}`, target: userTarget(username), after });
  const stateOf = async (user: UserRecord) => (await store.secondFactorStates(user.id)).get(user.id);

  /** A right, unused code of the account's secret, or a 4xx; the step it matched becomes the last one used. */
  async function checkTotp(user: UserRecord, code: string): Promise<void> {
    const row = await store.findSecondFactor(user.id);
    if (!row?.secret_box) throw badRequest(M.notEnabled);
    await ctx.codeTries.take(user.username);
    const step = matchedStep(openSecret(ctx.codeSecret, row.secret_box), code, ctx.now());
    if (step === null) throw badRequest(M.wrongCode);
    if (!(await store.useStep(user.id, step))) throw badRequest(M.replayed);
    await ctx.codeTries.succeeded(user.username);
  }

  async function startEnrolment(user: UserRecord) {
    if ((await store.findSecondFactor(user.id))?.secret_box) throw conflict(M.alreadyEnabled);
    const secret = newTotpSecret();
    await store.savePendingSecret(user.id, sealSecret(ctx.codeSecret, secret));
    return enrolmentOf(secret, user.username);
  }

  /** Confirms the pending secret with its current code: on, with fresh recovery codes (answered once). */
  async function confirmEnrolment(user: UserRecord, code: string): Promise<string[]> {
    const box = (await store.findSecondFactor(user.id))?.pending_box;
    if (!box) throw badRequest(M.noEnrolment);
    await ctx.codeTries.take(user.username);
    const step = matchedStep(openSecret(ctx.codeSecret, box), code, ctx.now());
    if (step === null) throw badRequest(M.wrongCode);
    await ctx.codeTries.succeeded(user.username);
    const codes = newRecoveryCodes();
    await store.transaction(async (tx) => {
      if (!(await tx.enableSecondFactor(user.id, box, step))) throw badRequest(M.noEnrolment);
      await tx.replaceRecoveryCodes(
        user.id,
        codes.map((c) => hashRecoveryCode(ctx.codeSecret, c)),
      );
      await audit(tx, user.username, 'enable', user.username, { method: 'totp' });
    });
    return codes;
  }

  /** The account a sign-in challenge names, still as it was at the password step (same session key, active). */
  async function challengedUser(token: string, step: ChallengeStep): Promise<UserRecord> {
    const challenge = await ctx.challenges.read(token);
    const user = challenge?.step === step ? await store.findUser(challenge.username) : undefined;
    const current = user && user.session_key === challenge?.sessionKey && !user.disabled;
    if (!current || user.status !== 'CONFIRMED') throw unauthorized(M.challengeExpired);
    return user;
  }

  async function useRecoveryCode(user: UserRecord, code: string): Promise<string> {
    await ctx.codeTries.take(user.username);
    if (!(await store.useRecoveryCode(user.id, hashRecoveryCode(ctx.codeSecret, code))))
      throw badRequest(M.wrongRecoveryCode);
    await ctx.codeTries.succeeded(user.username);
    const left = (await stateOf(user))?.recoveryLeft ?? 0;
    await audit(store, user.username, 'recovery', user.username, { recovery_codes_left: left });
    return M.recoveryLeft(left);
  }

  return {
    async secondFactorState(username: string): Promise<TSecondFactorState> {
      const user = await ctx.requireUser(username);
      const state = await stateOf(user);
      return {
        enabled: state !== undefined,
        enabled_at: state ? state.enabledAt.toISOString() : null,
        recovery_codes_left: state?.recoveryLeft ?? 0,
        required: policyCovers(await store.secondFactorPolicy(), user.groups),
      };
    },

    startEnrolment: async (username: string) => startEnrolment(await ctx.requireUser(username)),

    async confirmEnrolment(username: string, code: string) {
      const recovery_codes = await confirmEnrolment(await ctx.requireUser(username), code);
      return { msg: M.enabled, recovery_codes };
    },

    async disableSecondFactor(username: string, proof: { password?: string; code?: string }) {
      const user = await ctx.requireUser(username);
      if (!(await store.findSecondFactor(user.id))?.secret_box) throw badRequest(M.notEnabled);
      if (policyCovers(await store.secondFactorPolicy(), user.groups)) throw forbidden(M.requiredCannotDisable);
      if (proof.code !== undefined) await checkTotp(user, proof.code);
      else {
        await ctx.codeTries.take(user.username);
        if (!(await verifyPassword(user.password_hash, proof.password ?? ''))) throw badRequest(M.wrongPassword);
      }
      await store.transaction(async (tx) => {
        await tx.removeSecondFactor(user.id);
        await audit(tx, username, 'disable', username, { via: proof.code !== undefined ? 'code' : 'password' });
      });
      return { msg: M.disabled };
    },

    async signInWithCode(body: { challenge: string; code?: string; recovery_code?: string }) {
      const user = await challengedUser(body.challenge, 'code');
      let msg: string | null = null;
      if (body.code !== undefined) await checkTotp(user, body.code);
      else msg = await useRecoveryCode(user, body.recovery_code ?? '');
      return { access_token: await ctx.userToken(user), msg };
    },

    startSignInEnrolment: async (challenge: string) => startEnrolment(await challengedUser(challenge, 'enrol')),

    async confirmSignInEnrolment(challenge: string, code: string) {
      const user = await challengedUser(challenge, 'enrol');
      const recovery_codes = await confirmEnrolment(user, code);
      return { msg: M.enabled, recovery_codes, access_token: await ctx.userToken(user) };
    },

    async resetSecondFactor(actor: string, username: string) {
      const user = await ctx.requireUser(username);
      if (!(await store.findSecondFactor(user.id))?.secret_box) return { msg: M.resetNothing(username) };
      await store.transaction(async (tx) => {
        await tx.removeSecondFactor(user.id);
        await audit(tx, actor, 'reset', username, { via: 'admin' });
      });
      return { msg: M.resetDone(username) };
    },

    async secondFactorPolicy() {
      return { require: await store.secondFactorPolicy() };
    },

    async setSecondFactorPolicy(actor: string, policy: TSecondFactorPolicy) {
      const before = await store.secondFactorPolicy();
      await store.transaction(async (tx) => {
        await tx.setSecondFactorPolicy(policy, actor);
        const entry = { actor, target: POLICY_TARGET, before: { require_second_factor: before } };
        await tx.audit({ ...entry, action: 'portal.second_factor_policy', after: { require_second_factor: policy } });
      });
      return { msg: M.policySaved };
    },
  };
}
