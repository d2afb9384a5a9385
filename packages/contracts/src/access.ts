/**
 * Who may call a route. Every contract declares one; the server enforces it in a single hook
 * and the authorisation matrix test enumerates them.
 * - anonymous: no token needed
 * - public: a public-session token, a reviewer session or any signed-in user
 * - any: a signed-in user who belongs to at least one group
 * - user: a member of `user` or `admin`
 * - admin: a member of `admin`
 */
export const ACCESS_RULES = ['anonymous', 'public', 'any', 'user', 'admin'] as const;
export type Access = (typeof ACCESS_RULES)[number];

export const GROUP_ADMIN = 'admin';
export const GROUP_USER = 'user';

/**
 * The identity a request carries once its token is checked. A reviewer (issue 35) holds a reviewer link's session:
 * it may call what a public session may (anonymous and public rules), and the runs owner lets it read only its
 * link's runs.
 */
export type Identity =
  | { kind: 'anonymous' }
  | { kind: 'public' }
  | { kind: 'user'; username: string; groups: string[] }
  | { kind: 'reviewer'; linkId: string; sessionKey: string; runIds: readonly string[]; allowDownloads: boolean };

export type Denial = 'unauthenticated' | 'forbidden' | null;

/** Decides whether an identity may use a rule; null means allowed. Shared with the web app's menus. */
export function checkAccess(identity: Identity, rule: Access): Denial {
  if (rule === 'anonymous') return null;
  if (identity.kind === 'anonymous') return 'unauthenticated';
  if (rule === 'public') return null;
  if (identity.kind === 'public' || identity.kind === 'reviewer') return 'forbidden';
  return hasGroupAccess(identity.groups, rule) ? null : 'forbidden';
}

/** Group rule of the spec's menus and drawer: 'any' means at least one group. */
export function hasGroupAccess(groups: readonly string[], rule: Exclude<Access, 'anonymous' | 'public'>): boolean {
  switch (rule) {
    case 'any':
      return groups.length > 0;
    case 'user':
      return groups.includes(GROUP_USER) || groups.includes(GROUP_ADMIN);
    case 'admin':
      return groups.includes(GROUP_ADMIN);
  }
}
