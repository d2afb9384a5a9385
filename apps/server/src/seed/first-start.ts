import { randomInt } from 'node:crypto';
import { GROUP_ADMIN, GROUP_USER, isValidPassword, passwordProblems, PASSWORD_SYMBOLS } from '@atlas/contracts';
import { groupTarget, userTarget } from '../domains/audit/index.js';
import { createAccountStore, hashPassword, type AccountStore } from '../domains/auth/index.js';
import type { Infra } from '../infra/index.js';

const BUILT_IN_GROUPS = [
  { name: GROUP_ADMIN, description: 'Administrators: users, groups, runs and metadata' },
  { name: GROUP_USER, description: 'Lab members: runs and lab tools' },
];

/**
 * Makes a fresh installation usable: the built-in groups and, while no user exists, the first admin. Safe to
 * run on every start and from several processes at once (inserts skip what exists).
 */
export async function seedFirstStart(infra: Infra): Promise<void> {
  const store = createAccountStore(infra.db);
  await ensureBuiltInGroups(store);
  if ((await store.countUsers()) > 0) {
    infra.log.info('admin account exists');
    return;
  }
  const { username, email } = infra.config.admin;
  const chosen = infra.config.admin.password;
  if (chosen !== undefined && !isValidPassword(chosen)) {
    const rules = passwordProblems(chosen).map((rule) => rule.label.toLowerCase());
    throw new Error(`ATLAS_ADMIN_PASSWORD does not satisfy the password rules: it needs ${rules.join(', ')}`);
  }
  const password = chosen ?? generatePassword();
  const created = await createFirstAdmin(store, { username, email, password_hash: await hashPassword(password) });
  if (!created) {
    infra.log.info('admin account exists');
    return;
  }
  infra.log.info({ username }, 'first admin account created');
  if (chosen === undefined) {
    const url = infra.config.publicUrl ?? `http://localhost:${infra.config.port}`;
    process.stdout.write(adminBox(url, username, password));
  }
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

/**
 * The password symbols a shell leaves alone, so the printed password can be pasted into a command line unquoted
 * (`!`, `$`, `&`, `*`, `(`, `<`, `?`, `[`, `{`, `#`, `^` … all mean something to sh, bash or zsh).
 */
export const SHELL_SAFE_SYMBOLS = [...PASSWORD_SYMBOLS].filter((c) => '@%/'.includes(c)).join('');
const CHARACTER_SETS = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', SHELL_SAFE_SYMBOLS];

/** 20 random characters with at least one of each kind the password rules ask for (look-alikes and shell metacharacters left out). */
export function generatePassword(length = 20): string {
  const all = CHARACTER_SETS.join('');
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = CHARACTER_SETS.map(pick);
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Shown once, on the first start, because the generated password is stored nowhere else in clear. */
function adminBox(url: string, username: string, password: string): string {
  const lines = [
    'Atlas Portal: first admin account created',
    '',
    `Sign in at  ${url}`,
    `Username    ${username}`,
    `Password    ${password}`,
    '',
    'This password is shown only now. Sign in and change it (User settings),',
    'or set ATLAS_ADMIN_PASSWORD before the first start next time.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return `\n${rule}\n${lines.map((l) => `| ${l.padEnd(width)} |`).join('\n')}\n${rule}\n\n`;
}
