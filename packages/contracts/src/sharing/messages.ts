import { REVIEWER_LINK_MAX_DAYS } from './schemas.js';

/** User-visible texts of reviewer links, public link expiry and share notices (ours: the spec has none). */
export const SHARING_MSG = {
  wrongCodeOrPin: 'The access code or PIN is not right. Check both with whoever shared the link.',
  expired: 'This reviewer link has expired. Ask whoever shared it for a new one.',
  revoked: 'This reviewer link was revoked. Ask whoever shared it for a new one.',
  sessionEnded:
    'This review session has ended (the link was rotated, revoked or has expired). Enter the new code and PIN.',
  tooManyTries: 'Too many wrong codes or PINs from this address: wait 15 minutes and try again.',
  noDownloads: 'This reviewer link does not allow downloads.',
  reviewerOnly: 'Only a reviewer session can call this.',
  linkNotFound: 'No such reviewer link.',
  runsNotFound: (runIds: readonly string[]) => `No catalogue entry for: ${runIds.join(', ')}.`,
  notLive: 'This link is revoked or expired: make a new one.',
  created: 'Reviewer link made. Copy the link and the PIN now: they are shown only once.',
  rotated: 'New code and PIN made: every reviewer session of the link has ended.',
  revokedDone: 'Reviewer link revoked: its sessions have ended.',
  publicNotPublic: (runId: string) => `Run ${runId} is not public: it has no public link to expire or revoke.`,
  publicExpirySaved: 'The public link’s expiry was saved.',
  publicRevokedDone: (runId: string) => `The public link of ${runId} was revoked: the run is private again.`,
  publicTooFar: `A public link expires at most ${REVIEWER_LINK_MAX_DAYS} days ahead.`,
  publicInPast: 'The expiry must be in the future.',
  copyOnce: 'Give the PIN apart from the link (another channel): the link carries only the access code.',
  notifyLabel: 'Mail me when a run is shared with one of my groups',
  notifySaved: (on: boolean) => (on ? 'Share notices are on.' : 'Share notices are off.'),
} as const;
