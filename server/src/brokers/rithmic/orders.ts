import { pendingOrder } from '../shared/pending-order';
import { leavingNow, type UncertainSends } from '../shared/uncertain-sends';
import {
  type BrokerEvent,
  BrokerError,
  type BrokerOrder,
  type ModifyOrderCommand,
  type OcoSibling,
  type PlaceOrderCommand,
} from '../types';
import { type Answer, AnswerLost, dataOf, NotSent, RithmicRefusal, strings, text } from './answers';
import { AUTO, BRACKET, DURATION_DAY, PRICE_TYPE, priceTypeOf, TRANSACTION } from './codes';
import type { RithmicTimings } from './config';
import type { OrderState } from './order-state';
import type { OrderPlant } from './plants';
import type { RequestBudget } from './request-budget';
import { instrumentOf } from './symbols';

export interface OrderContext {
  state: OrderState;
  budget: RequestBudget;
  uncertainSends: UncertainSends;
  timings: RithmicTimings;
  /** The order plant once it is up (after a reconnect: once resubscribed and reconciled), or a failure. */
  ready(): Promise<OrderPlant>;
  emit(events: BrokerEvent[]): void;
}

/** Sends a command request; the failure says whether it may have reached Rithmic. */
async function command(
  ctx: OrderContext,
  templateId: number,
  fields: Record<string, unknown>,
): Promise<Answer> {
  const plant = await ctx.ready();
  const wait = ctx.budget.nextAt();
  if (wait > Date.now())
    throw new BrokerError('Rithmic request budget spent for this login', 'rate_limited', wait);
  ctx.budget.take();
  // A lost answer tells when the request left (`UncertainSends`).
  return leavingNow(async () => {
    try {
      return await plant.socket.request(templateId, {
        fcm_id: plant.fcmId,
        ib_id: plant.ibId,
        ...fields,
        // AUTO on every order (328 says it once per leg).
        manual_or_auto: Array.isArray(fields.manual_or_auto) ? fields.manual_or_auto : AUTO,
      });
    } catch (error: unknown) {
      throw commandError(ctx, error);
    }
  });
}

function commandError(ctx: OrderContext, error: unknown): BrokerError {
  if (error instanceof BrokerError) return error;
  if (error instanceof AnswerLost)
    return new BrokerError(
      `Rithmic did not answer (${error.why}): look the order up before sending again`,
      'uncertain',
    );
  if (error instanceof NotSent) return new BrokerError(error.message, 'unavailable');
  if (error instanceof RithmicRefusal) {
    if (error.isRateLimit) {
      ctx.budget.refused();
      return new BrokerError(
        'Rithmic is limiting requests for this login',
        'rate_limited',
        ctx.budget.nextAt(),
      );
    }
    return new BrokerError(`Rithmic refused: ${error.text || error.code}`, 'rejected');
  }
  return new BrokerError(`Rithmic: ${error instanceof Error ? error.message : String(error)}`, 'unavailable');
}

/**
 * New order (312), or a bracket (330) when the command has one: our client order id in `user_tag`, AUTO. A
 * client order id already known here is never sent again; a lost answer is `uncertain` and the engine looks the
 * order up (`findOrderByClientId`) before anything else.
 */
export async function placeOrder(ctx: OrderContext, cmd: PlaceOrderCommand): Promise<BrokerOrder> {
  const known = ctx.state.byClientId(cmd.accountExternalId, cmd.clientOrderId);
  if (known !== null) return known;
  if (!Number.isInteger(cmd.qty) || cmd.qty <= 0)
    throw new BrokerError('Rithmic: the quantity must be a whole number above 0', 'rejected');
  const instrument = instrumentOf(cmd.symbol);
  const plant = await ctx.ready();
  const route = plant.routes.get(instrument.exchange);
  if (route === undefined)
    throw new BrokerError(
      `Rithmic lists no trade route to ${instrument.exchange} for this login`,
      'rejected',
    );
  const fields: Record<string, unknown> = {
    user_tag: cmd.clientOrderId,
    account_id: cmd.accountExternalId,
    symbol: instrument.symbol,
    exchange: instrument.exchange,
    quantity: cmd.qty,
    transaction_type: TRANSACTION[cmd.side],
    duration: DURATION_DAY,
    price_type: priceTypeOf(cmd.type),
    trade_route: route,
  };
  const entryPrice =
    cmd.type === 'Limit' ? cmd.price : cmd.type === 'Stop' ? (cmd.stopPrice ?? cmd.price) : undefined;
  if (cmd.type !== 'Market') {
    if (entryPrice === undefined || !Number.isFinite(entryPrice))
      throw new BrokerError(`Rithmic: a ${cmd.type} order needs its price`, 'rejected');
    if (cmd.type === 'Limit') fields.price = entryPrice;
    else fields.trigger_price = entryPrice;
  }
  if (isStopLimit(cmd)) {
    fields.price_type = PRICE_TYPE.STOP_LIMIT;
    fields.price = cmd.price;
  }
  const bracket = cmd.bracket;
  const bracketed =
    bracket !== undefined && (bracket.stopLoss !== undefined || bracket.takeProfit !== undefined);
  // 330 has no trailing stop of its own (only a trailing stop leg, `trailing_stop_trigger_ticks`).
  if (!bracketed) Object.assign(fields, trailingFields(cmd, instrument.tickSize));
  if (cmd.oco !== undefined) return placeOco(ctx, cmd, fields, cmd.oco);
  let templateId = 312;
  if (bracket !== undefined && bracketed) {
    // 330 counts its legs in ticks from the entry's price: a market entry has none to count from.
    if (entryPrice === undefined)
      throw new BrokerError('Rithmic brackets need an entry price (a limit or stop entry)', 'rejected');
    templateId = 330;
    fields.user_type = plant.userType;
    const ticks = (price: number): number =>
      Math.max(1, Math.round(Math.abs(price - entryPrice) / instrument.tickSize));
    if (bracket.stopLoss !== undefined) {
      fields.stop_ticks = ticks(bracket.stopLoss);
      fields.stop_quantity = cmd.qty;
    }
    if (bracket.takeProfit !== undefined) {
      fields.target_ticks = ticks(bracket.takeProfit);
      fields.target_quantity = cmd.qty;
    }
    fields.bracket_type =
      bracket.stopLoss !== undefined && bracket.takeProfit !== undefined
        ? BRACKET.TARGET_AND_STOP
        : bracket.stopLoss !== undefined
          ? BRACKET.STOP_ONLY
          : BRACKET.TARGET_ONLY;
  }
  const answer = await ctx.uncertainSends.send(cmd.clientOrderId, () => command(ctx, templateId, fields));
  const basketId = dataOf(answer)
    .map((row) => text(row, 'basket_id'))
    .concat(text(answer.final, 'basket_id'))
    .find((id) => id !== undefined);
  if (basketId === undefined) {
    ctx.uncertainSends.note(cmd.clientOrderId);
    throw new BrokerError('Rithmic accepted the order without its id: look it up', 'uncertain');
  }
  return sentAs(acceptedAs(ctx, basketId, cmd), cmd);
}

/** The order the gateway took under `basketId`: as its notifications told it, else as it was sent. */
function acceptedAs(ctx: OrderContext, basketId: string, cmd: PlaceOrderCommand): BrokerOrder {
  const seen = ctx.state.order(basketId);
  if (seen !== undefined) return { ...seen };
  const order = pendingOrder(basketId, cmd);
  if (isTrailing(cmd)) {
    order.venueType = 'TrailingStop';
    order.trail = cmd.trail;
  }
  ctx.emit(ctx.state.accepted(order));
  return ctx.state.order(basketId) ?? order;
}

/**
 * A stop loss and take profit linked one-cancels-other by the gateway: 328 OCO with both legs in one request
 * (each field repeated once per leg), so neither can fill without the other being cancelled. Both client order
 * ids are remembered as uncertain when the answer is lost, and each leg is then found by its own `user_tag`.
 */
async function placeOco(
  ctx: OrderContext,
  cmd: PlaceOrderCommand,
  first: Record<string, unknown>,
  sibling: OcoSibling,
): Promise<BrokerOrder> {
  const siblingCmd: PlaceOrderCommand = {
    accountExternalId: cmd.accountExternalId,
    clientOrderId: sibling.clientOrderId,
    symbol: cmd.symbol,
    side: cmd.side,
    qty: cmd.qty,
    type: sibling.type,
    ...(sibling.price === undefined ? {} : { price: sibling.price }),
    ...(sibling.stopPrice === undefined ? {} : { stopPrice: sibling.stopPrice }),
  };
  const second: Record<string, unknown> = {
    ...first,
    user_tag: sibling.clientOrderId,
    price_type: priceTypeOf(sibling.type),
    trailing_stop: false,
    trail_by_ticks: 0,
    trail_by_price_id: 0,
  };
  delete second.price;
  delete second.trigger_price;
  const price = sibling.type === 'Limit' ? sibling.price : (sibling.stopPrice ?? sibling.price);
  if (price === undefined || !Number.isFinite(price))
    throw new BrokerError(`Rithmic: a ${sibling.type} order needs its price`, 'rejected');
  if (sibling.type === 'Limit') second.price = price;
  else second.trigger_price = price;
  const legs = [first, second];
  const perLeg = (name: string, fallback: unknown): unknown[] => legs.map((leg) => leg[name] ?? fallback);
  const request = {
    account_id: cmd.accountExternalId,
    user_tag: perLeg('user_tag', ''),
    symbol: perLeg('symbol', ''),
    exchange: perLeg('exchange', ''),
    quantity: perLeg('quantity', 0),
    price: perLeg('price', 0),
    trigger_price: perLeg('trigger_price', 0),
    transaction_type: perLeg('transaction_type', 0),
    duration: perLeg('duration', DURATION_DAY),
    price_type: perLeg('price_type', 0),
    trade_route: perLeg('trade_route', ''),
    manual_or_auto: [AUTO, AUTO],
    trailing_stop: perLeg('trailing_stop', false),
    trail_by_ticks: perLeg('trail_by_ticks', 0),
    trail_by_price_id: perLeg('trail_by_price_id', 0),
  };
  let answer: Answer;
  try {
    answer = await command(ctx, 328, request);
  } catch (error: unknown) {
    if (error instanceof BrokerError && error.code === 'uncertain') {
      ctx.uncertainSends.note(cmd.clientOrderId);
      ctx.uncertainSends.note(sibling.clientOrderId);
    }
    throw error;
  }
  const baskets = dataOf(answer).flatMap((row) => strings(row, 'basket_id'));
  if (baskets.length !== 2) {
    ctx.uncertainSends.note(cmd.clientOrderId);
    ctx.uncertainSends.note(sibling.clientOrderId);
    throw new BrokerError('Rithmic accepted the pair without both ids: look them up', 'uncertain');
  }
  acceptedAs(ctx, baskets[1]!, siblingCmd);
  return sentAs(acceptedAs(ctx, baskets[0]!, cmd), cmd);
}

/** A stop-limit goes as Rithmic's own (price_type 3 STOP_LIMIT: `trigger_price` the stop, `price` the limit). */
function isStopLimit(cmd: PlaceOrderCommand): boolean {
  return (
    cmd.type === 'Stop' &&
    cmd.venueType === 'StopLimit' &&
    cmd.price !== undefined &&
    Number.isFinite(cmd.price)
  );
}

/**
 * `trail_by_price_id` of a trailing stop: Rithmic refuses one without it (rp_code 1112, pbeets/rithmic-rs
 * `TrailingStop`), and no public source says what each id means; 1 is the value public clients send.
 */
export const TRAIL_BY_PRICE_ID = 1;

function isTrailing(cmd: PlaceOrderCommand): cmd is PlaceOrderCommand & { trail: number } {
  return cmd.type === 'Stop' && cmd.venueType === 'TrailingStop' && (cmd.trail ?? 0) > 0;
}

/** A trailing stop goes as Rithmic's own: a stop with `trailing_stop`, its trail in whole ticks (at least one). */
function trailingFields(cmd: PlaceOrderCommand, tickSize: number): Record<string, unknown> {
  if (!isTrailing(cmd)) return {};
  return {
    trailing_stop: true,
    trail_by_ticks: trailTicks(cmd.trail, tickSize),
    trail_by_price_id: TRAIL_BY_PRICE_ID,
  };
}

function trailTicks(trail: number, tickSize: number): number {
  return Math.max(1, Math.round(trail / tickSize));
}

/** A trailing stop's distance is sent in whole ticks: the answer says so when the leader's was between two. */
function sentAs(order: BrokerOrder, cmd: PlaceOrderCommand): BrokerOrder {
  if (!isTrailing(cmd)) return order;
  const tickSize = instrumentOf(cmd.symbol).tickSize;
  const sent = trailTicks(cmd.trail, tickSize) * tickSize;
  return Math.abs(sent - cmd.trail) < tickSize / 1000
    ? order
    : { ...order, sentAs: `Trailing ${sent} points behind the market: Rithmic trails by whole ticks` };
}

export async function modifyOrder(ctx: OrderContext, cmd: ModifyOrderCommand): Promise<void> {
  const order = ctx.state.order(cmd.orderId);
  if (order === undefined || order.accountExternalId !== cmd.accountExternalId)
    throw new BrokerError(`Rithmic: no order ${cmd.orderId} on this account`, 'not_found');
  const instrument = instrumentOf(order.symbol);
  const fields: Record<string, unknown> = {
    account_id: cmd.accountExternalId,
    basket_id: cmd.orderId,
    symbol: instrument.symbol,
    exchange: instrument.exchange,
    quantity: cmd.qty,
    price_type: order.venueType === 'StopLimit' ? PRICE_TYPE.STOP_LIMIT : priceTypeOf(cmd.type),
  };
  if (cmd.type === 'Limit' || order.venueType === 'StopLimit') fields.price = cmd.price;
  if (order.venueType === 'TrailingStop') {
    // A trailing stop keeps its own trigger (it follows the follower's market): only its size or trail changes.
    if (order.stopPrice !== null) fields.trigger_price = order.stopPrice;
    fields.trailing_stop = true;
    fields.trail_by_ticks = trailTicks(cmd.trail ?? order.trail ?? instrument.tickSize, instrument.tickSize);
  } else if (cmd.type === 'Stop') fields.trigger_price = cmd.stopPrice ?? cmd.price;
  await command(ctx, 314, fields);
}

export async function cancelOrder(ctx: OrderContext, accountId: string, orderId: string): Promise<void> {
  await command(ctx, 316, { account_id: accountId, basket_id: orderId });
}

/** Cancels the account's working orders (of one contract, or all), then 3504 ExitPosition. */
export async function flatten(ctx: OrderContext, accountId: string, symbol?: string): Promise<void> {
  const instrument = symbol === undefined ? undefined : instrumentOf(symbol);
  for (const order of ctx.state.workingOrders()) {
    if (
      order.accountExternalId !== accountId ||
      (instrument !== undefined && order.symbol !== instrument.symbol)
    )
      continue;
    await cancelOrder(ctx, accountId, order.orderId).catch((error: unknown) => {
      // An order that finished meanwhile cannot be cancelled: the position is still closed below.
      if (!(error instanceof BrokerError) || error.code !== 'rejected') throw error;
    });
  }
  const held = ctx.state
    .positionList()
    .some(
      (position) =>
        position.accountExternalId === accountId &&
        position.netPos !== 0 &&
        (instrument === undefined || position.symbol === instrument.symbol),
    );
  try {
    await command(ctx, 3504, {
      account_id: accountId,
      ...(instrument === undefined ? {} : { symbol: instrument.symbol, exchange: instrument.exchange }),
    });
  } catch (error: unknown) {
    // Nothing to exit: Rithmic may refuse an exit of a flat position.
    if (error instanceof BrokerError && error.code === 'rejected' && !held) return;
    throw error;
  }
}

/**
 * The order of a client order id: what the notifications told, else the open orders (320 ShowOrders, rows as 352
 * snapshots, filtered by `user_tag`), else the day's fills (3506 ReplayExecutions). After a lost answer, "none"
 * is only said once the request could no longer land (`UncertainSends`).
 */
export async function findOrderByClientId(
  ctx: OrderContext,
  accountId: string,
  clientOrderId: string,
): Promise<BrokerOrder | null> {
  const lookUp = async (): Promise<BrokerOrder | null> => {
    const known = ctx.state.byClientId(accountId, clientOrderId);
    if (known !== null) return known;
    let plant: OrderPlant;
    try {
      plant = await ctx.ready();
    } catch (error: unknown) {
      throw commandError(ctx, error);
    }
    const ids = { fcm_id: plant.fcmId, ib_id: plant.ibId, account_id: accountId };
    try {
      const open = await plant.socket.request(320, ids);
      for (const row of dataOf(open))
        if (text(row, 'user_tag') === clientOrderId) ctx.emit(applyRow(ctx.state, row));
      const listed = ctx.state.byClientId(accountId, clientOrderId);
      if (listed !== null) return listed;
      const now = Math.floor(Date.now() / 1000);
      const fills = await plant.socket.request(3506, {
        ...ids,
        start_index: now - Math.floor(ctx.timings.replayLookbackMs / 1000),
        finish_index: now + 60,
      });
      for (const row of dataOf(fills))
        if (text(row, 'user_tag') === clientOrderId) ctx.emit(applyRow(ctx.state, row));
    } catch (error: unknown) {
      throw commandError(ctx, error);
    }
    return ctx.state.byClientId(accountId, clientOrderId);
  };
  return ctx.uncertainSends.find(
    clientOrderId,
    lookUp,
    () => ctx.state.byClientId(accountId, clientOrderId) !== null,
  );
}

export function applyRow(state: OrderState, row: Answer['final']): BrokerEvent[] {
  if (row.template_id === 351) return state.applyRithmic(row);
  if (row.template_id === 352) return state.applyExchange(row);
  return [];
}
