import type { AlertPayload } from '../events';
import { isRedirect, networkRetry, postJson, type SendOutcome } from './send-outcome';

export interface TelegramBot {
  /** https://api.telegram.org by default; a local fake in tests. */
  apiUrl: string;
  token: string;
  timeoutMs: number;
}

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function telegramText(payload: AlertPayload): string {
  return `${payload.title}\n${payload.text}\n${payload.url}`;
}

function methodUrl(bot: TelegramBot, method: string): string {
  return `${bot.apiUrl.replace(/\/+$/, '')}/bot${bot.token}/${method}`;
}

/** sendMessage; a 429 carries `parameters.retry_after` in seconds (Bot API, "ResponseParameters"). */
export async function sendTelegram(
  bot: TelegramBot,
  chatId: string,
  payload: AlertPayload,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await postJson(
      methodUrl(bot, 'sendMessage'),
      { chat_id: chatId, text: telegramText(payload) },
      bot.timeoutMs,
    );
  } catch (error) {
    return networkRetry(error);
  }
  if (isRedirect(response.status))
    return { kind: 'refused', reason: `Telegram answered a redirect (${response.status})` };
  const answer = (await response.json().catch(() => ({ ok: false }))) as BotAnswer<unknown>;
  if (answer.ok) return { kind: 'sent' };
  const reason = `Telegram ${response.status}: ${answer.description ?? 'no description'}`;
  const retryAfter = answer.parameters?.retry_after;
  if (response.status === 429)
    return { kind: 'retry', reason, afterMs: typeof retryAfter === 'number' ? retryAfter * 1000 : undefined };
  if (response.status >= 500) return { kind: 'retry', reason };
  return { kind: 'refused', reason };
}

export interface TelegramUpdate {
  update_id: number;
  message?: { text?: string; chat: { id: number; title?: string; username?: string; first_name?: string } };
}

/** One Bot API call whose answer the caller needs: its `result`, or an error naming the method and the reason. */
async function callBot<T>(bot: TelegramBot, method: string, body: object): Promise<T> {
  const response = await postJson(methodUrl(bot, method), body, bot.timeoutMs);
  if (isRedirect(response.status)) throw new Error(`Telegram answered a redirect (${response.status})`);
  const answer = (await response.json().catch(() => ({ ok: false }))) as BotAnswer<T>;
  if (!answer.ok || answer.result === undefined)
    throw new Error(`Telegram ${response.status}: ${answer.description ?? `${method} failed`}`);
  return answer.result;
}

/** getUpdates from `offset`: the messages sent to the bot (where a trader sends their one-time code). */
export function getTelegramUpdates(bot: TelegramBot, offset: number): Promise<TelegramUpdate[]> {
  return callBot(bot, 'getUpdates', { offset, timeout: 0, allowed_updates: ['message'] });
}

/** setWebhook: the bot's messages are posted to `url` with `secretToken` in X-Telegram-Bot-Api-Secret-Token. */
export async function setTelegramWebhook(bot: TelegramBot, url: string, secretToken: string): Promise<void> {
  await callBot<boolean>(bot, 'setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] });
}
