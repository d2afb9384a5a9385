import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Mail, Mailer } from './port.js';

/**
 * The embedded mail driver: each mail becomes an RFC 822 `.eml` file in `{dataDir}/outbox/`, so a lab without an
 * SMTP server can still read confirmation codes (and tests and the e2e suite can pick them up).
 */
export function createOutboxMailer(options: { dataDir: string; from: string; log: Logger }): Mailer {
  const dir = outboxDir(options.dataDir);
  const stamps = monotonicStamps();
  return {
    driver: 'outbox',
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const stamp = stamps();
      const file = path.join(dir, `${fileStamp(stamp)}-${safeName(mail.to)}-${randomBytes(4).toString('hex')}.eml`);
      // Written under a temporary name and renamed, so a reader polling the folder never sees half a mail.
      await fs.writeFile(`${file}.tmp`, composeMessage(options.from, mail, stamp), 'utf8');
      await fs.rename(`${file}.tmp`, file);
      // Without SMTP the operator reads codes from the log (DESIGN §1), so the line carries the code when there is one.
      const code = /^Code: (\d{6})$/m.exec(mail.text)?.[1];
      options.log.info(
        { to: mail.to, subject: mail.subject, file, ...(code ? { code } : {}) },
        'mail written to the outbox',
      );
    },
    async close() {},
  };
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The message as SMTP would carry it: CRLF lines, 8-bit UTF-8 body, so the text (and its code) is readable as is. */
function composeMessage(from: string, mail: Mail, date: Date): string {
  const headers = [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${encodeWord(headerValue(mail.subject))}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${date.getTime()}.${randomBytes(6).toString('hex')}@atlas-portal>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = mail.text.replace(/\r?\n/g, '\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}

/** Header values never carry line breaks (that would let a value inject headers). */
function headerValue(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** RFC 2047 encoded word for non-ASCII subjects; plain ASCII stays readable. */
function encodeWord(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** Strictly increasing times within this process, so file names sort in sending order even within one millisecond. */
function monotonicStamps(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

/** ISO time without colons, which some file systems refuse. */
function fileStamp(date: Date): string {
  return date.toISOString().replace(/:/g, '-');
}

function safeName(recipient: string): string {
  return recipient.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
}
