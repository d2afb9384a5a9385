import { AUTH_CODE_TTL_MS } from '@atlas/contracts';
import type { Mail } from '../../infra/mail/port.js';

/**
 * The texts of the account mails. Each names the username on its own line and puts a code on its own
 * `Code: 123456` line, so people can find it and the outbox reader can pick it up reliably.
 */
interface Recipient {
  username: string;
  name: string;
  email: string;
}

const HOURS = AUTH_CODE_TTL_MS / 3_600_000;

function greeting(user: Recipient): string {
  return `Hello ${user.name || user.username},`;
}

export function confirmEmailMail(user: Recipient, code: string): Mail {
  return {
    to: user.email,
    subject: 'Atlas Portal: confirm your email address',
    text: [
      greeting(user),
      '',
      'Enter this code in Atlas Portal to confirm the email address of your account request:',
      '',
      `Code: ${code}`,
      `Username: ${user.username}`,
      '',
      `The code expires in ${HOURS} hours. After you confirm your email, an administrator authorises your account.`,
    ].join('\n'),
  };
}

export function resetPasswordMail(user: Recipient, code: string): Mail {
  return {
    to: user.email,
    subject: 'Atlas Portal: reset your password',
    text: [
      greeting(user),
      '',
      'Enter this code in Atlas Portal to choose a new password:',
      '',
      `Code: ${code}`,
      `Username: ${user.username}`,
      '',
      `The code expires in ${HOURS} hours. If you did not ask to reset your password, ignore this mail.`,
    ].join('\n'),
  };
}

export function groupAssignmentMail(user: Recipient, group: string): Mail {
  return {
    to: user.email,
    subject: `Atlas Portal: you were added to the group ${group}`,
    text: [
      greeting(user),
      '',
      `An administrator added you to the group '${group}' in Atlas Portal. Sign in to see its data.`,
      '',
      `Username: ${user.username}`,
    ].join('\n'),
  };
}

/** To each admin when someone requests an account: who asked, and what to do once their email is verified. */
export function accountRequestMail(
  admin: Recipient,
  request: Recipient & { organization: string; pi_name: string },
  portalUrl: string | undefined,
): Mail {
  const panel = portalUrl
    ? `${portalUrl.replace(/\/$/, '')}/?component=AdminPanel&tab=users`
    : 'Admin Panel › User Management';
  return {
    to: admin.email,
    subject: `Atlas Portal: account request from ${request.username}`,
    text: [
      greeting(admin),
      '',
      'Someone requested an Atlas Portal account:',
      '',
      `Username: ${request.username}`,
      `Name: ${request.name}`,
      `Email: ${request.email}`,
      `Organization: ${request.organization}`,
      `PI: ${request.pi_name}`,
      '',
      `Once they have verified their email address the user shows as 'awaiting approval' in ${panel}.`,
      'Confirm the user there and add them to their lab’s group, or delete the request.',
    ].join('\n'),
  };
}
