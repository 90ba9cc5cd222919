/** One outgoing e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail by SMTP when configured, else into the local outbox (see outbox-mailer.ts). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
