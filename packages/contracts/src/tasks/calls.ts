import { z } from 'zod';
import { defineCall } from '../call.js';
import { TASK_INPUT_MAX_BYTES, TASK_POLL_INTERVAL_MS } from '../constants.js';
import { MSG } from '../messages.js';
import { TASK_TARGETS, ZQueueName, ZTaskDefinitionInfo, ZTaskState, ZWorkerRow } from './schemas.js';

export const postTask = defineCall({
  method: 'POST',
  path: '/api/v1/task',
  access: 'any',
  summary: 'Post a named task on a named queue; returns its id and state.',
  body: z
    .object({
      task: z.string().min(1).max(100),
      queue: ZQueueName,
      args: z.array(z.unknown()).default([]),
      kwargs: z.record(z.string(), z.unknown()).default({}),
    })
    .refine(
      (body) => new TextEncoder().encode(JSON.stringify([body.args, body.kwargs])).length <= TASK_INPUT_MAX_BYTES,
      MSG.taskInputTooLarge(TASK_INPUT_MAX_BYTES / 1024 / 1024),
    ),
  response: ZTaskState,
});

export const getTask = defineCall({
  method: 'GET',
  path: '/api/v1/task/:id',
  access: 'public',
  summary:
    'A task state: status, progress, position and result. Readable by its requester and admins; a task posted through a public link by the holder of that link (`encoded`).',
  params: z.object({ id: z.string().uuid('Task id must be a UUID') }),
  query: z.object({
    encoded: z.string().min(1).max(8192).optional(),
    /**
     * Answer as soon as the task ends, waiting at most this long (ms): the poll a client sends right after posting,
     * so a task that takes a fraction of the 1000 ms poll interval (a lasso's ranking) is seen when it ends.
     */
    wait_ms: z.coerce.number().int().min(0).max(TASK_POLL_INTERVAL_MS).optional(),
  }),
  response: ZTaskState,
});

export const listTasks = defineCall({
  method: 'GET',
  path: '/api/v1/task',
  access: 'admin',
  summary: 'Recent tasks, newest first (Job Management).',
  query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
  response: z.array(ZTaskState),
});

export const listTaskDefinitions = defineCall({
  method: 'GET',
  path: '/api/v1/task_definitions',
  access: 'any',
  summary: 'The tasks the caller may post, with their argument specs (the task runner and the transfer forms).',
  query: z.object({ target: z.enum(TASK_TARGETS).optional() }),
  response: z.array(ZTaskDefinitionInfo),
});

export const listWorkers = defineCall({
  method: 'GET',
  path: '/api/v1/workers',
  access: 'user',
  summary: 'Live workers of either queue driver, one row per worker and task, sorted by worker (at most 1000).',
  response: z.array(ZWorkerRow),
});
