import {
  GROUP_ADMIN,
  GROUP_USER,
  MSG,
  type authCalls,
  type CallBody,
  type TGroup,
  type TManagedUser,
} from '@atlas/contracts';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { groupTarget, userTarget } from '../audit/index.js';
import { refuseExternalPassword } from './external/local-password.js';
import { groupAssignmentMail } from './mails.js';
import { hashPassword } from './passwords.js';
import { policyCovers } from './second-factor/service.js';
import type { AuthContext } from './service.js';
import type { GroupRecord, UserRecord } from './store.js';

type NewUserRequest = CallBody<typeof authCalls.registerUser>;

const BUILT_IN_GROUPS: readonly string[] = [GROUP_ADMIN, GROUP_USER];

/** The admin calls: users, their status and groups, groups, and the audit log. `actor` is the admin's username. */
export function adminRules(ctx: AuthContext) {
  const { store, requireUser, requireGroups } = ctx;

  /** Disables or enables an account, audited as user.disable / user.enable; nothing when it is so already. */
  async function setDisabled(actor: string, user: UserRecord, disabled: boolean): Promise<void> {
    if (user.disabled === disabled) return;
    await store.transaction(async (tx) => {
      await tx.updateUser(user.id, { disabled });
      await tx.audit({
        actor,
        action: disabled ? 'user.disable' : 'user.enable',
        target: userTarget(user.username),
        before: { disabled: !disabled },
        after: { disabled },
      });
    });
  }

  return {
    async registerUser(actor: string, input: NewUserRequest) {
      const { username, password, groups: groupNames, ...named } = input;
      if (await store.findUser(username)) throw conflict(MSG.userAlreadyExists);
      const groups = await requireGroups(groupNames);
      const password_hash = await hashPassword(password);
      const profile = { ...named, organization: '', pi_name: '' };
      await store.transaction(async (tx) => {
        const values = { username, password_hash, ...profile, status: 'UNCONFIRMED' as const, email_verified: false };
        const id = await tx.insertUser(values);
        if (id === undefined) throw conflict(MSG.userAlreadyExists);
        await tx.addMemberships(id, idsOf(groups));
        const after = { ...profile, status: 'UNCONFIRMED', groups: groups.map((g) => g.name).sort() };
        await tx.audit({ actor, action: 'user.create', target: userTarget(username), after });
      });
      return { msg: MSG.userRegistered };
    },

    async deleteUser(actor: string, username: string) {
      const user = await requireUser(username);
      if (user.username === actor) throw badRequest(MSG.cannotDeleteSelf);
      await store.transaction(async (tx) => {
        await tx.deleteUser(user.id);
        await tx.audit({ actor, action: 'user.delete', target: userTarget(username), before: publicState(user) });
      });
      return { msg: MSG.userDeletedNamed(username) };
    },

    async disableUser(actor: string, username: string) {
      const user = await requireUser(username);
      if (user.username === actor) throw badRequest(MSG.cannotDisableSelf);
      await setDisabled(actor, user, true);
      return { msg: MSG.userDisabled };
    },

    async enableUser(actor: string, username: string) {
      await setDisabled(actor, await requireUser(username), false);
      return { msg: MSG.userEnabled };
    },

    async confirmUser(actor: string, username: string) {
      const user = await requireUser(username);
      if (user.status !== 'CONFIRMED') {
        await store.transaction(async (tx) => {
          await tx.updateUser(user.id, { status: 'CONFIRMED' });
          await tx.audit({
            actor,
            action: 'user.confirm',
            target: userTarget(username),
            before: { status: user.status },
            after: { status: 'CONFIRMED' },
          });
        });
      }
      return { msg: MSG.userConfirmed };
    },

    async resetPassword(actor: string, username: string, password: string) {
      const user = await requireUser(username);
      refuseExternalPassword(user);
      const password_hash = await hashPassword(password);
      await store.transaction(async (tx) => {
        await tx.updateUser(user.id, { password_hash });
        await tx.deleteCodes(user.id, 'reset_password');
        await tx.audit({ actor, action: 'user.password.reset', target: userTarget(username), after: { via: 'admin' } });
      });
      return { msg: MSG.passwordSuccessfullyReset };
    },

    async listAccounts(): Promise<TManagedUser[]> {
      const [users, factors, policy] = await Promise.all([
        store.listUsers(),
        store.secondFactorStates(),
        store.secondFactorPolicy(),
      ]);
      return users.map((user) => ({
        ...presentManagedUser(user),
        second_factor: {
          enabled: factors.has(user.id),
          recovery_codes_left: factors.get(user.id)?.recoveryLeft ?? 0,
          required: policyCovers(policy, user.groups),
        },
      }));
    },

    async listGroups(): Promise<TGroup[]> {
      return (await store.listGroups()).map((g) => ({ group_name: g.name, description: g.description }));
    },

    async createGroup(actor: string, name: string, description: string) {
      await store.transaction(async (tx) => {
        if (!(await tx.insertGroup(name, description))) throw conflict(MSG.groupExists);
        await tx.audit({ actor, action: 'group.create', target: groupTarget(name), after: { name, description } });
      });
      return { msg: MSG.groupCreated };
    },

    async deleteGroup(actor: string, name: string) {
      if (BUILT_IN_GROUPS.includes(name)) throw badRequest(MSG.builtInGroup(name));
      const [group] = await store.findGroups([name]);
      if (!group) throw notFound(MSG.groupMissing);
      await store.transaction(async (tx) => {
        const members = await tx.groupMembers(group.id);
        await tx.deleteGroup(group.id);
        await tx.audit({
          actor,
          action: 'group.delete',
          target: groupTarget(name),
          before: { name, description: group.description, members },
        });
      });
      return { msg: MSG.groupDeleted };
    },

    async modifyGroupList(actor: string, username: string, adding: string[], removing: string[]) {
      const { id } = await requireUser(username);
      const toAdd = await requireGroups(adding);
      const toRemove = await requireGroups(removing);
      await store.transaction(async (tx) => {
        const before = (await tx.findUser(username))!.groups;
        const losesAdmin = before.includes(GROUP_ADMIN) && toRemove.some((g) => g.name === GROUP_ADMIN);
        if (losesAdmin && (await tx.countOtherActiveAdmins(id)) === 0) throw badRequest(MSG.lastAdmin);
        await tx.addMemberships(id, idsOf(toAdd));
        await tx.removeMemberships(id, idsOf(toRemove));
        const after = (await tx.findUser(username))!.groups;
        const target = userTarget(username);
        await tx.audit({ actor, action: 'user.groups', target, before: { groups: before }, after: { groups: after } });
      });
      return { msg: MSG.groupsModified };
    },

    async informUserAssignment(input: { group: string; username: string }) {
      const user = await requireUser(input.username);
      await requireGroups([input.group]);
      // Mailed to the stored address, not the one in the request, so the call cannot send mail to anyone else.
      await ctx.send(groupAssignmentMail(user, input.group), MSG.informUserFailed);
      return { msg: MSG.userInformed };
    },

    async confirmEmailByAdmin(actor: string, username: string) {
      const user = await requireUser(username);
      if (user.status !== 'CONFIRMED') throw badRequest(MSG.emailOfUnconfirmed);
      if (!user.email_verified) {
        await store.transaction(async (tx) => {
          await tx.updateUser(user.id, { email_verified: true });
          await tx.deleteCodes(user.id, 'confirm_email');
          await tx.audit({
            actor,
            action: 'user.email.verify',
            target: userTarget(username),
            before: { email_verified: false },
            after: { email_verified: true },
          });
        });
      }
      return { msg: MSG.emailConfirmed };
    },

    listAudit(options: { target?: string; limit: number }) {
      return store.listAudit(options);
    },
  };
}

const idsOf = (groups: readonly GroupRecord[]) => groups.map((g) => g.id);

/** What the audit log may keep of a user: never the password hash. */
function publicState(user: UserRecord) {
  const { name, email, organization, pi_name, status, email_verified, disabled, groups } = user;
  return { name, email, organization, pi_name, status, email_verified, disabled, groups };
}

function presentManagedUser(user: UserRecord): Omit<TManagedUser, 'second_factor'> {
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    organization: user.organization,
    piname: user.pi_name,
    status: user.status,
    email_verified: user.email_verified,
    disabled: user.disabled,
    groups: user.groups,
    group_names: user.groups.join(', '),
    sign_in_method: user.sign_in_method,
  };
}
