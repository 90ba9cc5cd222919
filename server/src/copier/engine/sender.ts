import { BrokerError, type BrokerOrder, type PlaceOrderCommand } from '../../brokers/types';
import type { EngineContext } from './context';
import { afterTurn, claimReplanned, convergeDecision, replannedIntents, showWaiting } from './converge';
import { guardAtSend } from './rule-gate';
import { outcomeOfOrder } from './status-map';
import {
  addInflightCopy,
  canReceive,
  copyAcknowledged,
  copyOutcomeUnknown,
  leaderOf,
  recordMirror,
  sendEnded,
  sendLost,
  sendStarted,
  settleInflightCopy,
  trackSend,
  type LiveAccount,
  type SessionEntry,
} from './state';
import type { CopyIntent, EngineAccount } from './types';

/**
 * Sends one stored intent through the connection's request budget and records the outcome. A send whose
 * result is uncertain is looked up at the broker by its client order id before any resend, so an order
 * never reaches the broker twice. A market copy that has to wait for the budget is planned again when its turn
 * comes (`converge.ts`). Resolves when the outcome is known, or, for a market copy, once it waits in the queue
 * (it no longer counts as on its way: what goes out for it is decided when it goes).
 */
export function dispatch(ctx: EngineContext, intent: CopyIntent, receivedAt: number): Promise<void> {
  const account = ctx.accounts.get(intent.accountId);
  const entry = account === undefined ? undefined : ctx.sessions.get(account.connectionId);
  if (account === undefined || entry === undefined) {
    closeUnsent(ctx, intent, 'Rejected', 'The broker is not connected');
    return Promise.resolve();
  }
  const live = ctx.live.get(account.id);
  const group = ctx.groups.get(intent.userId);
  // A copy that moves the follower the other way than a copy still on its way is sent after that one settles:
  // the copies were planned in that order, and one held back by a retry (an uncertain send looked up, then sent
  // again) must not be overtaken, or the follower would pass its limits, or its target, in between.
  const overtakes = live !== undefined && movesOtherWay(live, intent);
  const earlier = overtakes ? [...(group?.inflight.get(account.id) ?? [])] : [];
  const converges = intent.type === 'Market';
  let ranNow = false;
  const done = new Promise<void>((resolve) => {
    const go = (waited: boolean): void => {
      ranNow = schedule(ctx, entry, account, intent, receivedAt, waited, resolve);
    };
    if (earlier.length === 0) go(false);
    else void Promise.allSettled(earlier).then(() => go(true));
  });
  // A market copy that waits is not on its way: a leader's fill or a check does not wait for it. Checks wait for
  // sends under way only (`startSend` tracks them), never for the queue.
  return converges && !ranNow ? Promise.resolve() : done;
}

/** A copy still on its way to the follower in the intent's contract moves it the other way. */
function movesOtherWay(live: LiveAccount, intent: CopyIntent): boolean {
  const sign = intent.side === 'buy' ? 1 : -1;
  for (const copy of live.copies.values())
    if (copy.symbol === intent.symbol && Math.sign(copy.signedRemaining) === -sign) return true;
  return false;
}

/**
 * Hands the intent to the budget; true when it went at once. A turn after a wait (in the queue, or behind
 * another copy) plans it again. `settled` is told once its send settled or it was not sent.
 */
function schedule(
  ctx: EngineContext,
  entry: SessionEntry,
  account: EngineAccount,
  intent: CopyIntent,
  receivedAt: number,
  waitedBefore: boolean,
  settled: () => void,
  /** A later part of a re-planned move: true once the part before it ended unsent (it is not sent either). */
  beforeUnsent: () => boolean = () => false,
): boolean {
  const ranNow = entry.budget.schedule({
    exit: intent.exit,
    accountId: account.id,
    symbol: intent.symbol,
    replaceable: intent.type === 'Market' && intent.reason === undefined,
    run: (waited) => {
      if (beforeUnsent()) {
        closeUnsent(ctx, intent, 'Canceled', PART_BEFORE_UNSENT);
        settled();
        afterTurn(ctx, entry, account.id);
        return false;
      }
      const turn = takeTurn(ctx, entry, account, intent, receivedAt, waited || waitedBefore);
      if (turn.sending === null) settled();
      else void turn.sending.then(settled);
      afterTurn(ctx, entry, account.id);
      return turn.spent;
    },
    drop: (reason) => {
      closeUnsent(ctx, intent, 'Canceled', reason);
      settled();
      afterTurn(ctx, entry, account.id);
    },
  });
  if (!ranNow) showWaiting(ctx, entry, account.id);
  return ranNow;
}

/** Its turn: sent as planned, planned again (converge), or not sent at all. */
function takeTurn(
  ctx: EngineContext,
  entry: SessionEntry,
  account: EngineAccount,
  intent: CopyIntent,
  receivedAt: number,
  waited: boolean,
): { spent: boolean; sending: Promise<void> | null } {
  // A follower disabled while its copy waited gets nothing: not planned again (a re-planned order would meet the
  // same refusal at once, and plan its rest again, without end).
  if (!mayGo(ctx, account.id, entry, intent)) {
    closeUnsent(ctx, intent, 'Canceled', FOLLOWER_DISABLED);
    return { spent: false, sending: null };
  }
  const decision = waited ? convergeDecision(ctx, account.id, intent) : { kind: 'as-planned' as const };
  switch (decision.kind) {
    case 'as-planned':
      return { spent: true, sending: startSend(ctx, entry, account, intent, receivedAt) };
    case 'superseded':
      closeUnsent(ctx, intent, 'Canceled', decision.reason);
      return { spent: false, sending: null };
    case 'replanned': {
      closeUnsent(ctx, intent, 'Canceled', decision.reason);
      const intents = replannedIntents(intent, account, decision.parts);
      const [first, ...rest] = intents;
      if (first === undefined) return { spent: false, sending: null };
      // Counted as on its way from this moment: the next turn of this follower plans from it.
      const live = ctx.live.get(account.id);
      if (live !== undefined) addInflightCopy(live, first);
      // The later parts were planned on the first going out: if it ends unsent (refused, rejected), they are not
      // sent either, or each would plan the whole move again, and its own rest, without end.
      const chain = { unsent: false };
      const release = entry.budget.holdTurns();
      const sending = claimReplanned(ctx, intents).then((claimed) => {
        release();
        if (!claimed.has(first.clientOrderId)) {
          settleInflightCopy(ctx.live.get(account.id), first.clientOrderId);
          return;
        }
        // Storing it took a moment, in which other turns of this login may have used the broker's budget: an
        // order the adapter would hold back is not handed to it (it would go out later on this reading), it
        // waits for its turn and is planned again then.
        const goesNow = entry.budget.brokerReady();
        if (!goesNow) {
          settleInflightCopy(ctx.live.get(account.id), first.clientOrderId);
          entry.budget.giveBack();
          schedule(ctx, entry, account, first, receivedAt, true, () => undefined);
        }
        for (const part of rest)
          if (claimed.has(part.clientOrderId))
            schedule(
              ctx,
              entry,
              account,
              part,
              receivedAt,
              true,
              () => undefined,
              () => chain.unsent,
            );
        if (!goesNow) return undefined;
        return startSend(ctx, entry, account, first, receivedAt, true, (placed) => {
          chain.unsent = !placed;
        });
      });
      return { spent: true, sending };
    }
  }
}

function startSend(
  ctx: EngineContext,
  entry: SessionEntry,
  account: EngineAccount,
  intent: CopyIntent,
  receivedAt: number,
  counted = false,
  /** Told whether the order reached the broker (or may have: its answer was lost) once its send ends. */
  ended: (placed: boolean) => void = () => undefined,
): Promise<void> {
  const live = ctx.live.get(account.id);
  // Counted as held until the follower's feed shows its fills (or it ends unfilled): an acknowledged order
  // is not in the broker's position yet on every broker.
  if (live !== undefined && intent.type === 'Market' && !counted) addInflightCopy(live, intent);
  const sending = new Promise<void>(
    (resolve) =>
      void send(ctx, entry, account, intent, receivedAt, (placed) => {
        ended(placed);
        resolve();
      }),
  );
  const group = ctx.groups.get(intent.userId);
  if (group !== undefined) trackSend(group, account.id, sending);
  return sending;
}

async function send(
  ctx: EngineContext,
  entry: SessionEntry,
  account: EngineAccount,
  intent: CopyIntent,
  receivedAt: number,
  resolve: (placed: boolean) => void,
): Promise<void> {
  let rescheduled = false;
  let placed = false;
  try {
    for (let attempt = 0; ; attempt += 1) {
      // The follower as it is now decides, not as it was when the leader's event was planned: this order may
      // have waited for the budget (a 429) or a look-up meanwhile, and the account objects are replaced on reload.
      if (!mayGo(ctx, account.id, entry, intent)) {
        closeUnsent(ctx, intent, 'Canceled', FOLLOWER_DISABLED);
        return;
      }
      const refused = guardAtSend(ctx, intent);
      if (refused !== null) {
        closeUnsent(ctx, intent, 'Rejected', refused);
        return;
      }
      const sentAt = ctx.clock.now();
      const live = ctx.live.get(account.id);
      if (live !== undefined)
        sendStarted(live, intent.clientOrderId, {
          receivedAt,
          sentMs: sentAt - receivedAt,
          leaderOrderId: intent.leaderOrderId,
        });
      const pending = entry.session.placeOrder(commandOf(intent, account));
      if (attempt === 0) ctx.metrics.onSent(intent.eventKey, receivedAt, sentAt);
      try {
        const order = await pending;
        placed = wentOut(order);
        succeeded(ctx, account, intent, order, sentAt - receivedAt, ctx.clock.now() - receivedAt);
        return;
      } catch (error: unknown) {
        const code = error instanceof BrokerError ? error.code : 'uncertain';
        if (code === 'rate_limited') {
          entry.budget.penalize(
            error instanceof BrokerError && error.retryAt !== undefined
              ? error.retryAt
              : ctx.clock.now() + 60_000,
          );
          // Not executed: a market copy is no longer on its way and is planned again at its next turn; a
          // resting order goes back in the queue still pending (its send settles when that turn comes).
          settleInflightCopy(ctx.live.get(account.id), intent.clientOrderId);
          const market = intent.type === 'Market';
          rescheduled = !market;
          schedule(
            ctx,
            entry,
            account,
            intent,
            receivedAt,
            true,
            market ? () => undefined : () => resolve(false),
          );
          return;
        }
        if (code !== 'uncertain') {
          failed(
            ctx,
            account,
            intent,
            error instanceof Error ? error.message : String(error),
            code === 'unauthorized',
          );
          return;
        }
        const found = await lookUp(entry, account, intent);
        if (found !== undefined && found !== null) {
          placed = wentOut(found);
          succeeded(ctx, account, intent, found, sentAt - receivedAt, ctx.clock.now() - receivedAt);
          return;
        }
        // Unknown (the look-up failed too) or out of retries: never guess; reconciliation fixes the position.
        // An order the look-up could not rule out may still land: it stays counted as held until one does.
        if (found === undefined || attempt >= ctx.settings.sendRetries) {
          const seen = found === undefined ? sendLost(live, intent.clientOrderId) : null;
          if (seen !== null) {
            // The follower's feed showed the order while its answer was lost: that is its outcome.
            placed = true;
            succeeded(ctx, account, intent, seen.order, sentAt - receivedAt, seen.at - receivedAt);
            return;
          }
          const reason = 'Outcome unknown: the broker did not answer; the position is reconciled';
          // Counted as held until it shows: what comes after it plans from that.
          placed = found === undefined;
          if (found === undefined) copyOutcomeUnknown(ctx.live.get(account.id), intent.clientOrderId);
          closeUnsent(ctx, intent, 'Rejected', reason, sentAt - receivedAt, found === null);
          ctx.setStatus(account.id, { state: 'out_of_sync', reason });
          return;
        }
      }
    }
  } finally {
    if (!rescheduled) {
      sendEnded(ctx.live.get(account.id), intent.clientOrderId);
      resolve(placed);
    }
  }
}

/** An order the broker took and did not end at once (rejected, canceled) changes what the follower holds. */
function wentOut(order: BrokerOrder): boolean {
  return order.status !== 'Rejected' && order.status !== 'Canceled';
}

const FOLLOWER_DISABLED = 'Not sent: the follower was disabled';
const PART_BEFORE_UNSENT = 'Not sent: the order before it in the same move was not sent';

/**
 * Copies go to a follower that can receive them. A firm rule's close-out (an exit carrying the rule's reason) also
 * goes to the follower the rule has just stopped: stopping it must not leave its positions open.
 */
function mayGo(ctx: EngineContext, accountId: number, entry: SessionEntry, intent: CopyIntent): boolean {
  const account = ctx.accounts.get(accountId);
  if (canReceive(account, ctx.live.get(accountId), entry)) return true;
  return intent.reason !== undefined && intent.exit && account !== undefined && !account.isLeader && entry.up;
}

/** The order as the broker knows it; null: it never arrived; undefined: the look-up failed too. */
async function lookUp(
  entry: SessionEntry,
  account: EngineAccount,
  intent: CopyIntent,
): Promise<BrokerOrder | null | undefined> {
  try {
    return await entry.session.findOrderByClientId(account.externalId, intent.clientOrderId);
  } catch {
    return undefined;
  }
}

function succeeded(
  ctx: EngineContext,
  account: EngineAccount,
  intent: CopyIntent,
  order: BrokerOrder,
  sentMs: number,
  ackMs: number,
): void {
  const live = ctx.live.get(account.id);
  if (live !== undefined) copyAcknowledged(live, ctx.clock.now());
  ctx.store.recordOutcome(outcomeOfOrder(intent.clientOrderId, order, sentMs, ackMs));
  if (intent.leaderOrderId !== null) {
    const leader = leaderOf(ctx.groups.get(intent.userId), account);
    if (leader !== null) recordMirror(leader, intent.clientOrderId, order.orderId);
  }
  if (order.status === 'Canceled') settleInflightCopy(live, intent.clientOrderId);
  if (order.status === 'Rejected')
    failed(ctx, account, intent, order.reason ?? 'Rejected by the broker', false);
  else if (ctx.live.get(account.id)?.status.state === 'rate_limited')
    ctx.setStatus(account.id, { state: 'ok', reason: null });
}

function failed(
  ctx: EngineContext,
  account: EngineAccount,
  intent: CopyIntent,
  reason: string,
  reauth: boolean,
): void {
  closeUnsent(ctx, intent, 'Rejected', reason);
  if (reauth) ctx.setStatus(account.id, { state: 'reauth_required', reason });
  ctx.notifier.notify(
    account.userId,
    {
      kind: 'copy_failed',
      accountName: account.name,
      side: intent.side,
      qty: intent.qty,
      symbol: intent.symbol,
      reason,
    },
    account.id,
  );
}

/** Records why an intent ends without a broker order (or with an outcome nobody knows). */
function closeUnsent(
  ctx: EngineContext,
  intent: CopyIntent,
  status: 'Rejected' | 'Canceled',
  reason: string,
  sentMs: number | null = null,
  settle = true,
): void {
  if (settle) settleInflightCopy(ctx.live.get(intent.accountId), intent.clientOrderId);
  ctx.store.recordOutcome({
    clientOrderId: intent.clientOrderId,
    status,
    brokerOrderId: null,
    reason,
    sentMs,
    ackMs: null,
  });
}

function commandOf(intent: CopyIntent, account: EngineAccount): PlaceOrderCommand {
  const command: PlaceOrderCommand = {
    accountExternalId: account.externalId,
    clientOrderId: intent.clientOrderId,
    symbol: intent.symbol,
    side: intent.side,
    qty: intent.qty,
    type: intent.type,
  };
  // Only the fields the intent has: a price of null is not the same as none.
  if (intent.price !== null) command.price = intent.price;
  if (intent.stopPrice !== null) command.stopPrice = intent.stopPrice;
  if (intent.oco !== undefined) command.oco = intent.oco;
  if (intent.venueType !== undefined) command.venueType = intent.venueType;
  if (intent.trail !== undefined) command.trail = intent.trail;
  return command;
}
