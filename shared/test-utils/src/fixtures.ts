import type { FeedMessage } from '@synctrade/api';
import { FEED_MESSAGE_SCHEMAS, type TSchema } from '@synctrade/api/schemas';
import { checkValue } from '@synctrade/api/schemas/check';

/**
 * A fixture that stands in for something the server sends, checked against the server's schema
 * (`@synctrade/api/schemas`): a builder returns `serverShaped(SyncAccountSchema, account)`, so a fixture the
 * server could never send fails the test that builds it.
 */
export function serverShaped<T>(schema: TSchema, value: T, what = 'fixture'): T {
  return checkValue(schema, value, `The ${what}`);
}

/** A realtime feed message as the server sends it (checked); deliberately broken frames are sent raw. */
export function feedMessage<T extends FeedMessage>(message: T): T {
  return checkValue(FEED_MESSAGE_SCHEMAS[message.type], message, `The feed message "${message.type}"`);
}
