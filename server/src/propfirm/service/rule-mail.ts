import { accountName } from '../../connections/accounts-repo';
import type { Db } from '../../db/db';
import type { Mailer } from '../../mail/mailer';
import { ruleEmailsOn } from '../store/mail-settings';

/** One mail per user in this window: a burst of refusals (an auto-sync retried every few seconds) sends one. */
export const RULE_MAIL_WINDOW_MS = 15 * 60_000;

export interface RuleMailOptions {
  db: Db;
  mailer: Mailer;
  now?: () => number;
  windowMs?: number;
  log?: (error: unknown, context: string) => void;
}

/**
 * E-mails the trader when a firm rule acts on one of their accounts (a copy clipped or refused, a flatten, a
 * stop), through the server's mailer (the one password recovery uses). The first action of a quiet spell sends
 * a mail at once; the next ones within the window are counted in the database and named in the next mail.
 * A user who turned these mails off (Profile) gets none, and nothing is counted for them.
 * Never on the engine's hot path: each user's mails are queued behind one another and never awaited there.
 */
export class RuleMail {
  private readonly queues = new Map<number, Promise<void>>();
  private readonly now: () => number;
  private readonly windowMs: number;
  private readonly log: (error: unknown, context: string) => void;

  constructor(private readonly options: RuleMailOptions) {
    this.now = options.now ?? Date.now;
    this.windowMs = options.windowMs ?? RULE_MAIL_WINDOW_MS;
    this.log = options.log ?? (() => undefined);
  }

  /** A rule acted on an account of the user (fire and forget). */
  ruleActed(userId: number, accountId: number, reason: string): void {
    // The time the rule acted, not the time the queue reaches it.
    const at = this.now();
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => this.handle(userId, accountId, reason, at))
      .catch((error: unknown) => this.log(error, `rule mail ${userId}`));
    this.queues.set(userId, next);
    void next.finally(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    });
  }

  /** Resolves when every mail asked for so far is sent or held (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  private async handle(userId: number, accountId: number, reason: string, at: number): Promise<void> {
    const { db, mailer } = this.options;
    if (!(await ruleEmailsOn(db, userId))) return;
    const sentAt = new Date(at).toISOString();
    const quietSince = new Date(at - this.windowMs).toISOString();
    // One statement decides, so two servers never both mail for one burst.
    const [claimed] = await db.query<{ held_before: number | null }>(
      `WITH prev AS (SELECT held FROM prop_rule_mail WHERE user_id = $1)
       INSERT INTO prop_rule_mail (user_id, sent_at, held) VALUES ($1, $2, 0)
       ON CONFLICT (user_id) DO UPDATE SET sent_at = EXCLUDED.sent_at, held = 0
         WHERE prop_rule_mail.sent_at <= $3
       RETURNING (SELECT held FROM prev) AS held_before`,
      [userId, sentAt, quietSince],
    );
    if (claimed === undefined) {
      await db.query('UPDATE prop_rule_mail SET held = held + 1 WHERE user_id = $1', [userId]);
      return;
    }
    const [who] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    if (who === undefined) return;
    const held = claimed.held_before ?? 0;
    const account = (await accountName(db, userId, accountId)) ?? `account #${accountId}`;
    const minutes = Math.round(this.windowMs / 60_000);
    await mailer.send({
      to: who.email,
      subject: `SyncTrade: a firm rule acted on ${account}`,
      text: [
        `The prop-firm guard acted on ${account} at ${sentAt.replace('T', ' ').slice(0, 19)} UTC:`,
        '',
        reason,
        '',
        ...(held > 0
          ? [`${held} more rule action(s) happened since the last mail without a mail of their own.`, '']
          : []),
        `The orders list and the notifications show every action. You get at most one such mail every ${minutes} minutes.`,
      ].join('\n'),
    });
  }
}
