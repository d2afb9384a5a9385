/**
 * Institution sign-in (issue 35): how an account signs in, and what the portal says about external accounts.
 * OIDC and LDAP share the account rules (apps/server/src/domains/auth/external); each provider has its own routes.
 */
export const SIGN_IN_METHODS = ['local', 'oidc', 'ldap'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
export type ExternalProvider = Exclude<SignInMethod, 'local'>;

/** Shown beside an account in the Admin Panel. */
export const SIGN_IN_METHOD_LABEL: Record<SignInMethod, string> = {
  local: 'Local',
  oidc: 'OIDC',
  ldap: 'LDAP',
};

export const EXTERNAL_SIGN_IN_MSG = {
  usernameTaken:
    'A portal account with this username already exists and signs in another way. Ask an admin to remove or rename it, then sign in again.',
  noUsername:
    'Your institution account did not say which username to use. Ask an admin to check the sign-in settings (the username claim or attribute).',
  localPasswordRefused: 'This account signs in through your institution: use its sign-in button instead.',
} as const;
export * from './oidc.js';
