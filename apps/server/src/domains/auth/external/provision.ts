import { EXTERNAL_SIGN_IN_MSG, GROUP_ADMIN, MSG, type ExternalProvider } from '@atlas/contracts';
import { badRequest, conflict, forbidden } from '../../../http/errors.js';
import { userTarget } from '../../audit/index.js';
import { secondFactorStep } from '../second-factor/service.js';
import type { AuthContext } from '../service.js';
import type { AccountStore, UserRecord } from '../store.js';

/** What an OpenID provider or a directory says about the person signing in (after it has verified them). */
export interface ExternalProfile {
  provider: ExternalProvider;
  /** The provider's stable id of the person (OIDC `sub`, the directory's id attribute): the link to the account. */
  subject: string;
  /** The portal username for a first sign-in (a claim or attribute chosen by the admin). */
  username: string;
  email: string;
  name: string;
  /** Group values as the provider names them (claim values, directory group names or DNs). */
  groups: readonly string[];
}

/** The admin's settings for one provider (config.ts reads them from the environment). */
export interface ExternalAccountPolicy {
  /**
   * Provider group value → portal groups. The portal groups named here are the provider's to manage: at every
   * sign-in an account is put in those its values map to and taken out of the others. Groups not named here are
   * left alone, so an admin can still add an external account to a lab group by hand.
   */
  groupMap: Readonly<Record<string, readonly string[]>>;
  /** A person seen for the first time gets an account ready to use, or one an admin approves first. */
  newAccounts: 'create' | 'approve';
}

/**
 * Signs in a person the provider has verified: finds or creates their account, brings its profile and mapped
 * groups up to date, and answers like the password sign-in (a session, or the second-factor step when
 * `askSecondFactor`: a directory password alone is one factor; an OpenID provider runs its own).
 */
export async function signInExternal(
  ctx: AuthContext,
  profile: ExternalProfile,
  policy: ExternalAccountPolicy,
  options: { askSecondFactor: boolean },
) {
  const user = await provisionExternalAccount(ctx.store, profile, policy);
  if (user.disabled) throw forbidden(MSG.accountDisabled);
  if (user.status !== 'CONFIRMED') throw forbidden(MSG.accountAwaitingApproval);
  const step = options.askSecondFactor ? await secondFactorStep(ctx, user) : null;
  return step ?? { access_token: await ctx.userToken(user) };
}

/** The account behind a provider identity, created on first sign-in; profile and mapped groups refreshed. */
export async function provisionExternalAccount(
  store: AccountStore,
  profile: ExternalProfile,
  policy: ExternalAccountPolicy,
): Promise<UserRecord> {
  return store.transaction(async (tx) => {
    const linked = await tx.linkedUserId(profile.provider, profile.subject);
    const userId = linked ?? (await createExternalAccount(tx, profile, policy));
    if (linked !== undefined) await tx.updateExternalProfile(linked, { name: profile.name, email: profile.email });
    const user = await requireById(tx, userId, profile);
    await syncMappedGroups(tx, user, profile, policy);
    await tx.touchIdentity(profile.provider, profile.subject);
    return requireById(tx, userId, profile);
  });
}

async function createExternalAccount(
  tx: AccountStore,
  profile: ExternalProfile,
  policy: ExternalAccountPolicy,
): Promise<number> {
  if (!profile.username.trim()) throw badRequest(EXTERNAL_SIGN_IN_MSG.noUsername);
  // Never attach a provider identity to an existing account by name: whoever controls the name at the provider
  // would take over the portal account (and its runs).
  const id = await tx.insertUser({
    username: profile.username,
    // No password matches an empty hash: the account signs in through its provider only.
    password_hash: '',
    name: profile.name,
    email: profile.email,
    organization: '',
    pi_name: '',
    status: policy.newAccounts === 'create' ? 'CONFIRMED' : 'UNCONFIRMED',
    // The provider vouches for the address; an account waiting for approval shows as 'awaiting approval'.
    email_verified: true,
    sign_in_method: profile.provider,
  });
  if (id === undefined) throw conflict(EXTERNAL_SIGN_IN_MSG.usernameTaken);
  await tx.linkIdentity(profile.provider, profile.subject, id);
  await tx.audit({
    actor: profile.username,
    action: `user.${profile.provider}.create`,
    target: userTarget(profile.username),
    after: { status: policy.newAccounts === 'create' ? 'CONFIRMED' : 'UNCONFIRMED', subject: profile.subject },
  });
  return id;
}

/** Puts the account in the mapped groups its provider values name, out of the other mapped ones. */
async function syncMappedGroups(
  tx: AccountStore,
  user: UserRecord,
  profile: ExternalProfile,
  policy: ExternalAccountPolicy,
): Promise<void> {
  const managed = new Set(Object.values(policy.groupMap).flat());
  if (managed.size === 0) return;
  const wanted = new Set(profile.groups.flatMap((value) => policy.groupMap[value] ?? []));
  for (const name of wanted) {
    if (!(await tx.findGroups([name])).length) await tx.insertGroup(name, `Mapped from ${profile.provider} sign-in`);
  }
  const adding = [...wanted].filter((name) => !user.groups.includes(name));
  let removing = user.groups.filter((name) => managed.has(name) && !wanted.has(name));
  // The portal keeps one working admin: a changed claim cannot lock everybody out of the Admin Panel.
  if (removing.includes(GROUP_ADMIN) && (await tx.countOtherActiveAdmins(user.id)) === 0) {
    removing = removing.filter((name) => name !== GROUP_ADMIN);
  }
  if (adding.length === 0 && removing.length === 0) return;
  await tx.addMemberships(
    user.id,
    (await tx.findGroups(adding)).map((g) => g.id),
  );
  await tx.removeMemberships(
    user.id,
    (await tx.findGroups(removing)).map((g) => g.id),
  );
  await tx.audit({
    actor: user.username,
    action: `user.${profile.provider}.groups`,
    target: userTarget(user.username),
    before: { groups: user.groups },
    after: { adding, removing },
  });
}

async function requireById(tx: AccountStore, id: number, profile: ExternalProfile): Promise<UserRecord> {
  const user = await tx.findUserById(id);
  if (!user) throw new Error(`account ${id} linked to ${profile.provider} subject ${profile.subject} is gone`);
  return user;
}
