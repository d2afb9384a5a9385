import fs from 'node:fs';
import path from 'node:path';
import { outboxDir } from './outbox.js';

/** A mail read back from the file outbox (tests and the e2e suite use this to pick up emailed codes). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Every mail in `{dataDir}/outbox/`, oldest first (file names start with a strictly increasing time). */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMessage(path.join(dir, name), fs.readFileSync(path.join(dir, name), 'utf8')));
}

/**
 * The 6-digit code of the newest code-carrying mail to a user, found by the `Username:` line our mails carry
 * or by the recipient address; null when there is none. (Mails without a code, such as a group assignment
 * notice, are skipped.)
 */
export function latestCode(dataDir: string, username: string): string | null {
  const codes = readOutbox(dataDir)
    .filter((mail) => isFor(mail, username))
    .map((mail) => /^Code: (\d{6})$/m.exec(mail.text)?.[1])
    .filter((code): code is string => code !== undefined);
  return codes.at(-1) ?? null;
}

function isFor(mail: OutboxMail, username: string): boolean {
  const wanted = username.toLowerCase();
  const named = /^Username: (.+)$/m.exec(mail.text)?.[1]?.trim().toLowerCase();
  return named === wanted || mail.to.toLowerCase() === wanted;
}

function parseMessage(file: string, raw: string): OutboxMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  // Unfold continuation lines (RFC 5322 §2.2.3) before splitting name and value.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text: body.replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
}

function decodeWords(text: string): string {
  return text.replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/gi, (_, b64: string) =>
    Buffer.from(b64, 'base64').toString('utf8'),
  );
}
