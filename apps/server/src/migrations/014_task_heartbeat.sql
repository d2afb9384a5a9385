-- A running task's worker touches heartbeat_at every few seconds (issue "Hardening"): a task whose worker died
-- (killed, out of memory, machine lost) stops beating, and any process marks it FAILURE instead of leaving it
-- PROGRESS for ever.
alter table tasks add column heartbeat_at timestamptz;
create index tasks_running_heartbeat on tasks (heartbeat_at) where status in ('STARTED', 'PROGRESS');
