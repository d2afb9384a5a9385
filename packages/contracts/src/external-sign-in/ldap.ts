/** What the sign-in form says when a directory (LDAP / Active Directory, issue 35) takes part in it. */
export const LDAP_SIGN_IN_MSG = {
  unavailable:
    'Institution accounts cannot sign in just now: the directory does not answer, or the portal cannot search it. Try again in a few minutes; if it goes on, tell an admin.',
  localAccountsOff:
    'This portal signs in with institution accounts only: use your institution username and password. Ask an admin if you need this local account.',
  badUsername:
    'Your institution username cannot be a portal username (letters, digits and _ . @ - only, at most 64). Ask an admin to check the sign-in settings (the username attribute).',
} as const;
