import { EXTERNAL_SIGN_IN_MSG, LDAP_SIGN_IN_MSG, MSG, ZUsername } from '@atlas/contracts';
import type { Logger } from 'pino';
import type { LdapSettings } from '../../../config.js';
import { badRequest, HttpError, unauthorized } from '../../../http/errors.js';
import { signInExternal, type ExternalAccountPolicy, type ExternalProfile } from '../external/provision.js';
import type { AuthContext } from '../service.js';
import type { SignInClient } from '../sign-in-throttle.js';
import type { UserRecord } from '../store.js';
import { createDirectory, DirectoryUnavailable, type DirectoryPerson } from './directory.js';
import { groupKeys, normalGroupMap } from './groups.js';

/** Written out, not inferred: AuthContext holds one, and this takes the context. */
export interface DirectorySignIn {
  /** Whether non-admin local accounts may still sign in with their portal password (the admin's choice). */
  readonly localAccounts: boolean;
  /** The directory answers for a username no local account has, and for the accounts it made. */
  answersFor(user: UserRecord | undefined): boolean;
  /** A session (or the second-factor step) for the person the directory verifies; 401 as for a wrong password. */
  signIn(ctx: AuthContext, username: string, password: string, client: SignInClient): ReturnType<typeof signInExternal>;
}

/**
 * Sign-in through a directory (LDAP / Active Directory), inside the password form's own route: the directory checks
 * the password (search the person, bind as them), then the shared account rule of auth/external finds or creates
 * their account and maps their groups. Failures count in the sign-in throttles like wrong portal passwords.
 */
export function createDirectorySignIn(settings: LdapSettings, log: Logger): DirectorySignIn {
  const directory = createDirectory(settings);
  const policy: ExternalAccountPolicy = {
    groupMap: normalGroupMap(settings.groupMap),
    newAccounts: settings.newAccounts,
  };

  return {
    localAccounts: settings.localAccounts,

    answersFor: (user: UserRecord | undefined) => !user || user.sign_in_method === 'ldap',

    async signIn(ctx, username, password, client) {
      let person: DirectoryPerson | null;
      try {
        person = await directory.authenticate(username, password);
      } catch (error) {
        if (!(error instanceof DirectoryUnavailable)) throw error;
        log.error({ err: error }, 'LDAP sign-in: the directory cannot be searched');
        throw new HttpError(503, LDAP_SIGN_IN_MSG.unavailable);
      }
      if (!person) {
        await ctx.signIn.countFailure(client);
        throw unauthorized(MSG.invalidLogin);
      }
      await ctx.signIn.succeeded(client);
      return signInExternal(ctx, profileOf(person), policy, { askSecondFactor: true });
    },
  };
}

function profileOf(person: DirectoryPerson): ExternalProfile {
  if (!person.username) throw badRequest(EXTERNAL_SIGN_IN_MSG.noUsername);
  const username = ZUsername.safeParse(person.username);
  if (!username.success) throw badRequest(LDAP_SIGN_IN_MSG.badUsername);
  return {
    provider: 'ldap',
    subject: person.subject,
    username: username.data,
    email: person.email,
    name: person.name,
    groups: [...new Set(person.groups.flatMap(groupKeys))],
  };
}
