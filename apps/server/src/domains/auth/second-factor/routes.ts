import type { FastifyInstance } from 'fastify';
import { secondFactorCalls as c, type Identity } from '@atlas/contracts';
import { route } from '../../../http/route.js';
import type { createAuthService } from '../service.js';

/** The calls of contracts/second-factor/calls.ts. Access (and `sessionOnly`) is enforced by `route` first. */
export function registerSecondFactorRoutes(app: FastifyInstance, auth: ReturnType<typeof createAuthService>): void {
  route(app, c.secondFactorState, ({ identity }) => auth.secondFactorState(usernameOf(identity)));
  route(app, c.startEnrolment, ({ identity }) => auth.startEnrolment(usernameOf(identity)));
  route(app, c.confirmEnrolment, ({ body, identity }) => auth.confirmEnrolment(usernameOf(identity), body.code));
  route(app, c.disableSecondFactor, ({ body, identity }) => auth.disableSecondFactor(usernameOf(identity), body));

  route(app, c.signInWithCode, ({ body }) => auth.signInWithCode(body));
  route(app, c.startSignInEnrolment, ({ body }) => auth.startSignInEnrolment(body.challenge));
  route(app, c.confirmSignInEnrolment, ({ body }) => auth.confirmSignInEnrolment(body.challenge, body.code));

  route(app, c.resetSecondFactor, ({ body, identity }) => auth.resetSecondFactor(usernameOf(identity), body.username));
  route(app, c.secondFactorPolicy, () => auth.secondFactorPolicy());
  route(app, c.setSecondFactorPolicy, ({ body, identity }) =>
    auth.setSecondFactorPolicy(usernameOf(identity), body.require),
  );
}

function usernameOf(identity: Identity): string {
  if (identity.kind !== 'user') throw new Error('a signed-in user was expected: check the access rule of this call');
  return identity.username;
}
