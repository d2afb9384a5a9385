-- Shared annotations (issue 16): named tixel sets of a run, with a colour and a note, seen by those who may see the
-- run and changed by its group. Owned by domains/annotations; a run's annotations go with its catalogue entry.
create table annotations (
  id uuid primary key default gen_random_uuid(),
  run_id text not null references tissues (run_id) on delete cascade,
  name text not null,
  color text not null,
  note text not null default '',
  -- Tixel indices (data.csv row numbers), ascending and unique.
  tixels jsonb not null,
  created_by text,
  created_at timestamptz not null default now(),
  updated_by text,
  updated_at timestamptz not null default now(),
  unique (run_id, name)
);
