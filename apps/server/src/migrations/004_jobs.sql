-- Job Management records of long-running work (DESIGN §4 `jobs`): one row per job a task performs for a run
-- (webfile.create_files today), kept even when the task rows are pruned. The task row stays the live state.
create table jobs (
  id serial primary key,
  task_id uuid references tasks (id) on delete set null,
  job_name text not null,
  description text not null default '',
  run_id text,
  status text not null default 'STARTED' check (status in ('STARTED', 'SUCCESS', 'FAILURE')),
  username text,
  error text,
  started_at timestamptz not null default now(),
  completed_at timestamptz
);
create index jobs_run on jobs (run_id);
create index jobs_started on jobs (started_at desc);
