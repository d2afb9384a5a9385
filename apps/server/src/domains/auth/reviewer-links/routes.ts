import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sharingCalls as c, type Identity } from '@atlas/contracts';
import { badRequest } from '../../../http/errors.js';
import { rawRoute, route } from '../../../http/route.js';
import type { ShareNotices } from '../share-notices.js';
import type { ReviewerLinks } from './service.js';

/** The reviewer link and share notice calls of contracts/sharing/calls.ts (the auth domain's part). */
export function registerReviewerLinkRoutes(
  app: FastifyInstance,
  links: ReviewerLinks,
  notices: ShareNotices,
  testClock?: { set(offsetMs: number): void },
): void {
  route(app, c.reviewerSignIn, ({ body, request }) => links.signIn(body.code, body.pin, request.ip));
  route(app, c.reviewerMe, ({ identity }) => links.me(identity));
  route(app, c.listReviewerLinks, ({ query }) => links.list(query.run_id));
  route(app, c.createReviewerLink, ({ body, identity }) => links.create(usernameOf(identity), body));
  route(app, c.rotateReviewerLink, ({ params, identity }) => links.rotate(usernameOf(identity), params.id));
  route(app, c.revokeReviewerLink, ({ params, identity }) => links.revoke(usernameOf(identity), params.id));
  route(app, c.getShareNotices, ({ identity }) => notices.get(usernameOf(identity)));
  route(app, c.setShareNotices, ({ body, identity }) => notices.set(usernameOf(identity), body.enabled));
  if (testClock) registerTestClock(app, testClock);
}

const ZClock = z.object({ offset_ms: z.number().int() });

/**
 * Test servers only (ATLAS_ENV=test): moves the clock of link expiry, so a browser spec sees a link expire without
 * waiting days. Never registered in production or development.
 */
function registerTestClock(app: FastifyInstance, clock: { set(offsetMs: number): void }): void {
  rawRoute(
    app,
    {
      method: 'PUT',
      url: '/api/v1/auth/reviewer_links/test_clock',
      access: 'admin',
      summary: 'Test servers only: moves the clock of link expiry by offset_ms.',
    },
    async (request) => {
      const parsed = ZClock.safeParse(request.body);
      if (!parsed.success) throw badRequest('offset_ms: a whole number of milliseconds');
      clock.set(parsed.data.offset_ms);
      return { msg: `clock moved by ${parsed.data.offset_ms} ms` };
    },
  );
}

function usernameOf(identity: Identity): string {
  if (identity.kind !== 'user') throw new Error('a signed-in user was expected: check the access rule of this call');
  return identity.username;
}
