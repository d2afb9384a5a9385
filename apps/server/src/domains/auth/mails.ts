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
