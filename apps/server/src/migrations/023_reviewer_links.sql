-- Sharing runs outside their group (issue 35).
--
-- Reviewer links: an access code (carried in the link) and a PIN (given apart) open a read-only session on a set of
-- runs until `expires_at`. Only keyed hashes (HMAC under a key derived from the server secret) of the code and PIN
-- are kept: the code's hash is the lookup key, the PIN's is compared in constant time. A session carries the link's
-- `session_key`: rotation (a new code and PIN) draws a new key, which ends every session of the link at once, as a
-- password change ends an account's. Revoked links stay (revoked_at) so lists can say what happened.
create table reviewer_links (
  id uuid primary key default gen_random_uuid(),
  label text not null default '',
  code_hash text not null unique,
  pin_hash text not null,
  session_key uuid not null default gen_random_uuid(),
  allow_downloads boolean not null default false,
  created_by text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz,
  revoked_by text,
  last_used_at timestamptz
);

-- The runs a link opens, by run id (a run deleted later simply no longer opens).
create table reviewer_link_runs (
  link_id uuid not null references reviewer_links (id) on delete cascade,
  run_id text not null,
  primary key (link_id, run_id)
);
create index reviewer_link_runs_run on reviewer_link_runs (run_id);

-- A public run's public link may expire: past `public_until` the run turns private (the sweep in domains/runs) and
-- every link to it stops opening. Null: public until revoked.
alter table results add column public_until timestamptz;
create index results_public_until on results (public_until) where public and public_until is not null;

-- Share notices: a member is mailed when a run is shared with one of their groups, unless they turned this off in
-- User Settings.
alter table users add column share_notices boolean not null default true;
