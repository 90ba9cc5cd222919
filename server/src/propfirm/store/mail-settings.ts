import type { Db } from '../../db/db';

/** Whether the user is e-mailed when a firm rule acts (yes unless they turned it off). */
export async function ruleEmailsOn(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.query<{ rule_emails: boolean }>(
    'SELECT rule_emails FROM prop_mail_settings WHERE user_id = $1',
    [userId],
  );
  return row?.rule_emails ?? true;
}

export async function setRuleEmails(db: Db, userId: number, on: boolean): Promise<void> {
  await db.query(
    `INSERT INTO prop_mail_settings (user_id, rule_emails) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET rule_emails = EXCLUDED.rule_emails`,
    [userId, on],
  );
}
