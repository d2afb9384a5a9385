import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createMailer } from './index.js';
import { latestCode, readOutbox } from './outbox-reader.js';

const log = pino({ level: 'silent' });
const FROM = 'Atlas Portal <no-reply@atlas.local>';

describe('outbox mailer (default driver)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-mail-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes one readable .eml file per mail, named time-recipient-random', async () => {
    const mailer = await createMailer(loadConfig({ ATLAS_DATA_DIR: dataDir, ATLAS_JWT_SECRET: 'x'.repeat(32) }), log);
    expect(mailer.driver).toBe('outbox');
    await mailer.send({
      to: 'alice@example.org',
      subject: 'Your code',
      text: 'Hello Alice\nUsername: alice\nCode: 123456\n',
    });
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-alice@example\.org-[0-9a-f]{8}\.eml$/);
    const raw = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(raw).toContain('To: alice@example.org\r\n');
    expect(raw).toContain(`From: ${FROM}\r\n`);
    expect(raw).toContain('\r\n\r\nHello Alice\r\n');
    expect(raw).toContain('Code: 123456');
    await mailer.close();
  });

  it('reads mails back newest last and finds the latest code per user', async () => {
    const mailer = await createMailer(loadConfig({ ATLAS_DATA_DIR: dataDir, ATLAS_JWT_SECRET: 'x'.repeat(32) }), log);
    await mailer.send({ to: 'a@x.org', subject: 'Grüße', text: 'Username: alice\nCode: 111111' });
    await mailer.send({ to: 'b@x.org', subject: 'b', text: 'Username: bob\nCode: 222222' });
    await mailer.send({ to: 'a@x.org', subject: 'again\r\nBcc: evil@x.org', text: 'Username: alice\nCode: 333333' });
    await mailer.send({ to: 'a@x.org', subject: 'no code', text: 'Username: alice\nYou were added to a group.' });
    const mails = readOutbox(dataDir);
    expect(mails.map((m) => m.to)).toEqual(['a@x.org', 'b@x.org', 'a@x.org', 'a@x.org']);
    expect(mails[0]!.subject).toBe('Grüße');
    // A line break in a header value is flattened, never a new header.
    expect(mails[2]!.subject).toBe('again Bcc: evil@x.org');
    expect(mails[2]!.text).toBe('Username: alice\nCode: 333333');
    expect(latestCode(dataDir, 'alice')).toBe('333333');
    expect(latestCode(dataDir, 'BOB')).toBe('222222');
    expect(latestCode(dataDir, 'b@x.org')).toBe('222222');
    expect(latestCode(dataDir, 'carol')).toBeNull();
  });

  it('reads an empty or missing outbox as no mail', () => {
    expect(readOutbox(dataDir)).toEqual([]);
    expect(latestCode(dataDir, 'alice')).toBeNull();
  });
});

describe('SMTP mailer (SMTP_URL)', () => {
  const USER = 'mailer';
  const PASSWORD = 'S3cret-pass';
  let server: SMTPServer;
  let port: number;
  let delivered: { from: string; to: string[]; raw: string }[];

  beforeEach(async () => {
    delivered = [];
    server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: USER });
        return callback(new Error('Authentication credentials invalid'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          delivered.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const smtpConfig = (password: string) =>
    loadConfig({
      ATLAS_DATA_DIR: os.tmpdir(),
      ATLAS_JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: `smtp://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/?ignoreTLS=true&secure=false`,
    });

  it('delivers through an authenticating SMTP server', async () => {
    const mailer = await createMailer(smtpConfig(PASSWORD), log);
    expect(mailer.driver).toBe('smtp');
    await mailer.send({ to: 'alice@example.org', subject: 'Your code', text: 'Username: alice\nCode: 654321' });
    await mailer.close();
    expect(delivered).toHaveLength(1);
    const mail = delivered[0]!;
    expect(mail.from).toBe('no-reply@atlas.local');
    expect(mail.to).toEqual(['alice@example.org']);
    expect(mail.raw).toMatch(/^To: alice@example\.org$/m);
    expect(mail.raw).toMatch(/^Subject: Your code$/m);
    expect(mail.raw).toContain('Code: 654321');
  });

  it('fails with a clear error, without the password, when the login is refused', async () => {
    const mailer = await createMailer(smtpConfig('wrong-password'), log);
    const sending = mailer.send({ to: 'alice@example.org', subject: 'x', text: 'y' });
    await expect(sending).rejects.toThrow(
      /Could not send mail to alice@example\.org via SMTP 127\.0\.0\.1:\d+: Invalid login/,
    );
    await sending.catch((error: Error) => expect(error.message).not.toContain('wrong-password'));
    await mailer.close();
    expect(delivered).toHaveLength(0);
  });
});
