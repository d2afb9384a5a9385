import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GROUP_ADMIN, MSG, TRANSFER_MSG, taskCalls, type Identity } from '@atlas/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { createTaskStore, type TaskReaders } from '../../infra/queue/task-store.js';
import { callerMayPost, checkTaskTouches } from '../../tasks/authorise.js';
import { TaskInputError, wrongQueueMessage, type TaskRegistry } from '../../tasks/registry.js';
import { callerOf, NotVisibleError, type Runs } from '../runs/index.js';

const TERMINAL = new Set(['SUCCESS', 'FAILURE']);
/** How often a waiting poll (wait_ms) re-reads the task's state. */
const WAIT_STEP_MS = 20;

export const linkDigest = (encoded: string) => createHash('sha256').update(encoded).digest('hex');

/**
 * Task posting and polling (DESIGN §8). A task is checked against its definition before it is recorded, so a
 * bad name, queue or argument is a 400 now rather than a FAILURE later, and every run and object it names is
 * checked against the caller (404 at once, no task row, as for a missing object).
 */
export function registerTaskRoutes(app: FastifyInstance, infra: Infra, runs: Runs, registry: TaskRegistry): void {
  const { queue } = infra;
  const tasks = createTaskStore(infra.db);

  route(app, taskCalls.postTask, async ({ body, identity }) => {
    const definition = registry.get(body.task);
    if (!definition) throw badRequest(MSG.taskUnknown(body.task));
    if (definition.queue !== body.queue) throw badRequest(wrongQueueMessage(body.task, body.queue));
    if (!callerMayPost(callerOf(identity), definition.access))
      throw forbidden(TRANSFER_MSG.taskNeedsRole(body.task, definition.access ?? 'any'));
    let input: unknown;
    try {
      input = definition.parse(body.args, body.kwargs);
    } catch (error) {
      if (error instanceof TaskInputError) throw badRequest(error.message);
      throw error;
    }
    try {
      await checkTaskTouches(infra.db, infra.config, callerOf(identity), definition.touches(input, infra.config));
    } catch (error) {
      if (error instanceof NotVisibleError) throw notFound(error.message);
      throw error;
    }
    const refusal = await definition.conflict?.(input, infra);
    if (refusal) throw conflict(refusal);
    return queue.post({
      task: body.task,
      queue: body.queue,
      args: body.args,
      kwargs: body.kwargs,
      requestedBy: identity.kind === 'user' ? identity.username : null,
    });
  });

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

  route(app, taskCalls.getTask, async ({ params, query, identity }) => {
    const row = await tasks.getReaders(params.id);
    if (!row || !(await mayRead(row, identity, query.encoded))) throw notFound(MSG.taskNotFound(params.id));
    let state = await queue.get(params.id);
    // wait_ms: re-read the stored state until the task ends or the time is up (the state lives in the database
    // whatever the queue driver, so this works for tasks running on other workers too).
    const deadline = Date.now() + (query.wait_ms ?? 0);
    while (state && !TERMINAL.has(state.status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_STEP_MS, deadline - Date.now())));
      state = await queue.get(params.id);
    }
    if (!state) throw notFound(MSG.taskNotFound(params.id));
    return state;
  });

  route(app, taskCalls.listTasks, async ({ query }) => queue.list(query.limit));

  route(app, taskCalls.listTaskDefinitions, async ({ query, identity }) =>
    registry
      .list()
      .filter((d) => callerMayPost(callerOf(identity), d.access))
      .map((d) => ({ ...d, target: d.target ?? 'general' }))
      .filter((d) => !query.target || d.target === query.target)
      .map((d) => ({ name: d.name, queue: d.queue, description: d.description, target: d.target, args: d.argSpecs })),
  );

  route(app, taskCalls.listWorkers, async () => queue.workers());
}
