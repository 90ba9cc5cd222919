import type { FakeControl } from '../../../fakes/tradovate/control';
import { expectedFollowerPosition } from '../../support/expected-position';
import type { CopyRig } from './copy-rig';
import { CROSS_SYMBOL, SYMBOL } from './leader-actions';

/**
 * The properties, read from the FAKE's own records (what Tradovate received and holds), not from the
 * engine's; from the engine's side only what it knew when it handed an order to the adapter. Ids at the
 * fake (orders, fills) come from one increasing counter, so "when" at the venue is an id.
 */

/** The highest id the fake has given out so far: whatever happens later gets a higher one. */
export function venueMark(control: FakeControl): number {
  return Math.max(0, ...control.orders().map((o) => o.id), ...control.fills().map((f) => f.id));
}

/** Per follower (engine account id): spans of the fake's ids during which it did not follow. */
export class FollowWindows {
  private readonly spans = new Map<number, Array<{ from: number; to: number }>>();

  stop(accountId: number, at: number): void {
    this.spans.set(accountId, [
      ...(this.spans.get(accountId) ?? []),
      { from: at, to: Number.MAX_SAFE_INTEGER },
    ]);
  }

  resume(accountId: number, at: number): void {
    const last = this.spans.get(accountId)?.at(-1);
    if (last !== undefined) last.to = at;
  }

  /** Whether the follower did not follow (or was changing) when the fake gave out this id. */
  off(accountId: number, id: number): boolean {
    return (this.spans.get(accountId) ?? []).some(({ from, to }) => id > from && id <= to);
  }
}

const copies = (control: FakeControl): ReturnType<FakeControl['orders']> =>
  control.orders().filter((o) => o.clOrdId?.startsWith('st.'));

export const followerSymbol = (rig: CopyRig, id: number): string =>
  rig.account(id).cross ? CROSS_SYMBOL : SYMBOL;

export const heldAtVenue = (rig: CopyRig, id: number): number =>
  rig.world.fake.control.netPosition(Number(rig.account(id).externalId), followerSymbol(rig, id));

/** Each deterministic client order id reached the venue at most once. */
export function duplicateCopies(control: FakeControl): string[] {
  const seen = new Set<string>();
  const doubled: string[] = [];
  for (const order of copies(control)) {
    const id = order.clOrdId ?? '';
    if (seen.has(id)) doubled.push(id);
    seen.add(id);
  }
  return doubled;
}

/**
 * What went to an account that did not follow: any order at the venue for an account switched off for good,
 * and any order the engine handed to the adapter for a follower its own settings then said was not
 * following (at the venue, or refused there by an injected fault: it was sent all the same).
 */
export function ordersToNonFollowers(rig: CopyRig): string[] {
  const disabled = new Set(
    rig.followerIds.filter((id) => !rig.account(id).enabled).map((id) => Number(rig.account(id).externalId)),
  );
  const atVenue = new Set(rig.world.fake.control.orders().map((o) => o.clOrdId));
  return [
    ...rig.world.fake.control
      .orders()
      .filter((o) => disabled.has(o.accountId))
      .map((o) => `${o.clOrdId ?? o.id} at the venue for disabled account ${o.accountId}`),
    ...rig.directory.calls
      .filter((call) => !call.following)
      .map(
        (call) =>
          `${call.clientOrderId} sent to ${call.accountExternalId}, not following${atVenue.has(call.clientOrderId) ? ', placed at the venue' : ''}`,
      ),
  ];
}

/** Copies larger than the follower's max contracts per order. */
export function oversizedCopies(rig: CopyRig): string[] {
  const byExternal = new Map(rig.followerIds.map((id) => [Number(rig.account(id).externalId), id]));
  return copies(rig.world.fake.control)
    .filter((o) => o.orderQty > rig.account(byExternal.get(o.accountId) ?? 0).risk.maxContractsPerOrder)
    .map((o) => `${o.clOrdId ?? ''}: ${o.orderQty}`);
}

/** Followers holding more than their max net position at the venue. */
export function pastMaxNet(rig: CopyRig): string[] {
  return rig.followerIds
    .filter((id) => Math.abs(heldAtVenue(rig, id)) > rig.account(id).risk.maxNetPosition)
    .map((id) => `${id}: ${heldAtVenue(rig, id)} > ${rig.account(id).risk.maxNetPosition}`);
}

/** Following followers whose venue position differs from leader × ratio (within their limits). */
export function offTarget(rig: CopyRig): Array<{ id: number; held: number; target: number }> {
  const leader = rig.world.fake.control.netPosition(rig.leaderExternalId, SYMBOL);
  return rig.followerIds
    .filter((id) => rig.account(id).enabled && rig.account(id).isFollower)
    .map((id) => ({
      id,
      held: heldAtVenue(rig, id),
      target: expectedFollowerPosition(leader, rig.account(id).ratio, rig.account(id).risk.maxNetPosition),
    }))
    .filter(({ held, target }) => held !== target);
}

/**
 * Mirrors still working at the venue although their leader order is not, on followers that follow (after
 * reconciliation, which cancels them). An account that stopped following is no longer reconciled: a mirror
 * whose cancel failed stays there, as the user's own order.
 */
export function strayMirrors(rig: CopyRig): string[] {
  const { control } = rig.world.fake;
  const working = new Set(
    control
      .orders()
      .filter((o) => o.accountId === rig.leaderExternalId && o.ordStatus === 'Working')
      .map((o) => String(o.id)),
  );
  const following = new Set(
    rig.followerIds
      .filter((id) => rig.account(id).enabled && rig.account(id).isFollower)
      .map((id) => Number(rig.account(id).externalId)),
  );
  const prefix = `st.m${rig.ids.leaderId}-`;
  return copies(control)
    .filter((o) => o.ordStatus === 'Working' && following.has(o.accountId))
    .filter(
      (o) =>
        !o.clOrdId?.startsWith(prefix) || !working.has(o.clOrdId.slice(prefix.length).split('.')[0] ?? ''),
    )
    .map((o) => o.clOrdId ?? '');
}

/**
 * Every leader fill has, for every follower that followed at the time, a copy at the venue or a reason the
 * engine recorded (below one contract, a limit, a rejection, a rate limit, an unknown outcome...). A fill of
 * a working order is accounted for by the order's mirror, which exists only for followers that followed when
 * the leader order was placed. An event whose claim was an engine's last act counts too: the reasons are
 * stored with the claim, and its unsent intents are closed with a reason after the restart.
 */
export async function unaccountedLeaderFills(rig: CopyRig, windows: FollowWindows): Promise<string[]> {
  const { control } = rig.world.fake;
  await rig.store.flush();
  const recorded = new Set(
    (
      await rig.db.query<{ event_key: string; account_id: number }>(
        `SELECT event_key, account_id FROM copy_orders WHERE user_id = $1 AND role = 'copy' AND event_key IS NOT NULL`,
        [rig.ids.userId],
      )
    ).map((row) => `${row.event_key}|${row.account_id}`),
  );
  const sent = copies(control).map((o) => o.clOrdId ?? '');
  const leaderOrders = new Map(
    control
      .orders()
      .filter((o) => o.accountId === rig.leaderExternalId)
      .map((o) => [o.id, o]),
  );
  const missing: string[] = [];
  for (const fill of control.fills()) {
    const order = leaderOrders.get(fill.orderId);
    if (order === undefined) continue;
    const mirrored = order.orderType !== 'Market';
    const event = mirrored ? `m${rig.ids.leaderId}-${order.id}` : `f${rig.ids.leaderId}-${fill.id}`;
    for (const id of rig.followerIds) {
      if (!rig.account(id).enabled || windows.off(id, fill.id) || (mirrored && windows.off(id, order.id)))
        continue;
      const prefix = `st.${event}.${id}`;
      const copied = sent.some((c) => c === prefix || c.startsWith(`${prefix}.`));
      if (!copied && !recorded.has(`${event}|${id}`)) missing.push(`${event} → follower ${id}`);
    }
  }
  return missing;
}

/**
 * Resends after a penalty ticket that Tradovate would not serve: an unknown ticket, a captcha ticket (it can
 * never be cleared by resending), a changed body, or a resend before `p-time` was over.
 */
export function penaltyMistakes(control: FakeControl): string[] {
  return control
    .penaltyResends()
    .filter((r) => !r.known || r.captcha || !r.sameBody || r.waitedMs < r.requiredMs - 5)
    .map((r) => `${r.endpoint}: waited ${r.waitedMs} of ${r.requiredMs} ms, ${JSON.stringify(r)}`);
}
