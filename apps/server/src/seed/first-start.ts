import { GROUP_ADMIN, GROUP_USER, operatorPasswordRefusal } from '@atlas/contracts';
import { groupTarget, userTarget } from '../domains/audit/index.js';
import {
  createAccountStore,
  generatePassword,
  hashPassword,
  passwordBox,
  type AccountStore,
} from '../domains/auth/index.js';
import type { Infra } from '../infra/index.js';

const BUILT_IN_GROUPS = [
  { name: GROUP_ADMIN, description: 'Administrators: users, groups, runs and metadata' },
  { name: GROUP_USER, description: 'Lab members: runs and lab tools' },
];

/** What the first start made that only its caller may show: a generated password, printed once. */
export interface FirstStart {
  /**
   * The first admin's sign-in when its password was generated; the server prints it in a box (firstAdminBox) after
   * its start-up lines, so that neither they nor the request log lines bury it (main.ts).
   */
  generated: { username: string; password: string } | null;
}

/** The generated sign-in in a box, with the address the server answers on. */
export function firstAdminBox(
  config: Pick<Infra['config'], 'publicUrl'>,
  port: number,
  generated: { username: string; password: string },
): string {
  const url = config.publicUrl ?? `http://localhost:${port}`;
  return passwordBox('Atlas Portal: first admin account created', { url, ...generated });
}

/**
 * Makes a fresh installation usable: the built-in groups and, while no user exists, the first admin. Safe to
 * run on every start and from several processes at once (inserts skip what exists).
 */
export async function seedFirstStart(infra: Infra): Promise<FirstStart> {
  const store = createAccountStore(infra.db);
  await ensureBuiltInGroups(store);
  if ((await store.countUsers()) > 0) {
    infra.log.info('admin account exists');
    return { generated: null };
  }
  const { username, email } = infra.config.admin;
  const chosen = infra.config.admin.password;
  const problem = chosen === undefined ? null : operatorPasswordRefusal(chosen, 'ATLAS_ADMIN_PASSWORD');
  if (problem) throw new Error(problem);
  const password = chosen ?? generatePassword();
  const created = await createFirstAdmin(store, { username, email, password_hash: await hashPassword(password) });
  if (!created) {
    infra.log.info('admin account exists');
    return { generated: null };
  }
  infra.log.info({ username }, 'first admin account created');
  return { generated: chosen === undefined ? { username, password } : null };
}

async function ensureBuiltInGroups(store: AccountStore): Promise<void> {
  for (const group of BUILT_IN_GROUPS) {
    await store.transaction(async (tx) => {
      if (await tx.insertGroup(group.name, group.description)) {
        await tx.audit({ actor: null, action: 'group.create', target: groupTarget(group.name), after: group });
      }
    });
  }
}

/** False when another process created the account first. */
function createFirstAdmin(store: AccountStore, admin: { username: string; email: string; password_hash: string }) {
  return store.transaction(async (tx) => {
    const profile = { name: 'Administrator', email: admin.email, organization: '', pi_name: '' };
    const id = await tx.insertUser({
      username: admin.username,
      password_hash: admin.password_hash,
      ...profile,
      status: 'CONFIRMED',
      email_verified: true,
    });
    if (id === undefined) return false;
    const groups = await tx.findGroups([GROUP_ADMIN, GROUP_USER]);
    await tx.addMemberships(
      id,
      groups.map((g) => g.id),
    );
    const after = { ...profile, status: 'CONFIRMED', email_verified: true, groups: groups.map((g) => g.name).sort() };
    await tx.audit({ actor: null, action: 'user.create', target: userTarget(admin.username), after });
    return true;
  });
}
