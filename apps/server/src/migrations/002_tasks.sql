create table tasks (
  id uuid primary key,
  name text not null,
  queue text not null,
  args jsonb not null default '[]',
  kwargs jsonb not null default '{}',
  status text not null default 'PENDING' check (status in ('PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE')),
  progress double precision not null default 0,
  position integer,
  result jsonb,
  error text,
  requested_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tasks_created on tasks (created_at desc);
create index tasks_queue_status on tasks (queue, status);
