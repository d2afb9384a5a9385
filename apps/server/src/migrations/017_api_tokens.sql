-- Personal API tokens (issue 20): long-lived credentials for lab scripts. Only a SHA-256 of the secret is kept (the
-- secret is 256 random bits, so a plain hash is as strong as the secret); the owner sees the secret once. A token
-- records its owner's session key when made: a password change or reset draws a new key, which ends the token as it
-- ends every session. Revoked tokens stay (revoked_at) so that lists and error messages can say what happened.
create table api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references users (id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  hint text not null,
  session_key uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);
create index api_tokens_user on api_tokens (user_id, created_at desc);
