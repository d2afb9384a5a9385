import { randomInt } from 'node:crypto';
import { GROUP_ADMIN, operatorPasswordRefusal, PASSWORD_SYMBOLS } from '@atlas/contracts';
import type { Db } from '../../infra/db/index.js';
import { userTarget } from '../audit/index.js';
import { hashPassword } from './passwords.js';
import { createAccountStore } from './store.js';

/**
 * What the server's operator does to accounts without signing in: the first start's admin (seed/first-start.ts)
 * and `npm run admin -- reset-password` (cli/admin.ts), the way back when the admin's password is lost. Whoever
 * runs commands in the server's folder with its configuration can read and write the database anyway, so this is
 * no new door; it is audited all the same (actor: none).
 */
export class OperatorError extends Error {}

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

/** A generated password in a box, shown once: it is stored nowhere else in clear. */
export function passwordBox(title: string, sign: { url: string; username: string; password: string }): string {
  const lines = [
    title,
    '',
    `Sign in at  ${sign.url}`,
    `Username    ${sign.username}`,
    `Password    ${sign.password}`,
    '',
    'This password is shown only now. Sign in and change it (User settings).',
    'Lost? From the server folder: npm run admin -- reset-password',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return `\n${rule}\n${lines.map((l) => `| ${l.padEnd(width)} |`).join('\n')}\n${rule}\n\n`;
}

export interface OperatorReset {
  username: string;
  /** In the admin group. */
  admin: boolean;
  /** Disabled or not yet confirmed: the new password alone does not let it sign in. */
  blocked: 'disabled' | 'unconfirmed' | null;
  /** Its second factor was removed too (issue 35): a lost phone must not keep the operator out. */
  second_factor_removed: boolean;
}

/**
 * Sets an account's password as the operator: a new session key ends every session and API token of the account
 * (store.updateUser), an open reset code is withdrawn, a second factor is removed (the way back must not depend on a
 * phone), and the audit log records `user.password.reset` (and `user.second_factor.reset`) via the command line. Refuses a password that breaks the rules and an unknown account (naming the admin accounts).
 */
export async function resetPasswordAsOperator(
  db: Db,
  request: { username: string; password: string; source: string },
): Promise<OperatorReset> {
  const problem = operatorPasswordRefusal(request.password, request.source);
  if (problem) throw new OperatorError(problem);
  const store = createAccountStore(db);
  const user = await store.findUser(request.username);
  if (!user) throw new OperatorError(await noSuchAccount(store, request.username));
  const password_hash = await hashPassword(request.password);
  const second_factor_removed = Boolean((await store.findSecondFactor(user.id))?.secret_box);
  await store.transaction(async (tx) => {
    if (second_factor_removed) {
      await tx.removeSecondFactor(user.id);
      const target = userTarget(user.username);
      await tx.audit({ actor: null, action: 'user.second_factor.reset', target, after: { via: 'command line' } });
    }
    await tx.updateUser(user.id, { password_hash });
    await tx.deleteCodes(user.id, 'reset_password');
    await tx.audit({
      actor: null,
      action: 'user.password.reset',
      target: userTarget(user.username),
      after: { via: 'command line' },
    });
  });
  const blocked = user.disabled ? 'disabled' : user.status !== 'CONFIRMED' ? 'unconfirmed' : null;
  return { username: user.username, admin: user.groups.includes(GROUP_ADMIN), blocked, second_factor_removed };
}

async function noSuchAccount(store: ReturnType<typeof createAccountStore>, username: string): Promise<string> {
  const users = await store.listUsers();
  if (users.length === 0) {
    return 'There is no account yet: start the server once (npm start); the first start creates the admin.';
  }
  const admins = users.filter((u) => u.groups.includes(GROUP_ADMIN)).map((u) => u.username);
  const hint = admins.length ? `Admin accounts: ${admins.join(', ')} (pass one with --username).` : 'No admin exists.';
  return `There is no account '${username}'. ${hint}`;
}
