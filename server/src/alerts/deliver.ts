import type { Mailer } from '../mail/mailer';
import type { ChannelTarget } from './channel-target';
import type { AlertPayload } from './events';
import type { AlertSettings } from './settings';
import { sendDiscord } from './senders/discord';
import type { SendOutcome } from './senders/send-outcome';
import { sendTelegram } from './senders/telegram';
import { sendWebPush } from './senders/webpush';
import type { Deliver } from './worker';

/** Sends to whichever service a channel is on. */
export function createDeliver(settings: AlertSettings, mailer: Mailer): Deliver {
  return async (target: ChannelTarget, payload: AlertPayload): Promise<SendOutcome> => {
    switch (target.kind) {
      case 'telegram':
        if (!settings.telegramBotToken) return { kind: 'refused', reason: 'No Telegram bot is configured' };
        return sendTelegram(
          {
            apiUrl: settings.telegramApiUrl,
            token: settings.telegramBotToken,
            timeoutMs: settings.sendTimeoutMs,
          },
          target.chat_id,
          payload,
        );
      case 'discord':
        return sendDiscord(target.url, payload, {
          timeoutMs: settings.sendTimeoutMs,
          testHosts: settings.discordTestHosts,
        });
      case 'email':
        await mailer.send({
          to: target.email,
          subject: payload.title,
          text: `${payload.text}\n\n${payload.url}`,
        });
        return { kind: 'sent' };
      case 'webpush': {
        const { vapidPublicKey, vapidPrivateKey, vapidSubject } = settings;
        if (!vapidPublicKey || !vapidPrivateKey)
          return { kind: 'refused', reason: 'Web Push is not configured' };
        return sendWebPush(target, payload, {
          vapid: { subject: vapidSubject, publicKey: vapidPublicKey, privateKey: vapidPrivateKey },
          timeoutMs: settings.sendTimeoutMs,
          testHosts: settings.pushTestHosts,
        });
      }
    }
  };
}
