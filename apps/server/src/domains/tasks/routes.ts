import type { FastifyInstance } from 'fastify';
import { MSG, taskCalls } from '@atlas/contracts';
import { badRequest, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { Infra } from '../../infra/index.js';
import { TaskInputError, wrongQueueMessage } from '../../tasks/registry.js';

/**
 * Task posting and polling (DESIGN §8). A task is checked against its definition before it is recorded, so a
 * bad name, queue or argument is a 400 now rather than a FAILURE later.
 */
export function registerTaskRoutes(app: FastifyInstance, infra: Infra): void {
  const { queue } = infra;

  route(app, taskCalls.postTask, async ({ body, identity }) => {
    const definition = queue.registry.get(body.task);
    if (!definition) throw badRequest(MSG.taskUnknown(body.task));
    if (definition.queue !== body.queue) throw badRequest(wrongQueueMessage(body.task, body.queue));
    try {
      definition.parse(body.args, body.kwargs);
    } catch (error) {
      if (error instanceof TaskInputError) throw badRequest(error.message);
      throw error;
    }
    return queue.post({
      task: body.task,
      queue: body.queue,
      args: body.args,
      kwargs: body.kwargs,
      requestedBy: identity.kind === 'user' ? identity.username : null,
    });
  });

  route(app, taskCalls.getTask, async ({ params }) => {
    const state = await queue.get(params.id);
    if (!state) throw notFound(MSG.taskNotFound(params.id));
    return state;
  });

  route(app, taskCalls.listTasks, async ({ query }) => queue.list(query.limit));
}
