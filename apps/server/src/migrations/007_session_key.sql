-- A per-account session key carried by every token (issue "Hardening"): a password change or reset draws a new key,
-- which ends every older access and refresh token at once, in every process.
alter table users add column session_key uuid not null default gen_random_uuid();
