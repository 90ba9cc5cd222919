import { randomInt } from 'node:crypto';
import type { Db } from '../db/db';
import { insertChannel } from './channels-repo';
import { getTelegramUpdates, type TelegramBot, type TelegramUpdate } from './senders/telegram';

/** A code lives this long: time enough to open the bot and send it. */
export const LINK_CODE_TTL_MS = 15 * 60_000;
// No 0/O or 1/I: a code is read off a screen and typed into a chat.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export async function newLinkCode(db: Db, userId: number): Promise<{ code: string; expiresAt: Date }> {
  const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO alert_link_codes (code, user_id, expires_at)
     VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond') RETURNING expires_at`,
    [code, userId, LINK_CODE_TTL_MS],
  );
  // Old codes of anyone are dropped on the way: a code is never valid past its lifetime.
  await db.query("DELETE FROM alert_link_codes WHERE expires_at < clock_timestamp() - interval '1 day'");
  return { code, expiresAt: new Date(row?.expires_at ?? Date.now()) };
}

/** The update id the next getUpdates starts from, per bot: every update below it was read (Bot API offset). */
const offsets = new Map<string, number>();

/**
 * Reads the bot's new messages and links each chat that sent a live code to the code's owner. Whichever request
 * reads an update handles every code in it, so a code sent for another trader is linked too, not lost.
 */
export async function readBotUpdates(db: Db, bot: TelegramBot): Promise<void> {
  const updates = await getTelegramUpdates(bot, offsets.get(bot.token) ?? 0);
  for (const update of updates) {
    await linkFromUpdate(db, update);
    offsets.set(bot.token, Math.max(offsets.get(bot.token) ?? 0, update.update_id + 1));
  }
}

/**
 * Links the chat of one update (read with getUpdates or posted to the webhook) to the owner of each live code in
 * its text. Telegram may post an update again: a code links one chat once, so a repeat changes nothing.
 */
export async function linkFromUpdate(db: Db, update: TelegramUpdate): Promise<void> {
  const message = update.message;
  const words = message?.text?.toUpperCase().match(/[A-Z0-9]{8}/g) ?? [];
  for (const code of words.slice(0, 20)) {
    await db.tx(async (tx) => {
      const [owner] = await tx.query<{ user_id: number }>(
        `SELECT user_id FROM alert_link_codes WHERE code = $1 AND channel_id IS NULL
         AND expires_at > clock_timestamp() FOR UPDATE`,
        [code],
      );
      if (!owner || !message) return;
      const chat = message.chat;
      const label = chat.username ? `@${chat.username}` : (chat.title ?? chat.first_name ?? 'Telegram chat');
      const channelId = await insertChannel(tx, owner.user_id, label.slice(0, 100), {
        kind: 'telegram',
        chat_id: String(chat.id),
      });
      await tx.query('UPDATE alert_link_codes SET channel_id = $2 WHERE code = $1', [code, channelId]);
    });
  }
}

export type LinkState = { linked: number } | 'pending' | 'expired' | 'unknown';

/** Where the trader's code stands after the updates were read. */
export async function linkStateOf(db: Db, userId: number, code: string): Promise<LinkState> {
  const [row] = await db.query<{ channel_id: number | null; live: boolean }>(
    `SELECT channel_id, expires_at > clock_timestamp() AS live FROM alert_link_codes WHERE code = $1 AND user_id = $2`,
    [code, userId],
  );
  if (!row) return 'unknown';
  if (row.channel_id !== null) return { linked: row.channel_id };
  return row.live ? 'pending' : 'expired';
}
