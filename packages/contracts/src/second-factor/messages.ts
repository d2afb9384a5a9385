import { RECOVERY_CODE_COUNT } from './schemas.js';

/** User-visible texts of the second factor (ours: the spec has only passwords). */
export const SECOND_FACTOR_MSG = {
  wrongCode: 'That code is not right. Check the time on your phone and enter the newest code.',
  replayed: 'That code was used already: wait for the next one (at most 30 seconds).',
  wrongRecoveryCode: 'That recovery code is not right, or it was used already.',
  tooManyCodes:
    'Too many codes were tried for this account: wait 15 minutes, or ask an admin to reset the second factor.',
  challengeExpired: 'This sign-in took too long or is no longer valid: sign in with your password again.',
  noEnrolment: 'Start the set-up first: the QR code and secret are shown then.',
  notEnabled: 'This account has no second factor.',
  alreadyEnabled: 'This account already has a second factor: turn it off first to set up another.',
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once.',
  disabled: 'Two-step sign-in is off.',
  requiredCannotDisable:
    'Your administrator requires a second factor for this account: it cannot be turned off. Ask an admin to reset it if you lost your device.',
  wrongPassword: 'The password is not correct.',
  resetDone: (username: string) =>
    `The second factor of ${username} was reset: they set up a new one at their next sign-in.`,
  resetNothing: (username: string) => `${username} has no second factor to reset.`,
  policySaved: 'The second-factor requirement was saved.',
  recoveryLeft: (left: number) =>
    left === 0
      ? 'That was your last recovery code: set up two-step sign-in again in User Settings to get new ones.'
      : `Recovery code accepted: ${left} of ${RECOVERY_CODE_COUNT} left.`,
  enrolRequired: 'Your administrator requires two-step sign-in: set it up to continue.',
  codeHint: 'Enter the 6-digit code from your authenticator app.',
  recoveryHint: 'Enter one of the recovery codes you saved when you set up two-step sign-in.',
  recoveryShownOnce: `Save these ${RECOVERY_CODE_COUNT} recovery codes now: each signs you in once without your phone, and they are not shown again.`,
  policyLabel: 'Require two-step sign-in for',
  policyNames: { nobody: 'Nobody', admins: 'Admins', everyone: 'Everyone' },
} as const;
