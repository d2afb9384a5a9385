-- Institution sign-in (issue 35): accounts that sign in through an OpenID provider or an LDAP/AD directory.
-- `users.sign_in_method` says how an account signs in: 'local' (its own password), 'oidc' or 'ldap'. An external
-- account keeps an empty password hash, which no password matches. One row per provider identity links it to its
-- account by the provider's stable subject (OIDC `sub`, the directory entry's DN or configured id attribute), so a
-- renamed or re-mailed person keeps the same account.
alter table users add column sign_in_method text not null default 'local' check (sign_in_method in ('local', 'oidc', 'ldap'));

create table external_identities (
  provider text not null check (provider in ('oidc', 'ldap')),
  subject text not null,
  user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz,
  primary key (provider, subject)
);
create index external_identities_user on external_identities (user_id);
