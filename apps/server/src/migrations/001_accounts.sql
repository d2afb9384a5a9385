create table users (
  id serial primary key,
  username text not null unique,
  password_hash text not null,
  name text not null default '',
  email text not null default '',
  organization text not null default '',
  pi_name text not null default '',
  status text not null default 'UNCONFIRMED' check (status in ('UNCONFIRMED', 'CONFIRMED')),
  email_verified boolean not null default false,
  disabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table groups (
  id serial primary key,
  name text not null unique,
  description text not null default '',
  created_at timestamptz not null default now()
);

create table user_groups (
  user_id integer not null references users (id) on delete cascade,
  group_id integer not null references groups (id) on delete cascade,
  primary key (user_id, group_id)
);

create table auth_codes (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm_email', 'reset_password')),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index auth_codes_user_purpose on auth_codes (user_id, purpose);

create table audit_log (
  id bigserial primary key,
  actor text,
  action text not null,
  target text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index audit_log_target on audit_log (target, at desc);
