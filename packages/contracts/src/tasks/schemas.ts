import { z } from 'zod';

export const TASK_STATUSES = ['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const QUEUES = ['atxcloud_gene', 'atxcloud_atlasbrowser', 'atxcloud_webfile', 'atxcloud_core'] as const;
export const ZQueueName = z.enum(QUEUES);
export type QueueName = z.infer<typeof ZQueueName>;

export const ZTaskState = z.object({
  _id: z.string(),
  task: z.string(),
  queue: z.string(),
  status: z.enum(TASK_STATUSES),
  progress: z.number(),
  position: z.number().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
  requested_by: z.string().nullable(),
  description: z.string().nullable(),
  run_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTaskState = z.infer<typeof ZTaskState>;

/** An argument spec for the Analytics task runner (spec 03 §8 task_list). */
export const ZTaskArgSpec = z.object({
  name: z.string(),
  value: z.unknown(),
  type: z.string(),
  caption: z.string(),
  description: z.string(),
  /** The value goes into `args`, in spec order; otherwise into `kwargs` under its name. */
  positional: z.boolean().optional(),
});

/**
 * What a task is for: `general` tasks are offered by the Analytics task runner (spec 03 §2.4 "params target is
 * general"); `explorer`, `transfer` and `atlasbrowser` tasks are posted by their own screens.
 */
export const TASK_TARGETS = ['general', 'explorer', 'transfer', 'atlasbrowser'] as const;
export type TaskTarget = (typeof TASK_TARGETS)[number];

/** A task of the registry as the task runner and the transfer forms read it. */
export const ZTaskDefinitionInfo = z.object({
  name: z.string(),
  queue: ZQueueName,
  description: z.string(),
  target: z.enum(TASK_TARGETS),
  args: z.array(ZTaskArgSpec),
});
export type TTaskDefinitionInfo = z.infer<typeof ZTaskDefinitionInfo>;

/** One row of the worker status table: a live worker, a task it runs, its queues and how often it was requested. */
export const ZWorkerRow = z.object({
  worker: z.string(),
  task: z.string(),
  queues: z.array(z.string()),
  requested: z.number(),
  driver: z.enum(['inprocess', 'bullmq']),
  seen_at: z.string(),
});
export type TWorkerRow = z.infer<typeof ZWorkerRow>;
