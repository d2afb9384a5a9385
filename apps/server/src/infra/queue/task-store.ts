import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TTaskState } from '@atlas/contracts';
import type { Db } from '../db/index.js';
import type { TaskRow } from '../db/tables.js';
import type { TaskLabels, TaskRequest } from './port.js';
import { currentRequestId } from '../log/request-context.js';

/**
 * All SQL on the `tasks` table. The row is the record of a task whatever the queue driver: drivers only move
 * work to a worker, and every state change goes through here. Each transition names the states it may leave,
 * so a late write (a duplicate delivery, a handler still running after a restart) cannot undo a final state.
 */
export interface TaskStore {
  insert(request: TaskRequest): Promise<TTaskState>;
  get(id: string): Promise<TTaskState | null>;
  /** The columns that decide who may read the task, without reading its args. */
  getReaders(id: string): Promise<TaskReaders | null>;
  getRow(id: string): Promise<TaskRow | null>;
  /** PENDING → STARTED. False when the task was already claimed or is gone: the caller must not run it. */
  markStarted(id: string): Promise<boolean>;
  /** STARTED|PROGRESS → PROGRESS with a percentage. */
  setProgress(id: string, percent: number): Promise<void>;
  /** STARTED|PROGRESS → SUCCESS with the handler's result (JSON). */
  markSuccess(id: string, result: unknown): Promise<void>;
  /** Any unfinished state → FAILURE with a message. */
  markFailure(id: string, error: string): Promise<void>;
  /** Blanks these kwargs of a finished task (passwords are kept only while the task may still run). */
  forgetKwargs(id: string, names: readonly string[]): Promise<void>;
  /** Newest first, for Job Management. */
  list(limit: number): Promise<TTaskState[]>;
  /** PENDING tasks of these queues in posting order (FIFO). */
  listPending(queues: readonly string[]): Promise<TaskRow[]>;
  /** Marks tasks of these queues left STARTED/PROGRESS by a runner that died as FAILURE; returns their ids. */
  failInterrupted(queues: readonly string[], reason: string): Promise<string[]>;
  /**
   * Running tasks of these queues named in `retryable` and never retried → PENDING again (attempts + 1), for a
   * restart or a lost worker to run them once more; returns the rows now PENDING.
   */
  retryRunning(
    filter: { queues?: readonly string[]; ids?: readonly string[] },
    retryable: readonly string[],
  ): Promise<TaskRow[]>;
  /** A running task's worker is alive. */
  beat(id: string): Promise<void>;
  /** Running tasks without a heartbeat for `silentMs`. */
  findSilent(silentMs: number): Promise<TaskRow[]>;
  /** These running tasks → FAILURE (each only if still running); returns those it changed. */
  failRunning(ids: readonly string[], reason: string): Promise<string[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNFINISHED = ['PENDING', 'STARTED', 'PROGRESS'] as const;
const RUNNING = ['STARTED', 'PROGRESS'] as const;

/** What a task's state is made of: never its args, which a lasso's ranking makes hundreds of kilobytes long. */
const STATE_COLUMNS = [
  'id',
  'name',
  'queue',
  'status',
  'progress',
  'result',
  'error',
  'requested_by',
  'created_at',
  'updated_at',
] as const;

type StateRow = Pick<TaskRow, (typeof STATE_COLUMNS)[number]> & {
  live_position: number | null;
  description: string | null;
  run_id: string | null;
};

/** Who may read a task (domains/tasks): its requester, or the holder of the public link it was posted with. */
export type TaskReaders = Pick<TaskRow, 'requested_by' | 'public_link_sha256'>;

export function createTaskStore(db: Db, labels?: (request: TaskRequest) => TaskLabels): TaskStore {
  /**
   * Rows with their queue position computed when read: the number of PENDING tasks of the same queue posted
   * before this one. A stored number would go stale as soon as the task ahead of it starts.
   */
  const selectStates = () =>
    db
      .selectFrom('tasks as t')
      .select(STATE_COLUMNS)
      .select([
        sql<number | null>`case when t.status = 'PENDING' then (
          select count(*)::int from tasks p
          where p.queue = t.queue and p.status = 'PENDING' and (p.created_at, p.id) < (t.created_at, t.id)
        ) end`.as('live_position'),
        // Job Managment shows these two (spec 03 §2.10); tasks carry them as kwargs `description` and `run_id`.
        sql<string | null>`coalesce(t.description, ${kwargText('description')})`.as('description'),
        sql<string | null>`coalesce(t.run_id, ${kwargText('run_id')}, t.public_run)`.as('run_id'),
      ]);

  const get = async (id: string) => {
    if (!UUID.test(id)) return null;
    const row = await selectStates().where('t.id', '=', id).executeTakeFirst();
    return row ? toState(row) : null;
  };

  return {
    async insert(request) {
      const id = randomUUID();
      const label = labels?.(request);
      await db
        .insertInto('tasks')
        .values({
          id,
          name: request.task,
          queue: request.queue,
          args: JSON.stringify(request.args),
          kwargs: JSON.stringify(request.kwargs),
          status: 'PENDING',
          requested_by: request.requestedBy,
          public_run: request.publicLink?.runId ?? null,
          public_link_sha256: request.publicLink?.sha256 ?? null,
          description: label?.description ?? null,
          run_id: label?.runId ?? null,
          request_id: request.requestId ?? currentRequestId() ?? null,
        })
        .execute();
      return (await get(id))!;
    },

    get,

    async getReaders(id) {
      if (!UUID.test(id)) return null;
      return (
        (await db
          .selectFrom('tasks')
          .select(['requested_by', 'public_link_sha256'])
          .where('id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },

    async getRow(id) {
      if (!UUID.test(id)) return null;
      return (await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async markStarted(id) {
      const result = await db
        .updateTable('tasks')
        .set({ status: 'STARTED', progress: 0, heartbeat_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setProgress(id, percent) {
      await db
        .updateTable('tasks')
        .set({ status: 'PROGRESS', progress: percent, heartbeat_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', 'in', RUNNING)
        .execute();
    },

    async markSuccess(id, result) {
      await db
        .updateTable('tasks')
        .set({ status: 'SUCCESS', progress: 100, result: JSON.stringify(result ?? null), updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', 'in', RUNNING)
        .execute();
    },

    async markFailure(id, error) {
      await db
        .updateTable('tasks')
        .set({ status: 'FAILURE', error, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .execute();
    },

    async forgetKwargs(id, names) {
      if (names.length === 0) return;
      // jsonb `-` with a text array drops those keys; a task that never had them is left as it was.
      await db
        .updateTable('tasks')
        .set({ kwargs: sql`kwargs - ${sql.val([...names])}::text[]` })
        .where('id', '=', id)
        .where('status', 'in', ['SUCCESS', 'FAILURE'])
        .execute();
    },

    async list(limit) {
      const rows = await selectStates().orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(limit).execute();
      return rows.map(toState);
    },

    async listPending(queues) {
      if (queues.length === 0) return [];
      return db
        .selectFrom('tasks')
        .selectAll()
        .where('queue', 'in', queues)
        .where('status', '=', 'PENDING')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async failInterrupted(queues, reason) {
      if (queues.length === 0) return [];
      const rows = await db
        .updateTable('tasks')
        .set({ status: 'FAILURE', error: reason, updated_at: sql`now()` })
        .where('queue', 'in', queues)
        .where('status', 'in', RUNNING)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async beat(id) {
      await db
        .updateTable('tasks')
        .set({ heartbeat_at: sql`now()` })
        .where('id', '=', id)
        .where('status', 'in', RUNNING)
        .execute();
    },

    async findSilent(silentMs) {
      return db
        .selectFrom('tasks')
        .selectAll()
        .where('status', 'in', RUNNING)
        .where(sql<boolean>`coalesce(heartbeat_at, updated_at) < now() - make_interval(secs => ${silentMs / 1000})`)
        .execute();
    },

    async failRunning(ids, reason) {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('tasks')
        .set({ status: 'FAILURE', error: reason, updated_at: sql`now()` })
        .where('id', 'in', ids)
        .where('status', 'in', RUNNING)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async retryRunning(filter, retryable) {
      if (retryable.length === 0 || (filter.queues?.length === 0 && filter.ids?.length === 0)) return [];
      let update = db
        .updateTable('tasks')
        .set({
          status: 'PENDING',
          progress: 0,
          attempts: sql`attempts + 1`,
          heartbeat_at: null,
          updated_at: sql`now()`,
        })
        .where('status', 'in', RUNNING)
        .where('attempts', '=', 0)
        .where('name', 'in', retryable);
      if (filter.queues) update = update.where('queue', 'in', filter.queues);
      if (filter.ids) update = update.where('id', 'in', filter.ids);
      return update.returningAll().execute();
    },
  };
}

function toState(row: StateRow): TTaskState {
  return {
    _id: row.id,
    task: row.name,
    queue: row.queue,
    status: row.status,
    progress: row.progress,
    position: row.live_position,
    result: row.result ?? null,
    error: row.error,
    requested_by: row.requested_by,
    description: row.description,
    run_id: row.run_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A kwarg that is a non-empty string, else null. */
function kwargText(key: string) {
  return sql<
    string | null
  >`case when jsonb_typeof(t.kwargs -> ${sql.lit(key)}) = 'string' then nullif(t.kwargs ->> ${sql.lit(key)}, '') end`;
}
