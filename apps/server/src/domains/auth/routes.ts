import type { FastifyInstance } from 'fastify';
import { authCalls as c, type Identity } from '@atlas/contracts';
import { route } from '../../http/route.js';
import type { TokenService } from '../../http/tokens.js';
import type { Infra } from '../../infra/index.js';
import { createDirectorySignIn } from './ldap/sign-in.js';
import { registerOidcRoutes } from './oidc/routes.js';
import { registerSecondFactorRoutes } from './second-factor/routes.js';
import { createAuthService } from './service.js';
import type { AccountStore } from './store.js';

/** Every call of contracts/auth/calls.ts. Access is enforced by `route` before a handler runs. */
export function registerAuthRoutes(
  app: FastifyInstance,
  infra: Infra,
  deps: { tokens: TokenService; accounts: AccountStore },
): void {
  const auth = createAuthService({
    store: deps.accounts,
    mailer: infra.mailer,
    limits: infra.limits,
    tokens: deps.tokens,
    log: infra.log,
    codeSecret: infra.config.jwtSecret,
    portalUrl: infra.config.publicUrl,
    directory: infra.config.ldap && createDirectorySignIn(infra.config.ldap, infra.log),
  });

  route(app, c.login, async ({ body, request, reply }) => {
    const client = { ip: request.ip, cookies: request.headers.cookie, secure: request.protocol === 'https' };
    const { answer, device } = await auth.login(body.username, body.password, client);
    if (device) reply.header('set-cookie', device.header);
    return answer;
  });
  registerSecondFactorRoutes(app, auth);
  registerOidcRoutes(app, infra, auth);
  route(app, c.whoami, ({ identity, request }) => auth.whoami(identity, request.accountProfile));
  route(app, c.adminContacts, ({ identity }) => auth.adminContacts(identity));
  route(app, c.refreshToken, ({ identity }) => auth.refreshToken(identity));
  route(app, c.logIntoPublic, () => auth.logIntoPublic());
  route(app, c.changePassword, ({ body, identity }) =>
    auth.changePassword(actorOf(identity), body.old_password, body.new_password),
  );

  route(app, c.userAccountRequest, ({ body, request }) => auth.requestAccount(body, request.ip));
  route(app, c.confirmUserViaEmail, ({ query }) => auth.confirmViaEmail(query.username, query.confirmation_code));
  route(app, c.resendConfirmationViaEmail, ({ query }) => auth.resendConfirmation(query.username));
  route(app, c.forgotPasswordRequest, ({ query }) => auth.forgotPasswordRequest(query.username));
  route(app, c.forgotPasswordConfirmation, ({ body }) =>
    auth.forgotPasswordConfirmation(body.username, body.password, body.code),
  );

  route(app, c.registerUser, ({ body, identity }) => auth.registerUser(actorOf(identity), body));
  route(app, c.deleteUser, ({ params, identity }) => auth.deleteUser(actorOf(identity), params.username));
  route(app, c.disableUser, ({ body, identity }) => auth.disableUser(actorOf(identity), body.username));
  route(app, c.enableUser, ({ body, identity }) => auth.enableUser(actorOf(identity), body.username));
  route(app, c.confirmUser, ({ body, identity }) => auth.confirmUser(actorOf(identity), body.username));
  route(app, c.resetPassword, ({ body, identity }) =>
    auth.resetPassword(actorOf(identity), body.username, body.password),
  );
  route(app, c.confirmUserEmailAdmin, ({ body, identity }) =>
    auth.confirmEmailByAdmin(actorOf(identity), body.username),
  );
  route(app, c.listAccounts, () => auth.listAccounts());
  route(app, c.listGroups, () => auth.listGroups());
  route(app, c.createGroup, ({ body, identity }) =>
    auth.createGroup(actorOf(identity), body.group_name, body.description),
  );
  route(app, c.deleteGroup, ({ body, identity }) => auth.deleteGroup(actorOf(identity), body.group_name));
  route(app, c.modifyGroupList, ({ body, identity }) =>
    auth.modifyGroupList(actorOf(identity), body.username, body.groups_adding, body.groups_removing),
  );
  route(app, c.informUserAssignment, ({ body }) => auth.informUserAssignment(body));
  route(app, c.listAudit, ({ query }) => auth.listAudit(query));
}

/** The signed-in user behind a request; routes with access any/user/admin only run for one. */
function actorOf(identity: Identity): string {
  if (identity.kind !== 'user') throw new Error('a signed-in user was expected: check the access rule of this call');
  return identity.username;
}
