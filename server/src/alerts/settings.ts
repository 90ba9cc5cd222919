/** The operator's alert settings (config.ts reads them from the environment; README lists them). */
export interface AlertSettings {
  telegramBotToken?: string;
  /** The bot's user name, shown to the trader with the link code. */
  telegramBotName?: string;
  /** The Bot API's base; a local fake in tests. */
  telegramApiUrl: string;
  /**
   * Set: the bot's updates come to `PUBLIC_URL/api/v1/alerts/telegram/webhook` (setWebhook at start), each carrying
   * this in `X-Telegram-Bot-Api-Secret-Token`. Unset: the server reads them with getUpdates when a trader links.
   */
  telegramWebhookSecret?: string;
  /** `host:port` of local Discord fakes let in besides discord.com (tests only). */
  discordTestHosts: string[];
  /** `host:port` of local push services let in besides the browsers' own (tests only). */
  pushTestHosts: string[];
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject: string;
  /** A slow service is cut off after this. */
  sendTimeoutMs: number;
  /** More alerts than this to one channel in a minute become one summary. */
  capPerMinute: number;
  capWindowMs: number;
  backoffMs: number;
  maxBackoffMs: number;
  maxAttempts: number;
  pollMs: number;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}

function blank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Telegram takes 1-256 of A-Z, a-z, 0-9, _ and - (setWebhook, secret_token); anything else is a start-up error. */
function webhookSecret(value: string | undefined): string | undefined {
  const secret = blank(value);
  if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
    throw new Error('TELEGRAM_WEBHOOK_SECRET: 1 to 256 characters of A-Z, a-z, 0-9, _ and -');
  return secret;
}

export function loadAlertSettings(env: NodeJS.ProcessEnv): AlertSettings {
  return {
    telegramBotToken: blank(env.TELEGRAM_BOT_TOKEN),
    telegramBotName: blank(env.TELEGRAM_BOT_NAME),
    telegramApiUrl: blank(env.TELEGRAM_API_URL) ?? 'https://api.telegram.org',
    telegramWebhookSecret: webhookSecret(env.TELEGRAM_WEBHOOK_SECRET),
    discordTestHosts: (env.DISCORD_WEBHOOK_TEST_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    pushTestHosts: (env.PUSH_TEST_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    vapidPublicKey: blank(env.VAPID_PUBLIC_KEY),
    vapidPrivateKey: blank(env.VAPID_PRIVATE_KEY),
    vapidSubject: blank(env.VAPID_SUBJECT) ?? 'mailto:alerts@synctrade.local',
    sendTimeoutMs: int(env.ALERT_SEND_TIMEOUT_MS, 10_000),
    capPerMinute: int(env.ALERT_CAP_PER_MINUTE, 10),
    capWindowMs: int(env.ALERT_CAP_WINDOW_MS, 60_000),
    backoffMs: int(env.ALERT_BACKOFF_MS, 2_000),
    maxBackoffMs: int(env.ALERT_MAX_BACKOFF_MS, 10 * 60_000),
    maxAttempts: int(env.ALERT_MAX_ATTEMPTS, 8),
    pollMs: int(env.ALERT_POLL_MS, 1_000),
  };
}
