import { pendingOrder } from '../shared/pending-order';
import type { UncertainSends } from '../shared/uncertain-sends';
import {
  BrokerError,
  type BrokerEvent,
  type BrokerOrder,
  type ModifyOrderCommand,
  type PlaceOrderCommand,
} from '../types';
import { PX_SIDE, PX_TRAILING_STOP, PX_TYPE, TERMINAL } from './codes';
import { list, num } from './json';
import { ProjectXRefusal, type ProjectXRest } from './rest-client';
import type { ProjectXState } from './state';
import type { SyntheticBrackets } from './synthetic-brackets';
import { toContractId, toSymbol } from './symbols';
import { attemptOf, clientOrderIdOf, isTagInUse, MAX_TAG_ATTEMPTS, tagFor } from './tags';

export interface OrderContext {
  rest: ProjectXRest;
  state: ProjectXState;
  historyLookbackMs: number;
  /** Tick size of a contract (brackets are sent in ticks). */
  tickSize(contractId: string): Promise<number>;
  /** Brackets the gateway cannot take natively are kept here; without it they are native or refused. */
  brackets?: SyntheticBrackets;
  /** Accounts that refused native brackets (Position-Brackets mode): their brackets go synthetic at once. */
  nativeBracketsRefused: Set<string>;
  /** Placements whose answer was lost: their look-up waits until the request could no longer land. */
  uncertainSends: UncertainSends;
  /**
   * Runs a REST read and applies what it returns in line with the hub's pushes (after those received, before
   * those still to come), its events emitted as a push's are: what the state counts, the engine hears.
   */
  applyInLine(read: () => Promise<BrokerEvent[]>): Promise<void>;
}

function accountNumber(accountExternalId: string): number {
  const id = Number(accountExternalId);
  if (!Number.isInteger(id))
    throw new BrokerError(`Unknown ProjectX account ${accountExternalId}`, 'not_found');
  return id;
}

/**
 * Places an order exactly once. The tag is the client order id; when the gateway says the tag is in use, the
 * history tells whether that order lives (it is the answer: never a second order) or was rejected (then the
 * same intent's next tag is sent). A lost answer is `uncertain`: the engine looks the order up, never resends blind.
 */
export async function placeOrder(ctx: OrderContext, command: PlaceOrderCommand): Promise<BrokerOrder> {
  const { stopLoss, takeProfit } = command.bracket ?? {};
  const keeper = ctx.brackets;
  // The gateway links only a bracket's own legs: a pair for a position already held is linked by us.
  if (command.oco !== undefined) {
    if (keeper === undefined) throw new BrokerError('Linked orders need the bracket keeper', 'rejected');
    return keeper.placePair(command);
  }
  if ((stopLoss === undefined && takeProfit === undefined) || keeper === undefined)
    return placeTagged(ctx, command, true);
  // Native when the gateway can count the legs' ticks from an entry price and the account takes them.
  if (entryPrice(command) !== undefined && !ctx.nativeBracketsRefused.has(command.accountExternalId)) {
    try {
      return await placeTagged(ctx, command, true);
    } catch (error: unknown) {
      // errorCode 2 on a bracketed order: the account runs Position Brackets; that tag is spent, the
      // same intent goes out under its next tag with brackets kept by us.
      if (!(error instanceof ProjectXRefusal) || error.errorCode !== 2 || isTagInUse(error.message))
        throw error;
      ctx.nativeBracketsRefused.add(command.accountExternalId);
    }
  }
  return keeper.placeEntry(command, () => placeTagged(ctx, command, false));
}

function entryPrice(command: PlaceOrderCommand): number | undefined {
  return command.type === 'Limit' ? command.price : command.type === 'Stop' ? command.stopPrice : undefined;
}

/** A plain order (no native brackets) under the exactly-once tag rules: the synthetic legs go out this way. */
export function placePlain(ctx: OrderContext, command: PlaceOrderCommand): Promise<BrokerOrder> {
  return placeTagged(ctx, command, false);
}

function placeTagged(
  ctx: OrderContext,
  command: PlaceOrderCommand,
  nativeBrackets: boolean,
): Promise<BrokerOrder> {
  return ctx.uncertainSends.send(command.clientOrderId, () => sendTagged(ctx, command, nativeBrackets));
}

async function sendTagged(
  ctx: OrderContext,
  command: PlaceOrderCommand,
  nativeBrackets: boolean,
): Promise<BrokerOrder> {
  const accountId = accountNumber(command.accountExternalId);
  const contractId = toContractId(command.symbol);
  const known = ctx.state.ordersForClientId(command.accountExternalId, command.clientOrderId);
  const live = known.find(({ order }) => order.status !== 'Rejected');
  if (live) return live.order;
  let attempt = Math.max(1, ...known.map(({ tag }) => attemptOf(tag) + 1));
  const trailing = isTrailing(command);
  const body = {
    accountId,
    contractId,
    type: trailing ? PX_TRAILING_STOP : PX_TYPE[command.type],
    side: PX_SIDE[command.side],
    size: command.qty,
    limitPrice: command.type === 'Limit' ? (command.price ?? null) : null,
    stopPrice: command.type === 'Stop' && !trailing ? (command.stopPrice ?? command.price ?? null) : null,
    ...(trailing ? { trailPrice: command.trail } : {}),
    ...(nativeBrackets ? await brackets(ctx, command, contractId) : {}),
  };
  for (; attempt <= MAX_TAG_ATTEMPTS; attempt += 1) {
    const tag = tagFor(command.clientOrderId, attempt);
    try {
      const answer = await ctx.rest.call('Order/place', { ...body, customTag: tag }, { command: true });
      const orderId = String(num(answer, 'orderId') ?? '');
      if (orderId === '') throw new BrokerError('ProjectX placed the order without an id', 'uncertain');
      ctx.state.rememberTag(orderId, tag);
      return sentAs(ctx.state.order(orderId) ?? pendingOrder(orderId, command), command);
    } catch (error: unknown) {
      if (!(error instanceof ProjectXRefusal) || !isTagInUse(error.message)) throw error;
      const holder = await findByTag(ctx, command.accountExternalId, tag);
      // The tag is taken but its order is not visible yet: only a later look-up can tell.
      if (holder === null)
        throw new BrokerError(`ProjectX has tag ${tag} but no order for it yet`, 'uncertain');
      if (holder.status !== 'Rejected') return holder;
    }
  }
  throw new BrokerError(`ProjectX rejected ${MAX_TAG_ATTEMPTS} attempts of this order`, 'rejected');
}

/** A trailing stop goes as ProjectX's own (type 5, `trailPrice` the distance): the Order/place reference lists it. */
function isTrailing(command: PlaceOrderCommand): command is PlaceOrderCommand & { trail: number } {
  return command.type === 'Stop' && command.venueType === 'TrailingStop' && (command.trail ?? 0) > 0;
}

/**
 * What went instead of the order asked for, and why. The Order/place reference lists types 1, 2, 4, 5, 6 and 7:
 * no 3 (StopLimit), so a stop-limit goes as a stop at its stop price and the copy says so.
 */
function sentAs(order: BrokerOrder, command: PlaceOrderCommand): BrokerOrder {
  if (command.venueType !== 'StopLimit') return order;
  return { ...order, sentAs: STOP_LIMIT_SENT_AS };
}

export const STOP_LIMIT_SENT_AS =
  'Sent as a stop at the stop price: ProjectX takes no stop-limit orders, so it fills at market once touched';

async function brackets(
  ctx: OrderContext,
  command: PlaceOrderCommand,
  contractId: string,
): Promise<Record<string, { ticks: number; type: number }>> {
  const { stopLoss, takeProfit } = command.bracket ?? {};
  if (stopLoss === undefined && takeProfit === undefined) return {};
  const entry = entryPrice(command);
  if (entry === undefined)
    throw new BrokerError(
      'ProjectX brackets are set in ticks from the entry: the entry needs a price',
      'rejected',
    );
  const tick = await ctx.tickSize(contractId);
  // Ticks are signed from the entry: a long's stop below (negative), its target above (positive).
  const ticks = (price: number): number => Math.round((price - entry) / tick);
  const out: Record<string, { ticks: number; type: number }> = {};
  if (stopLoss !== undefined) out.stopLossBracket = { ticks: ticks(stopLoss), type: PX_TYPE.Stop };
  if (takeProfit !== undefined) out.takeProfitBracket = { ticks: ticks(takeProfit), type: PX_TYPE.Limit };
  return out;
}

/**
 * Reads the account's order history (the only search that returns tags) into the state. The history may be
 * the first to show an order filled (its place answer lost, its pushes dropped or queued behind a check):
 * the state then counts the fill from the order's `fillVolume` and absorbs its trade, so the fill must be
 * emitted from here, or no source ever reports it.
 */
function loadHistory(ctx: OrderContext, accountExternalId: string): Promise<void> {
  return ctx.applyInLine(async () => {
    const answer = await ctx.rest.call('Order/search', {
      accountId: accountNumber(accountExternalId),
      startTimestamp: new Date(Date.now() - ctx.historyLookbackMs).toISOString(),
    });
    return list(answer, 'orders').flatMap((row) => ctx.state.applyOrder(row, true));
  });
}

async function findByTag(
  ctx: OrderContext,
  accountExternalId: string,
  tag: string,
): Promise<BrokerOrder | null> {
  const clientOrderId = clientOrderIdOf(tag) ?? tag;
  const local = ctx.state
    .ordersForClientId(accountExternalId, clientOrderId)
    .find((entry) => entry.tag === tag);
  if (local) return local.order;
  await loadHistory(ctx, accountExternalId);
  return (
    ctx.state.ordersForClientId(accountExternalId, clientOrderId).find((entry) => entry.tag === tag)?.order ??
    null
  );
}

/**
 * The order an intent produced: from the hub's order events when they arrived, else from the history
 * (`Order/search`; `Order/searchOpen` carries no tags). A live order wins over rejected attempts. After a
 * lost answer, not found yet is no proof: the gateway may handle the request after we gave up on it, so the
 * look-up watches the hub until it could no longer land before it answers "none".
 */
export function findOrderByClientId(
  ctx: OrderContext,
  accountExternalId: string,
  clientOrderId: string,
): Promise<BrokerOrder | null> {
  const pick = (): BrokerOrder | null => {
    const found = ctx.state.ordersForClientId(accountExternalId, clientOrderId);
    return (found.find(({ order }) => order.status !== 'Rejected') ?? found[found.length - 1])?.order ?? null;
  };
  const lookUp = async (): Promise<BrokerOrder | null> => {
    const local = pick();
    if (local && local.status !== 'Rejected') return local;
    await loadHistory(ctx, accountExternalId);
    return pick();
  };
  // Only a live order ends the wait: a rejected attempt may be followed by a later one still on its way.
  const live = (order: BrokerOrder | null): boolean => order !== null && order.status !== 'Rejected';
  return ctx.uncertainSends.find(clientOrderId, lookUp, () => live(pick()), live);
}

export async function modifyOrder(ctx: OrderContext, command: ModifyOrderCommand): Promise<void> {
  await ctx.rest.call(
    'Order/modify',
    {
      accountId: accountNumber(command.accountExternalId),
      orderId: Number(command.orderId),
      size: command.qty,
      limitPrice: command.type === 'Limit' ? (command.price ?? null) : null,
      // A trailing stop takes a new trail (Order/modify `trailPrice`), never a fixed stop price.
      ...(command.trail !== undefined && command.trail > 0
        ? { stopPrice: null, trailPrice: command.trail }
        : { stopPrice: command.type === 'Stop' ? (command.stopPrice ?? command.price ?? null) : null }),
    },
    { command: true },
  );
}

/** Cancels; an order already finished (filled, cancelled, rejected) needs nothing. */
export async function cancelOrder(
  ctx: OrderContext,
  accountExternalId: string,
  orderId: string,
): Promise<void> {
  try {
    await ctx.rest.call(
      'Order/cancel',
      { accountId: accountNumber(accountExternalId), orderId: Number(orderId) },
      { command: true },
    );
  } catch (error: unknown) {
    const status = ctx.state.order(orderId)?.status;
    if (error instanceof ProjectXRefusal && status !== undefined && TERMINAL.has(status)) return;
    throw error;
  }
}

/** Cancels working orders, then market-closes positions (`Position/closeContract`), for one symbol or all. */
export async function flatten(ctx: OrderContext, accountExternalId: string, symbol?: string): Promise<void> {
  const accountId = accountNumber(accountExternalId);
  const wanted = (contractId: string): boolean =>
    symbol === undefined || toSymbol(contractId) === symbol.toUpperCase();
  const open = await ctx.rest.call('Order/searchOpen', { accountId });
  for (const order of list(open, 'orders')) {
    const contractId = typeof order.contractId === 'string' ? order.contractId : '';
    const id = num(order, 'id');
    if (id !== undefined && wanted(contractId)) await cancelOrder(ctx, accountExternalId, String(id));
  }
  const positions = await ctx.rest.call('Position/searchOpen', { accountId });
  for (const position of list(positions, 'positions')) {
    const contractId = typeof position.contractId === 'string' ? position.contractId : '';
    if (!wanted(contractId) || (num(position, 'size') ?? 0) === 0) continue;
    try {
      await ctx.rest.call('Position/closeContract', { accountId, contractId }, { command: true });
    } catch (error: unknown) {
      // PositionNotFound: it closed meanwhile.
      if (!(error instanceof ProjectXRefusal && error.errorCode === 2)) throw error;
    }
  }
}
