-- The second factor (issue 35). One row per account that has TOTP on or a set-up under way. The secret is kept as an
-- AES-256-GCM box under a key derived from the server secret (never returned after the set-up); `last_step` is the
-- newest accepted 30-second step, so a code cannot be used twice (RFC 6238 §5.2). `pending_box` holds a set-up's
-- secret until its first code confirms it.
create table second_factors (
  user_id integer primary key references users (id) on delete cascade,
  secret_box text,
  enabled_at timestamptz,
  last_step bigint,
  pending_box text,
  pending_at timestamptz
);

-- Single-use recovery codes: only a keyed hash of each, and when it was used.
create table recovery_codes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  unique (user_id, code_hash)
);

-- Portal-wide settings an admin changes at run time (first: whom a second factor is required of), by name.
create table portal_settings (
  name text primary key,
  value jsonb not null,
  updated_by text,
  updated_at timestamptz not null default now()
);
