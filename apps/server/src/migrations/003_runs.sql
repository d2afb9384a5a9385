-- The run database (DESIGN §4 "Runs", the original's run_db): tissues (one per run id), results (the catalogue
-- entry of a run), downloadable files and their types, studies, publications with authors, and the lookup lists
-- admins may extend. Account groups (001) give a run its group; a run is visible to everyone when public, to the
-- members of its group otherwise, and to admins always.

-- Lookup lists of the run editor (assay, species, organ, epitope, tissue source, tissue type). Groups are the
-- account groups of 001.
create table lookup_values (
  id serial primary key,
  list text not null check (list in ('assay', 'species', 'organ', 'epitope', 'tissue_source', 'tissue_type')),
  value text not null check (value <> ''),
  unique (list, value)
);

insert into lookup_values (list, value) values
  ('assay', 'ATAC-seq'), ('assay', 'CUT&Tag'), ('assay', 'Transcriptome'), ('assay', 'wt_dbit-seq'),
  ('species', 'homo_sapiens'), ('species', 'mus_musculus'), ('species', 'rattus_norvegicus'),
  ('organ', 'Brain'), ('organ', 'Embryo'), ('organ', 'Heart'), ('organ', 'Kidney'), ('organ', 'Liver'),
  ('organ', 'Lung'), ('organ', 'Spleen'), ('organ', 'Lymph node'), ('organ', 'Tonsil'),
  ('epitope', 'H3K27me3'), ('epitope', 'H3K4me3'), ('epitope', 'H3K27ac'), ('epitope', 'H3K36me3'),
  ('tissue_source', 'Fresh frozen'), ('tissue_source', 'FFPE'),
  ('tissue_type', 'Tissue section'), ('tissue_type', 'Organoid');

-- One row per run id ('D' + at least 5 digits): the sample and how it was processed.
create table tissues (
  tissue_id serial primary key,
  run_id text not null unique check (run_id ~ '^D[0-9]{5,}$'),
  sample_id text not null default '',
  species text not null default '',
  organ text not null default '',
  tissue_type text not null default '',
  tissue_source text not null default '',
  experimental_condition text not null default '',
  regulation text not null default '',
  channel_width integer check (channel_width > 0),
  number_channels integer check (number_channels > 0),
  assay text not null default '',
  epitope text,
  created_on timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table publications (
  publication_id serial primary key,
  pmid text not null unique check (pmid ~ '^[0-9]+$'),
  title text not null default '',
  journal text not null default '',
  link text,
  year integer
);

create table authors (
  author_id serial primary key,
  name text not null unique
);

create table publication_authors (
  publication_id integer not null references publications (publication_id) on delete cascade,
  author_id integer not null references authors (author_id) on delete cascade,
  position integer not null default 0,
  primary key (publication_id, author_id)
);
create index publication_authors_author on publication_authors (author_id);

-- The catalogue entry of a run (one per tissue). `date` is the run's date; `pmid` may name a publication that
-- is not recorded yet, so it is joined rather than referenced.
create table results (
  results_id serial primary key,
  tissue_id integer not null unique references tissues (tissue_id) on delete cascade,
  title text not null default '',
  description text not null default '',
  results_folder_path text not null,
  web_obj_path text,
  ngs_id text,
  group_id integer references groups (id) on delete set null,
  public boolean not null default false,
  pmid text,
  date timestamptz not null default now(),
  web_object_available boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index results_date on results (date desc, results_id desc);
create index results_group on results (group_id);
create index results_public on results (date desc) where public;
create index results_pmid on results (pmid);

create table file_types (
  file_type_id serial primary key,
  file_type_name text not null unique
);

insert into file_types (file_type_name) values
  ('Metadata'), ('Analysis'), ('Documentation'), ('Fragments'), ('Peaks'), ('Gene Matrix'), ('Spatial Folder'),
  ('Image'), ('Other');

-- Downloadable files of a run: only these paths may get a presigned URL through the catalogue.
create table files (
  file_id serial primary key,
  tissue_id integer not null references tissues (tissue_id) on delete cascade,
  file_type_id integer not null references file_types (file_type_id),
  bucket_name text not null,
  file_path text not null,
  file_description text not null default '',
  unique (tissue_id, bucket_name, file_path)
);
create index files_location on files (bucket_name, file_path);

create table study_types (
  study_type_id serial primary key,
  study_type_name text not null unique
);

insert into study_types (study_type_name) values ('Publication'), ('Atlas'), ('Time course'), ('Comparison');

create table studies (
  study_id serial primary key,
  study_name text not null unique,
  study_description text not null default '',
  study_type_id integer references study_types (study_type_id) on delete set null
);

create table study_runs (
  study_id integer not null references studies (study_id) on delete cascade,
  tissue_id integer not null references tissues (tissue_id) on delete cascade,
  primary key (study_id, tissue_id)
);

-- A counter bumped by every change that can alter what the catalogue shows, whoever makes it. API processes
-- cache the serialised catalogue and compare this number on each request (one primary-key read).
create table run_db_state (
  id integer primary key check (id = 1),
  version bigint not null default 0
);
insert into run_db_state (id, version) values (1, 0);

create function run_db_touch() returns trigger language plpgsql as $$
begin
  update run_db_state set version = version + 1 where id = 1;
  return null;
end;
$$;

create trigger tissues_touch after insert or update or delete or truncate on tissues
  for each statement execute function run_db_touch();
create trigger results_touch after insert or update or delete or truncate on results
  for each statement execute function run_db_touch();
create trigger files_touch after insert or update or delete or truncate on files
  for each statement execute function run_db_touch();
create trigger file_types_touch after insert or update or delete or truncate on file_types
  for each statement execute function run_db_touch();
create trigger publications_touch after insert or update or delete or truncate on publications
  for each statement execute function run_db_touch();
create trigger groups_touch after update or delete on groups
  for each statement execute function run_db_touch();
