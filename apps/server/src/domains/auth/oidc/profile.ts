import { OIDC_MSG, ZUsername } from '@atlas/contracts';
import type { OidcSettings } from '../../../config.js';
import { badRequest } from '../../../http/errors.js';
import type { ExternalProfile } from '../external/provision.js';
import { claimAt, type OidcClaims } from './client.js';

/** The claims the portal reads beyond `sub`: userinfo is asked when the ID token lacks one of them. */
export const wantedClaims = (settings: OidcSettings): string[] => [settings.usernameClaim, settings.groupsClaim];

/**
 * What the provider says about the person, as the shared account rules take it (external/provision.ts): `sub` links
 * the account; the username claim names it at the first sign-in; the groups claim (a list, or one value) is mapped.
 */
export function profileOf(claims: OidcClaims, settings: OidcSettings): ExternalProfile {
  const text = (name: string) => {
    const value = claimAt(claims, name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const username = text(settings.usernameClaim);
  if (username && !ZUsername.safeParse(username).success) throw badRequest(OIDC_MSG.badUsername(username));
  const groups = claimAt(claims, settings.groupsClaim);
  return {
    provider: 'oidc',
    subject: text('sub'),
    username,
    email: text('email'),
    name: text('name') || [text('given_name'), text('family_name')].filter(Boolean).join(' '),
    groups: (Array.isArray(groups) ? groups : [groups]).filter((g): g is string => typeof g === 'string'),
  };
}
