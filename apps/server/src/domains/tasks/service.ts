import { createHash } from 'node:crypto';
import {
  GROUP_ADMIN,
  GENES_MSG,
  MSG,
  TRANSFER_MSG,
  type Caller,
  type Identity,
  type QueueName,
  type TaskTarget,
  type TTaskState,
} from '@atlas/contracts';
import { badRequest, conflict, forbidden, notFound, type HttpError } from '../../http/errors.js';
import type { Infra } from '../../infra/index.js';
import { createTaskStore, type TaskReaders } from '../../infra/queue/task-store.js';
import { callerMayPost, checkTaskTouches } from '../../tasks/authorise.js';
import { TaskInputError, wrongQueueMessage, type TaskDefinition, type TaskRegistry } from '../../tasks/registry.js';
import { callerOf, NotVisibleError, type Runs } from '../runs/index.js';

const TERMINAL = new Set(['SUCCESS', 'FAILURE']);
/** How often a waiting read (wait_ms) re-reads the task's state. */
const WAIT_STEP_MS = 20;

/** What a public-link task stores of its link: whoever holds the same link may read the task. */
export const linkDigest = (encoded: string) => createHash('sha256').update(encoded).digest('hex');

export type TaskService = ReturnType<typeof createTaskService>;

/**
 * Posting and reading tasks (DESIGN §8). A task is checked against its definition before it is recorded, so a bad
 * name, queue or argument is a 400 now rather than a FAILURE later, and every run and object it names is checked
 * against the caller (404 at once, no task row, as for a missing object).
 */
export function createTaskService(deps: {
  infra: Pick<Infra, 'db' | 'config' | 'queue'>;
  runs: Runs;
  registry: TaskRegistry;
}) {
  const { infra, runs, registry } = deps;
  const { db, config, queue } = infra;
  const readers = createTaskStore(db);

  /** The posted arguments parsed (400 naming the field), and what they touch checked against the caller. */
  async function checkedInput(
    definition: TaskDefinition,
    request: { args: unknown[]; kwargs: Record<string, unknown> },
    caller: Caller,
    hidden: (error: NotVisibleError) => HttpError,
  ): Promise<unknown> {
    let input: unknown;
    try {
      input = definition.parse(request.args, request.kwargs);
    } catch (error) {
      if (error instanceof TaskInputError) throw badRequest(error.message);
      throw error;
    }
    try {
      await checkTaskTouches(db, config, caller, definition.touches(input, config));
    } catch (error) {
      if (error instanceof NotVisibleError) throw hidden(error);
      throw error;
    }
    return input;
  }

  /** Its requester and admins read a task; a public-link task, the holder of that link while its run is public. */
  async function mayRead(row: TaskReaders, identity: Identity, encoded: string | undefined): Promise<boolean> {
    if (identity.kind === 'user' && identity.groups.includes(GROUP_ADMIN)) return true;
    if (identity.kind === 'user' && row.requested_by === identity.username) return true;
    if (!row.public_link_sha256 || !encoded || linkDigest(encoded) !== row.public_link_sha256) return false;
    return runs.access.openLink(encoded, identity).then(
      () => true,
      () => false,
    );
  }

  return {
    /** A signed-in caller's task (the task runner, transfers, the explorer's analyses). */
    async post(
      request: { task: string; queue: QueueName; args: unknown[]; kwargs: Record<string, unknown> },
      identity: Identity,
    ): Promise<TTaskState> {
      const definition = registry.get(request.task);
      if (!definition) throw badRequest(MSG.taskUnknown(request.task));
      if (definition.queue !== request.queue) throw badRequest(wrongQueueMessage(request.task, request.queue));
      const caller = callerOf(identity);
      if (!callerMayPost(caller, definition.access))
        throw forbidden(TRANSFER_MSG.taskNeedsRole(request.task, definition.access ?? 'any'));
      const input = await checkedInput(definition, request, caller, (error) => notFound(error.message));
      const refusal = await definition.conflict?.(input, infra);
      if (refusal) throw conflict(refusal);
      const { task, queue: name, args, kwargs } = request;
      return queue.post({
        task,
        queue: name,
        args,
        kwargs,
        requestedBy: identity.kind === 'user' ? identity.username : null,
      });
    },

    /**
     * A public viewer's task on the run of its link, with the arguments the server made from the link (never the
     * client's): checked for what a holder of the link may touch, and readable by whoever holds the same link.
     */
    async postForLink(
      request: { task: string; args: unknown[]; kwargs: Record<string, unknown> },
      link: { runId: string; encoded: string; holder?: Caller },
    ): Promise<TTaskState> {
      const definition = registry.get(request.task);
      if (!definition) throw badRequest(MSG.taskUnknown(request.task));
      // A link that opens only to its holder's own rights (a group's or a reviewer's) is checked as that holder.
      const holder: Caller = link.holder ?? { kind: 'link', runId: link.runId };
      await checkedInput(definition, request, holder, () => notFound(GENES_MSG.runNotFound(link.runId)));
      return queue.post({
        ...request,
        queue: definition.queue,
        requestedBy: null,
        publicLink: { runId: link.runId, sha256: linkDigest(link.encoded) },
      });
    },

    /**
     * A task's state for a caller who may read it (otherwise 404, as for a missing task), after waiting up to
     * `waitMs` for it to end: the state lives in the database whatever the queue driver, so this works for tasks
     * running on other workers too.
     */
    async read(id: string, identity: Identity, options: { encoded?: string; waitMs?: number }): Promise<TTaskState> {
      const row = await readers.getReaders(id);
      if (!row || !(await mayRead(row, identity, options.encoded))) throw notFound(MSG.taskNotFound(id));
      let state = await queue.get(id);
      const deadline = Date.now() + (options.waitMs ?? 0);
      while (state && !TERMINAL.has(state.status) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_STEP_MS, deadline - Date.now())));
        state = await queue.get(id);
      }
      if (!state) throw notFound(MSG.taskNotFound(id));
      return state;
    },

    /** The definitions this caller may post, of one screen or of all. */
    definitions(identity: Identity, target: TaskTarget | undefined) {
      return registry
        .list()
        .filter((d) => callerMayPost(callerOf(identity), d.access))
        .map((d) => ({ ...d, target: d.target ?? 'general' }))
        .filter((d) => !target || d.target === target)
        .map((d) => ({ name: d.name, queue: d.queue, description: d.description, target: d.target, args: d.argSpecs }));
    },
  };
}
