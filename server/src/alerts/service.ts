import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import type { Mailer } from '../mail/mailer';
import { createDeliver } from './deliver';
import type { OutboxCap } from './outbox-repo';
import { setTelegramWebhook, type TelegramBot } from './senders/telegram';
import type { AlertSettings } from './settings';
import { DeliveryWorker, type Deliver } from './worker';

/** The alerts of one server node: its settings, its sender, and its delivery worker. */
export class AlertService {
  readonly deliver: Deliver;
  readonly cap: OutboxCap;
  private worker: DeliveryWorker | null = null;

  constructor(
    readonly settings: AlertSettings,
    readonly publicUrl: string,
    private readonly db: Db,
    mailer: () => Mailer,
    private readonly log: (error: unknown, context: string) => void,
  ) {
    // The mailer is read at send time: app.ts decorates it after this service exists.
    this.deliver = (target, payload) => createDeliver(settings, mailer())(target, payload);
    this.cap = { perWindow: settings.capPerMinute, windowMs: settings.capWindowMs };
  }

  /** The configured bot, or null when the operator set no TELEGRAM_BOT_TOKEN. */
  get bot(): TelegramBot | null {
    const { telegramBotToken, telegramApiUrl, sendTimeoutMs } = this.settings;
    return telegramBotToken
      ? { apiUrl: telegramApiUrl, token: telegramBotToken, timeoutMs: sendTimeoutMs }
      : null;
  }

  /** Telegram posts the bot's updates to the webhook (set at start); false: they are read with getUpdates. */
  telegramWebhookOn = false;
  /** Settles once the webhook was set or refused (tests wait for it). */
  telegramWebhookSet: Promise<void> = Promise.resolve();

  get webPushReady(): boolean {
    return Boolean(this.settings.vapidPublicKey && this.settings.vapidPrivateKey);
  }

  /** Starts the worker when the server is ready and stops it, its send under way finished, when it closes. */
  attach(app: FastifyInstance): void {
    app.addHook('onReady', async () => {
      // In the background: a slow Bot API never holds the start-up up. Every node sets the same URL.
      this.telegramWebhookSet = this.setWebhook();
      this.worker = new DeliveryWorker({
        db: this.db,
        deliver: this.deliver,
        pollMs: this.settings.pollMs,
        backoffMs: this.settings.backoffMs,
        maxBackoffMs: this.settings.maxBackoffMs,
        maxAttempts: this.settings.maxAttempts,
        // Longer than a send can take, so a live worker's claim never runs out under it.
        leaseMs: this.settings.sendTimeoutMs * 3,
        batch: 50,
        log: this.log,
      });
      this.worker.start();
    });
    app.addHook('onClose', async () => {
      await this.worker?.stop();
      this.worker = null;
    });
  }

  private async setWebhook(): Promise<void> {
    const bot = this.bot;
    const secret = this.settings.telegramWebhookSecret;
    if (!bot || secret === undefined) return;
    try {
      await setTelegramWebhook(bot, `${this.publicUrl}/api/v1/alerts/telegram/webhook`, secret);
      this.telegramWebhookOn = true;
    } catch (error) {
      // Linking still works: the route reads the updates with getUpdates, which a refused webhook leaves on.
      this.log(error, 'telegram setWebhook');
    }
  }

  queued(): void {
    this.worker?.poke();
  }
}
