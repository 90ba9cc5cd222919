/** Texts of the alert channels (issue 47; the product spec has no alert texts, these are the product's own). */
export const ALERT_MESSAGES = {
  webhookRequired: 'Paste the Discord webhook URL',
  webhookInvalid: 'Enter a Discord webhook URL (https://discord.com/api/webhooks/…)',
  codeRequired: 'Enter the code you sent to the bot',
  codeInvalid: 'The code has 8 letters and digits',
  subscriptionInvalid: 'This browser gave an invalid push subscription',
  eventInvalid: 'Unknown alert event',
  enabledInvalid: 'enabled must be true or false',
  channelNotFound: 'Alert channel not found',
  tooManyChannels: 'At most 20 alert channels; disconnect one first',
  telegramOff: 'Telegram alerts are not set up on this server',
  webPushOff: 'Push alerts are not set up on this server',
  codeNotReceived: 'The bot has not received this code yet; send it to the bot, then try again',
  codeExpired: 'This code has expired; get a new one',
  testSent: 'Test message sent',
  disconnected: 'Alert channel disconnected',
  emailExists: 'E-mail alerts are already on',
  webhookForbidden: 'Forbidden',
  lagInvalid: 'Enter a whole number of seconds from 0 to 3600',
  preferencesSaved: 'Alert settings saved',
} as const;

/** Each event's name in the Profile's events table. */
export const ALERT_EVENT_LABELS = {
  copy_failed: 'Copy rejected or failed',
  out_of_sync: 'Follower out of sync or throttled',
  firm_rule: 'Prop-firm rule acted',
  leader_breach: 'Leader breach paused copying',
  connection: 'Connection lost or renewal failed',
  daily_summary: 'End-of-day summary',
} as const;

export const ALERT_CHANNEL_LABELS = {
  telegram: 'Telegram',
  discord: 'Discord',
  webpush: 'Push on this device',
  email: 'E-mail',
} as const;
