/**
 * The alert services of `bench/alerts.ts` (the fake Telegram, Discord and push service), in a process of their own:
 * on another machine in production, so their work (the push service decrypting each message) does not share the
 * server's thread. Driven over IPC by the bench; each receipt is timed here, on the machine's clock.
 */
import { startFakeDiscord } from '../fakes/discord/server';
import { startFakePush } from '../fakes/push/server';
import { startFakeTelegram } from '../fakes/telegram/server';

export interface ServicesReady {
  type: 'ready';
  telegram: { url: string; token: string };
  discordHost: string;
  pushHost: string;
}

export type ServiceAsk =
  | { op: 'addWebhook'; webhookId: string; token: string }
  | { op: 'subscribe' }
  | { op: 'userWrites'; chatId: number; text: string }
  | { op: 'receipts' }
  | { op: 'close' };

export type ServiceRequest = ServiceAsk & { id: number };

export interface Receipt {
  kind: 'telegram' | 'discord' | 'webpush';
  text: string;
  at: number;
}

async function main(): Promise<void> {
  const telegram = await startFakeTelegram();
  const discord = await startFakeDiscord();
  const push = await startFakePush();
  const read = { telegram: 0, discord: 0, push: 0 };
  const reply = (id: number, result: unknown): void => void process.send?.({ id, result });
  process.on('message', (message: ServiceRequest) => {
    void (async () => {
      switch (message.op) {
        case 'addWebhook':
          return reply(message.id, discord.addWebhook(message.webhookId, message.token));
        case 'subscribe':
          return reply(message.id, push.subscribe());
        case 'userWrites':
          await telegram.userWrites(message.chatId, message.text);
          return reply(message.id, null);
        case 'receipts': {
          const receipts: Receipt[] = [
            ...telegram.sent
              .slice(read.telegram)
              .map((m) => ({ kind: 'telegram' as const, text: m.text, at: m.at })),
            ...discord.messages
              .slice(read.discord)
              .map((m) => ({ kind: 'discord' as const, text: m.content, at: m.at })),
            ...push.deliveries
              .slice(read.push)
              .map((d) => ({ kind: 'webpush' as const, text: d.plaintext, at: d.at })),
          ];
          read.telegram = telegram.sent.length;
          read.discord = discord.messages.length;
          read.push = push.deliveries.length;
          return reply(message.id, receipts);
        }
        case 'close':
          await Promise.all([telegram.close(), discord.close(), push.close()]);
          reply(message.id, null);
          process.exit(0);
      }
    })();
  });
  const ready: ServicesReady = {
    type: 'ready',
    telegram: { url: telegram.url, token: telegram.token },
    discordHost: discord.host,
    pushHost: push.host,
  };
  process.send?.(ready);
}

void main();
