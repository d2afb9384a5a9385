import { hasGroupAccess, type Access } from '@atlas/contracts';
import { callerOf, createRuns, type Caller, type Target } from '../domains/runs/index.js';
import { createAccountStore } from '../domains/auth/index.js';
import { dataBucket, type Config } from '../config.js';
import type { Db } from '../infra/db/index.js';
import type { TaskRow } from '../infra/db/tables.js';

/** Who may post a task: the group rules of routes, without the anonymous and public ones. */
export type TaskAccess = Exclude<Access, 'anonymous' | 'public'>;

/** Whether this caller may post (and run) a task of this access rule. */
export function callerMayPost(caller: Caller, access: TaskAccess = 'any'): boolean {
  if (caller.kind === 'admin') return true;
  return caller.kind === 'member' && hasGroupAccess(caller.groups, access);
}

/** What a task reads and writes, from its parsed input: every run and stored object it touches. */
export interface TaskTouches {
  read?: Target[];
  write?: Target[];
}

/** A stored object in the bucket a task was given, or the data bucket. */
export const objectIn = (config: Config, bucket: string | undefined, key: string): Target => ({
  bucket: bucket ?? dataBucket(config),
  key,
});

/** Throws NotVisibleError (from domains/runs) for the first run or object this caller may not touch as declared. */
export async function checkTaskTouches(db: Db, config: Config, caller: Caller, touches: TaskTouches): Promise<void> {
  const { objects } = createRuns({ db, config });
  await objects.check(caller, 'read', touches.read ?? []);
  await objects.check(caller, 'write', touches.write ?? []);
}

/**
 * Whom a stored task runs for, decided again when it runs: the holder of the public link it was posted with, its
 * requester with the groups they have now (null when the account is gone or disabled), or — with neither, for
 * tasks the server posts itself (seed, importer) — the server, which may touch any run.
 */
export async function callerOfTask(db: Db, row: Pick<TaskRow, 'requested_by' | 'public_run'>): Promise<Caller | null> {
  if (row.public_run) return { kind: 'link', runId: row.public_run };
  if (!row.requested_by) return { kind: 'admin' };
  const account = await createAccountStore(db).activeUserGroups(row.requested_by);
  return account ? callerOf({ kind: 'user', username: row.requested_by, groups: account.groups }) : null;
}
