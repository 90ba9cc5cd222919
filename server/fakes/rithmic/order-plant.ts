import { RP, type RpCode } from './codes';
import { type Gateway, sendRows, stampNow } from './gateway';
import type { Fields } from './proto';
import type { Session } from './session';
import { type OrderInput, PRICE_TYPES } from './venue';

/** Order-plant requests the fake serves (templates from async_rithmic base.py TEMPLATES_MAP). */
export const ORDER_PLANT_TEMPLATES = new Set([
  300, 302, 308, 310, 312, 314, 316, 320, 328, 330, 336, 346, 3504, 3506, 3512,
]);

export function handleOrderPlant(
  g: Gateway,
  s: Session,
  templateId: number,
  f: Fields,
  userMsg: string[],
): void {
  const user = s.user!;
  const fcmIb = { fcm_id: user.fcmId ?? 'FakeFCM', ib_id: user.ibId ?? 'FakeIB' };
  const ownAccount = (id: unknown): boolean => g.venue.accounts.get(String(id))?.user === user.user;
  const answer = (fields: Fields): void => s.send(templateId + 1, { ...fields, user_msg: userMsg });
  switch (templateId) {
    case 300:
      return answer({
        rp_code: RP.ok,
        ...fcmIb,
        user: user.user,
        user_type: 3,
        order_copy_status: 'disabled',
        tp_max_session_count: Math.max(1, user.maxSessions ?? 1),
        op_max_session_count: Math.max(1, user.maxSessions ?? 1),
      });
    case 302:
      return sendRows(
        s,
        303,
        userMsg,
        [...g.venue.accounts.values()]
          .filter((a) => a.user === user.user)
          .map((a) => ({
            ...fcmIb,
            account_id: a.accountId,
            account_name: a.name,
            account_currency: a.currency,
            loss_limit: '0',
            account_auto_liquidate: 'disabled',
            auto_liq_threshold_current_value: '0',
          })),
      );
    case 310:
      return sendRows(
        s,
        311,
        userMsg,
        [...g.routes].map(([exchange, route]) => ({
          ...fcmIb,
          exchange,
          trade_route: route,
          status: 'UP',
          is_default: true,
        })),
      );
    case 308:
    case 336:
      if (!ownAccount(f.account_id)) return answer({ rp_code: RP.unknownAccount });
      if (templateId === 308) s.orderAccounts.add(String(f.account_id));
      return answer({ rp_code: RP.ok });
    case 312:
    case 330:
      return newOrder(g, s, templateId, f, userMsg, ownAccount(f.account_id));
    case 328:
      return ocoOrder(g, s, f, userMsg, ownAccount(f.account_id));
    case 314:
    case 316:
      return change(g, s, templateId, f, userMsg, ownAccount(f.account_id));
    case 320: {
      if (!ownAccount(f.account_id)) return answer({ rp_code: RP.unknownAccount });
      // The open orders as 352 rows with is_snapshot (async_rithmic order.py list_orders), then 321 with rp_code.
      for (const order of g.venue.orders)
        if (order.accountId === f.account_id && order.status === 'open')
          s.send(352, {
            ...g.venue.view(order),
            ...fcmIb,
            notify_type: 1,
            is_snapshot: true,
            report_type: 'status',
            status: 'open',
          });
      return answer({ rp_code: RP.ok });
    }
    case 346: {
      if (!ownAccount(f.account_id)) return answer({ rp_code: RP.unknownAccount });
      answer({ rp_code: RP.ok });
      for (const order of g.venue.orders.filter((o) => o.accountId === f.account_id && o.status === 'open'))
        g.venue.cancel(order);
      return;
    }
    case 3504:
      return exitPosition(g, s, f, userMsg, ownAccount(f.account_id));
    case 3506: {
      if (!ownAccount(f.account_id)) return answer({ rp_code: RP.unknownAccount });
      // The day's executions as 352 FILL rows with is_snapshot (the fake's reading: 3507 carries only rp_code).
      for (const fill of fillsIn(g, f)) {
        const order = g.venue.order(fill.basketId);
        if (order)
          s.send(352, {
            ...g.venue.fillFields(order, fill),
            ...fcmIb,
            notify_type: 5,
            report_type: 'fill',
            is_snapshot: true,
          });
      }
      return answer({ rp_code: RP.ok });
    }
    case 3512: {
      if (!ownAccount(f.account_id)) return answer({ rp_code: RP.unknownAccount });
      const max = Number(f.max_record_count) > 0 ? Math.min(Number(f.max_record_count), 10_000) : 10_000;
      const rows = fillsIn(g, f)
        .slice(0, max)
        .map((fill) => {
          const order = g.venue.order(fill.basketId);
          return {
            ...fcmIb,
            basket_id: fill.basketId,
            account_id: fill.accountId,
            symbol: fill.symbol,
            exchange: fill.exchange,
            trade_route: order?.tradeRoute ?? '',
            transaction_type: fill.side === 'buy' ? 'BUY' : 'SELL',
            price_type: order?.priceType ?? '',
            manual_or_auto: order?.manualOrAuto ?? '',
            fill_time: fill.at.toISOString().slice(11, 19),
            fill_date: fill.at.toISOString().slice(0, 10).replaceAll('-', ''),
            fill_id: fill.fillId,
            price: order?.price ?? 0,
            fill_price: fill.price,
            avg_fill_price: order?.avgFillPrice ?? fill.price,
            fill_size: fill.size,
            total_fill_size: order?.filledQty ?? fill.size,
            total_unfilled_size: order ? order.qty - order.filledQty : 0,
            ssboe: Math.floor(fill.at.getTime() / 1000),
          };
        });
      return sendRows(s, 3513, userMsg, rows);
    }
  }
}

/** Fills of the request's account between start_index and finish_index (seconds since epoch; 0 = open). */
function fillsIn(g: Gateway, f: Fields) {
  const start = Number(f.start_index) || 0;
  const finish = Number(f.finish_index) || Number.MAX_SAFE_INTEGER;
  return g.venue.fills.filter((fill) => {
    const at = Math.floor(fill.at.getTime() / 1000);
    return fill.accountId === f.account_id && at >= start && at <= finish;
  });
}

function newOrder(
  g: Gateway,
  s: Session,
  templateId: number,
  f: Fields,
  userMsg: string[],
  owned: boolean,
): void {
  const userTag = typeof f.user_tag === 'string' && f.user_tag !== '' ? f.user_tag.slice(0, 256) : null;
  const refuse = (rpCode: RpCode): void =>
    s.send(templateId + 1, { user_msg: userMsg, user_tag: userTag ?? '', rp_code: rpCode, ...stampNow() });
  if (!owned) return refuse(RP.unknownAccount);
  const exchange = String(f.exchange);
  if (f.trade_route === '' || g.routes.get(exchange) !== f.trade_route) return refuse(RP.noTradeRoute);
  const leg = orderInput(g, userTag, String(f.account_id), f);
  if ('refused' in leg) return refuse(leg.refused);
  const input = leg.input;
  if (templateId === 330) {
    const bracketType = Number(f.bracket_type);
    const wantsTarget = [2, 3, 5, 6].includes(bracketType);
    const wantsStop = [1, 3, 4, 6].includes(bracketType);
    input.bracket = {
      type: bracketType,
      targetTicks: wantsTarget ? Number(f.target_ticks) : 0,
      targetQty: wantsTarget ? Number(f.target_quantity) || input.qty : 0,
      stopTicks: wantsStop ? Number(f.stop_ticks) : 0,
      stopQty: wantsStop ? Number(f.stop_quantity) || input.qty : 0,
    };
    if (!wantsTarget && !wantsStop) return refuse(RP.badOrder);
  }
  const accepted = g.venue.accept(input);
  if ('refused' in accepted) return refuse(accepted.refused);
  // 313/331 carry their data with the terminal rp_code (async_rithmic base.py `_terminal_carries_data`).
  s.send(templateId + 1, {
    user_msg: userMsg,
    user_tag: userTag ?? '',
    basket_id: accepted.order.basketId,
    rp_code: RP.ok,
    ...stampNow(),
  });
  g.venue.open(accepted.order);
}

/** One order's fields (a 312, or one leg of a 328 with each repeated field's entry at its index), checked. */
function orderInput(
  g: Gateway,
  userTag: string | null,
  accountId: string,
  f: Fields,
): { input: OrderInput } | { refused: RpCode } {
  const exchange = String(f.exchange);
  if (f.trade_route === '' || g.routes.get(exchange) !== f.trade_route) return { refused: RP.noTradeRoute };
  const priceType = PRICE_TYPES[Number(f.price_type)];
  const side = Number(f.transaction_type) === 1 ? 'buy' : Number(f.transaction_type) === 2 ? 'sell' : null;
  if (priceType === undefined || side === null) return { refused: RP.badOrder };
  const input: OrderInput = {
    userTag,
    accountId,
    symbol: String(f.symbol).slice(0, 64),
    exchange,
    qty: Number(f.quantity),
    side,
    priceType,
    price: Number(f.price) || null,
    triggerPrice: Number(f.trigger_price) || null,
    manualOrAuto: Number(f.manual_or_auto) === 2 ? 'AUTO' : Number(f.manual_or_auto) === 1 ? 'MANUAL' : null,
    tradeRoute: String(f.trade_route),
    duration: Number(f.duration) || 1,
  };
  if (f.trailing_stop === true) {
    // A trailing stop is a stop whose trigger follows the market; Rithmic refuses one without its price id (1112).
    const ticks = Number(f.trail_by_ticks);
    if ((priceType !== 'STOP_MARKET' && priceType !== 'STOP_LIMIT') || !Number.isInteger(ticks) || ticks < 1)
      return { refused: RP.badOrder };
    const priceId = Number(f.trail_by_price_id);
    if (!Number.isInteger(priceId) || priceId === 0) return { refused: RP.trailPriceId };
    input.trail = { ticks, priceId };
  }
  return { input };
}

/**
 * 328 OCO: two orders in one request, each field repeated once per leg. Both are checked before either is taken
 * (all or none); 329 answers each leg's `user_tag` and `basket_id` in the request's order, then both work,
 * linked: when one fills, the other is cancelled.
 */
function ocoOrder(g: Gateway, s: Session, f: Fields, userMsg: string[], owned: boolean): void {
  // `user_tag` is optional: a client leaves it out when no leg has one (pbeets/rithmic-rs `request_oco_order`).
  const sent = Array.isArray(f.user_tag) ? f.user_tag.map((tag) => String(tag).slice(0, 256)) : [];
  const legCount = Array.isArray(f.symbol) ? f.symbol.length : 0;
  const tags = sent.length === 0 ? Array.from({ length: legCount }, () => '') : sent;
  // 329's stamps are repeated (one per leg) like its ids.
  const stamps = (): Fields => {
    const { ssboe, usecs } = stampNow();
    return { ssboe: [ssboe], usecs: [usecs] };
  };
  const refuse = (rpCode: RpCode): void =>
    s.send(329, { user_msg: userMsg, user_tag: sent, rp_code: rpCode, ...stamps() });
  if (!owned) return refuse(RP.unknownAccount);
  const at = (field: string, index: number): unknown => {
    const values = f[field];
    return Array.isArray(values) ? values[index] : undefined;
  };
  if (legCount !== 2 || tags.length !== legCount) return refuse(RP.ocoLegs);
  const legs: OrderInput[] = [];
  for (const index of [0, 1]) {
    const fields: Fields = {};
    for (const name of [
      'symbol',
      'exchange',
      'quantity',
      'price',
      'trigger_price',
      'transaction_type',
      'duration',
      'price_type',
      'trade_route',
      'manual_or_auto',
      'trailing_stop',
      'trail_by_ticks',
      'trail_by_price_id',
    ])
      fields[name] = at(name, index);
    const leg = orderInput(g, tags[index] || null, String(f.account_id), fields);
    if ('refused' in leg) return refuse(leg.refused);
    legs.push(leg.input);
  }
  for (const leg of legs) {
    const refused = g.venue.check(leg, legs.length);
    if (refused !== null) return refuse(refused);
  }
  const first = g.venue.accept(legs[0]!);
  const second = g.venue.accept(legs[1]!);
  if ('refused' in first || 'refused' in second) return refuse(RP.badOrder);
  g.venue.linkOco(first.order, second.order);
  s.send(329, {
    user_msg: userMsg,
    user_tag: sent,
    basket_id: [first.order.basketId, second.order.basketId],
    rp_code: RP.ok,
    ...stamps(),
  });
  g.venue.open(first.order);
  g.venue.open(second.order);
}

/** 314 modify / 316 cancel, with the atomic-operation refusal while one is pending on the basket. */
function change(
  g: Gateway,
  s: Session,
  templateId: number,
  f: Fields,
  userMsg: string[],
  owned: boolean,
): void {
  const basketId = String(f.basket_id);
  const answer = (rpCode: RpCode): void =>
    s.send(templateId + 1, { user_msg: userMsg, basket_id: basketId, rp_code: rpCode, ...stampNow() });
  const order = g.venue.order(basketId);
  if (!owned || order === undefined || order.accountId !== f.account_id)
    return answer(owned ? RP.unknownBasket : RP.unknownAccount);
  if (order.status !== 'open') return answer(RP.orderComplete);
  const now = Date.now();
  if (order.pendingUntil > now) return answer(RP.atomic);
  const apply = (): RpCode | null =>
    templateId === 316
      ? g.venue.cancel(order)
      : g.venue.modify(order, {
          ...(Number(f.quantity) > 0 ? { qty: Number(f.quantity) } : {}),
          ...(Number(f.price) > 0 ? { price: Number(f.price) } : {}),
          ...(Number(f.trigger_price) > 0 ? { triggerPrice: Number(f.trigger_price) } : {}),
          ...(f.trailing_stop === true && Number(f.trail_by_ticks) >= 1
            ? { trailTicks: Math.floor(Number(f.trail_by_ticks)) }
            : {}),
        });
  const window = g.faults.pendingWindowMs;
  if (window > 0) {
    order.pendingUntil = now + window;
    answer(RP.ok);
    setTimeout(() => {
      order.pendingUntil = 0;
      apply();
    }, window).unref();
    return;
  }
  const refused = apply();
  if (refused === null) answer(RP.ok);
  else answer(refused);
}

function exitPosition(g: Gateway, s: Session, f: Fields, userMsg: string[], owned: boolean): void {
  const answer = (rpCode: RpCode, extra: Fields = {}): void =>
    s.send(3505, { user_msg: userMsg, rp_code: rpCode, ...extra });
  if (!owned) return answer(RP.unknownAccount);
  // manual_or_auto is required on 3504 (team notes, from async_rithmic order.py exit_position always sending it).
  const manualOrAuto = Number(f.manual_or_auto);
  if (manualOrAuto !== 1 && manualOrAuto !== 2) return answer(RP.manualOrAutoRequired);
  const accountId = String(f.account_id);
  const symbol = String(f.symbol);
  const exchange = String(f.exchange);
  const targets = g.venue
    .tradedSymbols(accountId)
    .filter((t) => symbol === '' || (t.symbol === symbol && (exchange === '' || t.exchange === exchange)));
  answer(RP.ok, { symbol, exchange });
  for (const order of g.venue.orders.filter(
    (o) => o.accountId === accountId && o.status === 'open' && targets.some((t) => t.symbol === o.symbol),
  ))
    g.venue.cancel(order);
  for (const target of targets) {
    const net = g.venue.position(accountId, target.symbol).netQty;
    if (net === 0) continue;
    const accepted = g.venue.accept({
      userTag: null,
      accountId,
      symbol: target.symbol,
      exchange: target.exchange,
      qty: Math.abs(net),
      side: net > 0 ? 'sell' : 'buy',
      priceType: 'MARKET',
      price: null,
      triggerPrice: null,
      manualOrAuto: manualOrAuto === 2 ? 'AUTO' : 'MANUAL',
      tradeRoute: g.routes.get(target.exchange) ?? 'simulator',
      duration: 1,
    });
    if ('order' in accepted) g.venue.open(accepted.order);
  }
}
