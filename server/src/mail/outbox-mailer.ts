import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage, Mailer } from './mailer';

export interface OutboxMail extends MailMessage {
  created_at: string;
  /** The links found in the text (the reset link), for development and browser tests. */
  links: string[];
}

/**
 * Without SMTP the mail lands in a folder, one JSON file per mail, plus a log line: the reset flow works
 * offline and a developer (or the browser tests, through /api/v1/dev/outbox/latest) can read it.
 */
export function createOutboxMailer(dir: string, log: (line: string) => void): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const createdAt = new Date();
      const mail: OutboxMail = {
        ...message,
        created_at: createdAt.toISOString(),
        links: message.text.match(/https?:\/\/\S+/g) ?? [],
      };
      // The time prefix keeps the files in sending order; the random part avoids collisions.
      const name = `${createdAt.getTime().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}.json`;
      await writeFile(path.join(dir, name), JSON.stringify(mail, null, 2), 'utf8');
      log(`mail to ${message.to} ("${message.subject}") written to the outbox: ${path.join(dir, name)}`);
    },
  };
}

/** The newest mail in the outbox addressed to `to` (case-insensitive), or null. */
export async function latestOutboxMail(dir: string, to: string): Promise<OutboxMail | null> {
  let files: string[];
  try {
    files = (await readdir(dir))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
  } catch {
    return null;
  }
  const wanted = to.trim().toLowerCase();
  for (const file of files) {
    const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
    if (mail.to.toLowerCase() === wanted) return mail;
  }
  return null;
}
