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
});
