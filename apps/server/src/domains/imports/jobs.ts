import type { Generated, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../infra/db/index.js';

/**
 * The `jobs` table of migration 004 (DESIGN §4 "jobs"). Its row type lives here rather than in
 * infra/db/tables.ts (owned by the catalogue work); `withJobs` widens the database type for these queries only.
 */
interface JobsTable {
  id: Generated<number>;
  task_id: string | null;
  job_name: string;
  description: string;
  run_id: string | null;
  status: 'STARTED' | 'SUCCESS' | 'FAILURE';
  username: string | null;
  error: string | null;
  started_at: Generated<Date>;
  completed_at: Date | null;
}

type JobsDb = Kysely<{ jobs: JobsTable; tasks: { id: string; requested_by: string | null } }>;
const withJobs = (db: Db) => db as unknown as JobsDb;

export interface JobRecord {
  id: number;
  task_id: string | null;
  job_name: string;
  description: string;
  run_id: string | null;
  status: string;
  username: string | null;
  error: string | null;
}

export function createJobStore(db: Db) {
  const jdb = withJobs(db);
  return {
    /** Records a job started by a task; the user is the task's requester. */
    async start(job: { taskId: string; name: string; description: string; runId: string | null }): Promise<number> {
      const requester = await jdb
        .selectFrom('tasks')
        .select('requested_by')
        .where('id', '=', job.taskId)
        .executeTakeFirst();
      const row = await jdb
        .insertInto('jobs')
        .values({
          task_id: job.taskId,
          job_name: job.name,
          description: job.description,
          run_id: job.runId,
          status: 'STARTED',
          username: requester?.requested_by ?? null,
          error: null,
          completed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async finish(id: number, error?: string): Promise<void> {
      await jdb
        .updateTable('jobs')
        .set({
          status: error === undefined ? 'SUCCESS' : 'FAILURE',
          error: error ?? null,
          completed_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },
    async list(filter: { runId?: string; username?: string; jobName?: string } = {}): Promise<JobRecord[]> {
      let query = jdb
        .selectFrom('jobs')
        .select(['id', 'task_id', 'job_name', 'description', 'run_id', 'status', 'username', 'error'])
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc');
      if (filter.runId) query = query.where('run_id', '=', filter.runId);
      if (filter.username) query = query.where('username', '=', filter.username);
      if (filter.jobName) query = query.where('job_name', '=', filter.jobName);
      return query.execute();
    },
  };
}
