/** Outgoing mail: a file outbox (default) or SMTP. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly driver: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
