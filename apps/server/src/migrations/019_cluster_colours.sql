-- Color Configuration's cluster colours (issue 32): one table per run, kept for the run's group, read by those who may
-- see the run. Owned by domains/annotations; a run's colours go with its catalogue entry.
create table cluster_colours (
  run_id text primary key references tissues (run_id) on delete cascade,
  -- Cluster (or cell type) name → '#rrggbb'.
  colors jsonb not null,
  updated_by text,
  updated_at timestamptz not null default now()
);
