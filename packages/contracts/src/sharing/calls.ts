import { z } from 'zod';
import { defineCall } from '../call.js';
import { ZFilesByRun, ZPresignedUrl, ZPresignRequest, ZRunId } from '../catalogue/schemas.js';
import {
  ZLiveLinks,
  ZNewReviewerLink,
  ZPublicLinkState,
  ZReviewerCode,
  ZReviewerLink,
  ZReviewerPin,
  ZReviewerSecrets,
  ZReviewerSession,
} from './schemas.js';

/**
 * Reviewer links and public link expiry (issue 35). Reviewer link calls live under /api/v1/auth/ with the other
 * credential calls (a change there clears the identity cache of the process, so a rotation or revoke ends the
 * sessions at the next request). Making, rotating and revoking are for admins; signing in with a code and PIN is
 * for anyone; `reviewer/me` answers a reviewer session only.
 */
const ZLinkId = z.object({ id: z.uuid('Not a reviewer link id') });
const ZMsgOnly = z.object({ msg: z.string() });

export const reviewerSignIn = defineCall({
  method: 'POST',
  path: '/api/v1/auth/reviewer/sign_in',
  access: 'anonymous',
  summary: 'A reviewer session for an access code and PIN: read-only access to the link’s runs until it expires.',
  body: z.object({ code: ZReviewerCode, pin: ZReviewerPin }),
  response: ZReviewerSession,
});

export const reviewerMe = defineCall({
  method: 'GET',
  path: '/api/v1/auth/reviewer/me',
  access: 'public',
  summary: 'The reviewer session’s runs and rights (403 for any other session).',
  response: ZReviewerSession.omit({ access_token: true }),
});

export const listReviewerLinks = defineCall({
  method: 'GET',
  path: '/api/v1/auth/reviewer_links',
  access: 'admin',
  summary: 'Reviewer links, newest first, optionally those that open one run (never their code or PIN).',
  query: z.object({ run_id: ZRunId.optional() }),
  response: z.array(ZReviewerLink),
});

export const createReviewerLink = defineCall({
  method: 'POST',
  path: '/api/v1/auth/reviewer_links',
  access: 'admin',
  summary: 'Makes a reviewer link for runs; the answer holds its code and PIN, shown only this once.',
  body: ZNewReviewerLink,
  response: ZReviewerSecrets,
});

export const rotateReviewerLink = defineCall({
  method: 'POST',
  path: '/api/v1/auth/reviewer_links/:id/rotate',
  access: 'admin',
  summary: 'A new code and PIN for a live link; every reviewer session of the link ends at once.',
  params: ZLinkId,
  response: ZReviewerSecrets,
});

export const revokeReviewerLink = defineCall({
  method: 'DELETE',
  path: '/api/v1/auth/reviewer_links/:id',
  access: 'admin',
  summary: 'Revokes a reviewer link; its sessions end at once.',
  params: ZLinkId,
  response: ZMsgOnly,
});

export const getPublicLink = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/public_link',
  access: 'admin',
  summary: 'Whether a run is public and until when.',
  query: z.object({ run_id: ZRunId }),
  response: ZPublicLinkState,
});

export const setPublicLinkExpiry = defineCall({
  method: 'PUT',
  path: '/api/v1/run_db/public_link',
  access: 'admin',
  summary: 'Sets when a public run’s public link expires (null: until revoked); at expiry the run turns private.',
  body: z.object({
    run_id: ZRunId,
    // An ISO 8601 date and time (the page sends toISOString()); anything else is a 400 before any work.
    expires_at: z.iso
      .datetime({ offset: true, error: 'expires_at: a date and time such as 2027-01-31T23:59:59Z' })
      .nullable(),
  }),
  response: ZPublicLinkState,
});

export const revokePublicLink = defineCall({
  method: 'DELETE',
  path: '/api/v1/run_db/public_link',
  access: 'admin',
  summary: 'Revokes a run’s public link: the run turns private and every link to it stops opening.',
  query: z.object({ run_id: ZRunId }),
  response: ZPublicLinkState,
});

export const listLiveLinks = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/live_links',
  access: 'user',
  summary: 'The runs with a live public or reviewer link (the catalogue’s link chip for lab staff and admins).',
  response: ZLiveLinks,
});

export const getShareNotices = defineCall({
  method: 'GET',
  path: '/api/v1/auth/share_notices',
  access: 'any',
  summary: 'Whether the signed-in user is mailed when a run is shared with one of their groups.',
  response: z.object({ enabled: z.boolean() }),
});

export const setShareNotices = defineCall({
  method: 'PUT',
  path: '/api/v1/auth/share_notices',
  access: 'any',
  summary: 'Turns the share notices of the signed-in user on or off.',
  body: z.object({ enabled: z.boolean() }),
  response: z.object({ enabled: z.boolean(), msg: z.string() }),
});

export const reviewerFiles = defineCall({
  method: 'GET',
  path: '/api/v1/run_db/reviewer_files',
  access: 'public',
  summary: 'A reviewer session’s downloadable files, by run (403 when its link allows no downloads).',
  response: ZFilesByRun,
});

export const reviewerDownload = defineCall({
  method: 'POST',
  path: '/api/v1/run_db/reviewer_download',
  access: 'public',
  summary:
    'A download URL of a registered file of the reviewer link’s runs, when the link allows downloads; it closes when the link is rotated, revoked or expires.',
  body: ZPresignRequest,
  response: ZPresignedUrl,
});
