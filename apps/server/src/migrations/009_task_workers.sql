-- Live workers of either queue driver (spec 03 §2.4 worker status table). Each process that consumes queues
-- writes its row when it starts, on every heartbeat and when it receives a task; a row not seen for a while
-- belongs to a worker that is gone. The database is shared by every worker (BullMQ needs PostgreSQL), so a
-- worker started on another machine appears here too.
create table task_workers (
  id text primary key,
  driver text not null,
  queues jsonb not null,
  -- Tasks received since the worker started, by task name.
  requested jsonb not null default '{}',
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
