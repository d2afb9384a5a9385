-- Lab metadata (DESIGN §4 "Lab metadata", spec 02 §3): wafers, chips, DBiT runs and QC records. Each table has a
-- generated `_id`, its key column (unique, never empty) and every other field in a JSONB `doc`, so free-form fields
-- a lab adds are kept. Chips store the chip-to-wafer link as doc.wafer_id (input `waferid` is folded into it);
-- DBiT runs link to chips through doc.chip_a_id / doc.chip_b_id. The expression indexes serve the wafer trace.

create table wafers (
  _id uuid primary key default gen_random_uuid(),
  wafer_id text not null unique check (wafer_id <> ''),
  doc jsonb not null default '{}' check (jsonb_typeof(doc) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table chips (
  _id uuid primary key default gen_random_uuid(),
  chip_id text not null unique check (chip_id <> ''),
  doc jsonb not null default '{}' check (jsonb_typeof(doc) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chips_wafer on chips ((doc ->> 'wafer_id'));

create table dbits (
  _id uuid primary key default gen_random_uuid(),
  run_id text not null unique check (run_id <> ''),
  doc jsonb not null default '{}' check (jsonb_typeof(doc) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index dbits_chip_a on dbits ((doc ->> 'chip_a_id'));
create index dbits_chip_b on dbits ((doc ->> 'chip_b_id'));

-- QC records: id = the QC directory name (usually the run id); doc holds files {root, images} and the metadata.
create table qc (
  _id uuid primary key default gen_random_uuid(),
  id text not null unique check (id <> ''),
  doc jsonb not null default '{}' check (jsonb_typeof(doc) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
