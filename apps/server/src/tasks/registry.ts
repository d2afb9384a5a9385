import type { z } from 'zod';
import { MSG, TRANSFER_MSG, type QueueName, type TaskTarget, type ZTaskArgSpec } from '@atlas/contracts';
import type { Config } from '../config.js';
import type { QueueTasks, TaskContext, TaskDeps } from '../infra/queue/port.js';
import type { TaskStore } from '../infra/queue/task-store.js';
import type { TaskRow } from '../infra/db/tables.js';
import { withRequestId } from '../infra/log/request-context.js';
import { callerMayPost, callerOfTask, checkTaskTouches, type TaskAccess, type TaskTouches } from './authorise.js';
import { taskLabels } from './labels.js';
import { createWriteLeases, leasedObjects } from './write-leases.js';

/** The infrastructure a task handler may use (the queue's port owns the type: infra hands it in). */
export type { TaskDeps } from '../infra/queue/port.js';

/** One argument of a task as the Analytics task runner shows it: name, default value, type, caption, help. */
export type TaskArgSpec = z.infer<typeof ZTaskArgSpec>;

interface TaskRunContext extends TaskContext {
  deps: TaskDeps;
  /** The registry this task runs in (core.task_list describes it). */
  registry: TaskRegistry;
}

/**
 * A named task on a named queue. `parse` turns the posted args/kwargs into the handler's input and throws
 * TaskInputError with a message fit for the user; it runs when the task is posted (so a bad task is refused
 * with 400 and never queued) and again in the worker, which only has the stored JSON.
 */
export interface TaskDefinition<I = unknown, R = unknown> {
  name: string;
  queue: QueueName;
  description: string;
  argSpecs: TaskArgSpec[];
  /** Who may post it (default `any` signed-in member): tasks that reach outside services are for admins. */
  access?: TaskAccess;
  /** Which screen posts it (default `general`: the Analytics task runner offers it). */
  target?: TaskTarget;
  /**
   * Running it again from the start gives the same result and harms nothing (it reads, or overwrites the same
   * objects atomically): when its worker is lost it is queued once more instead of failing.
   */
  idempotent?: boolean;
  parse(args: unknown[], kwargs: Record<string, unknown>): I;
  /**
   * Every run and stored object the input names, and whether the task reads or writes it. Required of every task
   * (return `{}` when it touches none): the API checks it against the caller when the task is posted, and the
   * worker again, for the requester as they are then, before it runs.
   */
  touches(input: I, config: Config): TaskTouches;
  /**
   * Why stored state makes this input unwelcome now (a run that already has what the task would make, and the
   * caller did not ask to replace it), or null. Checked when the task is posted, so the caller hears it at once
   * (409) and nothing is queued.
   */
  conflict?(input: I, deps: Pick<TaskDeps, 'db' | 'config'>): Promise<string | null>;
  run(input: I, ctx: TaskRunContext): Promise<R>;
}

/** Keeps each definition's input type checked where it is written, and erases it for the registry. */
export function defineTask<I, R>(definition: TaskDefinition<I, R>): TaskDefinition {
  const { conflict } = definition;
  return {
    ...definition,
    touches: (input, config) => definition.touches(input as I, config),
    ...(conflict && {
      conflict: (input: unknown, deps: Pick<TaskDeps, 'db' | 'config'>) => conflict(input as I, deps),
    }),
    run: (input, ctx) => definition.run(input as I, ctx),
  };
}

export class TaskInputError extends Error {}

/** Parses with a zod schema; the error names the offending field, e.g. `kwargs.bucket: Invalid input: expected string`. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = [where, ...issue.path.map(String)].join('.');
  throw new TaskInputError(`${field}: ${issue.message}`);
}

export const wrongQueueMessage = (task: string, queue: string) => `Task '${task}' does not run on queue '${queue}'.`;

/**
 * The tasks of this process: routes check posted tasks against it, and the queue (infra) runs it through the
 * port it implements, handed in by whoever composes the process.
 */
export interface TaskRegistry extends QueueTasks {
  get(name: string): TaskDefinition | undefined;
  /** All definitions, or those of one queue, in registration order. */
  list(queue?: string): TaskDefinition[];
}

export function createTaskRegistry(definitions: readonly TaskDefinition[]): TaskRegistry {
  const byName = new Map<string, TaskDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Task '${definition.name}' is defined twice`);
    byName.set(definition.name, definition);
  }
  const list = (queue?: string) => definitions.filter((d) => queue === undefined || d.queue === queue);
  const running = new Set<string>();
  const registry: TaskRegistry = {
    get: (name) => byName.get(name),
    list,
    namesOn: (queue) => list(queue).map((d) => d.name),
    retryable: () => definitions.filter((d) => d.idempotent).map((d) => d.name),
    labels: (request, config) => taskLabels(registry, request, config),
    runningHere: () => running,
    run: async (row, deps, store, onProgress) => {
      running.add(row.id);
      try {
        await runTask(row, registry, deps, store, onProgress);
      } finally {
        running.delete(row.id);
      }
    },
  };
  return registry;
}

/**
 * Runs one stored task to its final state; both queue drivers call this. It first claims the row
 * (PENDING → STARTED), so a task delivered twice runs once. Whatever the handler throws ends as FAILURE with
 * its message; only a failure of the store itself rejects.
 */
async function runTask(
  row: TaskRow,
  registry: TaskRegistry,
  deps: TaskDeps,
  store: TaskStore,
  onProgress?: (percent: number) => Promise<void>,
): Promise<void> {
  // The task's log lines (and anything it logs through infra.log) name the request that posted it.
  if (row.request_id) return withRequestId(row.request_id, () => runClaimed(row, registry, deps, store, onProgress));
  return runClaimed(row, registry, deps, store, onProgress);
}

async function runClaimed(
  row: TaskRow,
  registry: TaskRegistry,
  deps: TaskDeps,
  store: TaskStore,
  onProgress?: (percent: number) => Promise<void>,
): Promise<void> {
  if (!(await store.markStarted(row.id))) return;
  const log = deps.log.child({ taskId: row.id, task: row.name, ...(row.request_id ? { reqId: row.request_id } : {}) });
  const measure = (outcome: 'success' | 'failure') =>
    deps.metrics?.taskDuration.observe({ task: row.name, queue: row.queue, outcome }, (Date.now() - started) / 1000);
  const definition = registry.get(row.name);
  if (!definition) return store.markFailure(row.id, MSG.taskUnknown(row.name));
  if (definition.queue !== row.queue) return store.markFailure(row.id, wrongQueueMessage(row.name, row.queue));

  let reported = -1;
  const progress = async (percent: number) => {
    // Whole percents only: a handler may report per chunk, and each report is a database write.
    const value = Math.min(100, Math.max(0, Math.round(percent)));
    if (value === reported) return;
    reported = value;
    await store.setProgress(row.id, value);
    await onProgress?.(value);
  };
  const started = Date.now();
  const leases = createWriteLeases(deps.db);
  let leased: ReturnType<typeof leasedObjects> = [];
  // Signs of life while the handler runs, so a task whose worker dies is found (infra/queue/lost-tasks.ts).
  const heartbeat = setInterval(() => {
    store.beat(row.id).catch((error: unknown) => log.warn({ err: error }, 'task heartbeat not recorded'));
  }, deps.config.taskHeartbeatMs);
  heartbeat.unref();
  let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
  try {
    const input = definition.parse(row.args, row.kwargs);
    const touches = definition.touches(input, deps.config);
    const restricted = (definition.access ?? 'any') !== 'any';
    if (restricted || touches.read?.length || touches.write?.length) {
      const caller = await callerOfTask(deps.db, row);
      if (!caller) throw new Error(MSG.taskRequesterInactive(row.requested_by ?? ''));
      // The requester's role as it is now, as for the runs they touch.
      if (restricted && !callerMayPost(caller, definition.access))
        throw new Error(TRANSFER_MSG.taskNeedsRole(row.name, definition.access ?? 'any'));
      await checkTaskTouches(deps.db, deps.config, caller, touches);
    }
    leased = leasedObjects(touches.write ?? []);
    await leases.take(row.id, leased, (holder) =>
      log.info({ holder }, 'waiting for a running task that writes the same objects'),
    );
    outcome = { ok: true, result: await definition.run(input, { taskId: row.id, progress, log, deps, registry }) };
  } catch (error) {
    outcome = { ok: false, error };
  } finally {
    clearInterval(heartbeat);
    // Released before the final state is recorded: a caller that sees SUCCESS and at once posts another writer
    // of the same objects does not wait for this lease.
    if (leased.length)
      await leases.release(row.id).catch((error: unknown) => log.warn({ err: error }, 'write leases not released'));
  }
  if (outcome.ok) {
    await store.markSuccess(row.id, outcome.result);
    measure('success');
    log.info({ ms: Date.now() - started }, 'task succeeded');
  } else {
    measure('failure');
    log.warn({ err: outcome.error, ms: Date.now() - started }, 'task failed');
    const { error } = outcome;
    await store.markFailure(row.id, error instanceof Error ? error.message : String(error));
  }
  // A finished task's passwords (an FTP login) are not kept in the task table.
  await store.forgetKwargs(
    row.id,
    definition.argSpecs.filter((spec) => spec.type === 'password').map((spec) => spec.name),
  );
}
