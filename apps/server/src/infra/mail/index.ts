import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { createOutboxMailer } from './outbox.js';
import type { Mailer } from './port.js';
import { createSmtpMailer } from './smtp.js';

/** SMTP when SMTP_URL is configured, otherwise the file outbox in the data folder. */
export async function createMailer(config: Config, log: Logger): Promise<Mailer> {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  return createOutboxMailer({ dataDir: config.dataDir, from: config.mailFrom, log });
}
