import type { FastifyInstance } from 'fastify';
import { taskCalls } from '@atlas/contracts';
import { route } from '../../http/route.js';
import type { TaskQueue } from '../../infra/queue/port.js';
import type { TaskService } from './service.js';

/** Task posting and polling (DESIGN §8); the rules are in ./service.ts. */
export function registerTaskRoutes(app: FastifyInstance, queue: TaskQueue, tasks: TaskService): void {
  route(app, taskCalls.postTask, ({ body, identity }) => tasks.post(body, identity));
  route(app, taskCalls.getTask, ({ params, query, identity }) =>
    tasks.read(params.id, identity, { encoded: query.encoded, waitMs: query.wait_ms }),
  );
  route(app, taskCalls.listTasks, ({ query }) => queue.list(query.limit));
  route(app, taskCalls.listTaskDefinitions, async ({ query, identity }) => tasks.definitions(identity, query.target));
  route(app, taskCalls.listWorkers, () => queue.workers());
}
