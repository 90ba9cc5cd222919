import type { AlertPayload } from '../events';
import { isRedirect, networkRetry, postJson, type SendOutcome } from './send-outcome';

const DISCORD_HOSTS = new Set(['discord.com', 'discordapp.com']);
const WEBHOOK_PATH = /^\/api\/webhooks\/\d+\/[A-Za-z0-9_-]+\/?$/;

/**
 * Whether a pasted URL is a Discord webhook: https on discord.com or discordapp.com, `/api/webhooks/<id>/<token>`.
 * `testHosts` (the operator's DISCORD_WEBHOOK_TEST_HOSTS, `host:port`) lets a local fake in over http; nothing
 * else is ever fetched.
 */
export function isDiscordWebhook(raw: string, testHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (!WEBHOOK_PATH.test(url.pathname)) return false;
  if (url.protocol === 'https:' && DISCORD_HOSTS.has(url.hostname) && url.port === '') return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && testHosts.includes(url.host);
}

export function discordContent(payload: AlertPayload): string {
  return `**${payload.title}**\n${payload.text}\n${payload.url}`;
}

function seconds(value: string | null): number | undefined {
  const parsed = value === null ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

/**
 * Execute Webhook. A 429 carries `retry_after` (seconds, a float) in its body; every answer may carry the bucket's
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset-After`: at 0 remaining the webhook is held until the reset.
 */
export async function sendDiscord(
  webhookUrl: string,
  payload: AlertPayload,
  options: { timeoutMs: number; testHosts: readonly string[] },
): Promise<SendOutcome> {
  // Checked again at send time: a row written before a setting changed never reaches another host.
  if (!isDiscordWebhook(webhookUrl, options.testHosts))
    return { kind: 'refused', reason: 'Not a Discord webhook URL' };
  let response: Response;
  try {
    response = await postJson(
      `${webhookUrl}?wait=true`,
      { content: discordContent(payload), allowed_mentions: { parse: [] } },
      options.timeoutMs,
    );
  } catch (error) {
    return networkRetry(error);
  }
  if (isRedirect(response.status))
    return { kind: 'refused', reason: `Discord answered a redirect (${response.status})` };
  const remaining = seconds(response.headers.get('x-ratelimit-remaining'));
  const resetAfter = seconds(response.headers.get('x-ratelimit-reset-after'));
  const holdMs = remaining === 0 && resetAfter !== undefined ? resetAfter * 1000 : undefined;
  if (response.ok) return { kind: 'sent', holdMs };
  const body = (await response.json().catch(() => ({}))) as { message?: string; retry_after?: number };
  const reason = `Discord ${response.status}: ${body.message ?? 'no message'}`;
  if (response.status === 429) {
    const header = seconds(response.headers.get('retry-after'));
    const after = typeof body.retry_after === 'number' ? body.retry_after : (header ?? resetAfter);
    return { kind: 'retry', reason, afterMs: after === undefined ? undefined : after * 1000 };
  }
  if (response.status >= 500) return { kind: 'retry', reason };
  return { kind: 'refused', reason };
}
