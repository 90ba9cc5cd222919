/** Where a channel sends, as stored on its row (never in an API answer nor in the outbox). */
export type ChannelTarget =
  | { kind: 'telegram'; chat_id: string }
  | { kind: 'discord'; url: string }
  | { kind: 'webpush'; endpoint: string; keys: { p256dh: string; auth: string } }
  | { kind: 'email'; email: string };

export type ChannelKind = ChannelTarget['kind'];
