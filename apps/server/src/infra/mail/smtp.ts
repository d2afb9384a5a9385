import type { Logger } from 'pino';
import type { Mailer } from './port.js';

/** The scale-out mail driver: SMTP via nodemailer, loaded only when SMTP_URL is set. */
export async function createSmtpMailer(options: { smtpUrl: string; from: string; log: Logger }): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(options.smtpUrl);
  const server = describeServer(options.smtpUrl);
  return {
    driver: 'smtp',
    async send(mail) {
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        throw new MailDeliveryError(
          `Could not send mail to ${mail.to} via SMTP ${server}: ${(error as Error).message}`,
          error,
        );
      }
      options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent via SMTP');
    },
    async close() {
      transport.close();
    },
  };
}

class MailDeliveryError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/** host:port of the URL without its credentials, fit for error messages and logs. */
function describeServer(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
}
