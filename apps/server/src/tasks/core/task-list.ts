import { z } from 'zod';
import { ZQueueName, type QueueName } from '@atlas/contracts';
import { defineTask, parseInput, type TaskArgSpec } from '../registry.js';

const ZKwargs = z.object({
  // The task runner sends an empty field as ''.
  queue: z.preprocess((v) => (v === '' ? undefined : v), ZQueueName.optional()),
});

export interface TaskListResult {
  queue: QueueName | null;
  tasks: { name: string; queue: QueueName; description: string; args: TaskArgSpec[] }[];
}

/**
 * core.task_list: describes the tasks of one queue (or of all queues) with their argument specs, so the
 * Analytics task runner can build a form for any task without knowing it in advance.
 */
export const taskList = defineTask({
  name: 'core.task_list',
  queue: 'atxcloud_core',
  idempotent: true,
  description: 'Lists the tasks of a queue (or of every queue) with their argument specs.',
  argSpecs: [
    {
      name: 'queue',
      value: '',
      type: 'string',
      caption: 'Queue',
      description: 'Only the tasks of this queue, e.g. atxcloud_gene; empty for every queue.',
    },
  ],
  parse: (_args, kwargs) => parseInput(ZKwargs, kwargs, 'kwargs'),
  touches: () => ({}),
  run: async ({ queue }, { registry }): Promise<TaskListResult> => ({
    queue: queue ?? null,
    tasks: registry
      .list(queue)
      .map((d) => ({ name: d.name, queue: d.queue, description: d.description, args: d.argSpecs })),
  }),
});
