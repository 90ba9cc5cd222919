/** Wire types of the desk's confirmations, derived from `../schemas`. */
import type { Static } from '@sinclair/typebox';
import type { WorkingOrderSchema } from '../schemas/entities';
import type { LeaderChangePayloadSchema } from '../schemas/payloads';

/**
 * What a leader change does to the followers' positions: `align` brings every follower to the new leader × ratio
 * now; `keep` leaves them as they are (shown out of sync) until the new leader's next trade. The server's default
 * is `keep`, so a call without a choice never closes positions.
 */
export type LeaderChangePayload = Static<typeof LeaderChangePayloadSchema>;
export type LeaderChangeFollowers = LeaderChangePayload['followers'];

/** An order working at the broker on one of the user's accounts (the desk's confirmations list them). */
export type WorkingOrder = Static<typeof WorkingOrderSchema>;
