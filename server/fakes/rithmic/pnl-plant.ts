import { RP } from './codes';
import type { Gateway } from './gateway';
import { encodeAs, type Fields } from './proto';
import type { Session } from './session';
import { stamp } from './venue';

/** PnL-plant requests served (async_rithmic base.py TEMPLATES_MAP: 400/401, 402/403). */
export const PNL_PLANT_TEMPLATES = new Set([400, 402]);

export function handlePnlPlant(
  g: Gateway,
  s: Session,
  templateId: number,
  f: Fields,
  userMsg: string[],
): void {
  const accountId = String(f.account_id);
  if (g.venue.accounts.get(accountId)?.user !== s.user?.user)
    return s.send(templateId + 1, { user_msg: userMsg, rp_code: RP.unknownAccount });
  if (templateId === 400) {
    if (Number(f.request) === 2) s.pnlAccounts.delete(accountId);
    else if (Number(f.request) === 1) s.pnlAccounts.add(accountId);
    else return s.send(401, { user_msg: userMsg, rp_code: RP.badOrder });
    return s.send(401, { user_msg: userMsg, rp_code: RP.ok });
  }
  // 402: the snapshot as 450 rows (one per traded instrument) and one 451, then 403 (is_snapshot on the rows).
  for (const { symbol, exchange } of g.venue.tradedSymbols(accountId))
    s.send(450, { ...instrumentPnl(g, accountId, symbol, exchange), is_snapshot: true });
  s.send(451, { ...accountPnl(g, accountId), is_snapshot: true });
  s.send(403, { user_msg: userMsg, rp_code: RP.ok });
}

/** 450 InstrumentPnLPositionUpdate: day_* as doubles, open/closed position P&L as strings (the .proto's types). */
export function instrumentPnl(g: Gateway, accountId: string, symbol: string, exchange: string): Fields {
  const position = g.venue.position(accountId, symbol);
  const open = g.venue.openPnl(accountId, symbol, exchange);
  const account = g.venue.accounts.get(accountId);
  return {
    ...(account ? fcmIbOf(g, account.user) : {}),
    account_id: accountId,
    symbol,
    exchange,
    fill_buy_qty: position.buys,
    fill_sell_qty: position.sells,
    buy_qty: position.buys,
    sell_qty: position.sells,
    avg_open_fill_price: position.avgPrice,
    day_open_pnl: money(open),
    day_closed_pnl: money(position.closedPnl),
    day_pnl: money(open + position.closedPnl),
    open_position_pnl: money(open).toFixed(2),
    open_position_quantity: Math.abs(position.netQty),
    closed_position_pnl: money(position.closedPnl).toFixed(2),
    net_quantity: position.netQty,
    ...stamp(new Date()),
  };
}

/** 451 AccountPnLPositionUpdate: every money field a string. */
export function accountPnl(g: Gateway, accountId: string): Fields {
  const account = g.venue.accounts.get(accountId);
  let open = 0;
  let buys = 0;
  let sells = 0;
  let net = 0;
  let openQty = 0;
  for (const { symbol, exchange } of g.venue.tradedSymbols(accountId)) {
    const position = g.venue.position(accountId, symbol);
    open += g.venue.openPnl(accountId, symbol, exchange);
    buys += position.buys;
    sells += position.sells;
    net += position.netQty;
    openQty += Math.abs(position.netQty);
  }
  const closed = account?.closedPnl ?? 0;
  const balance = account?.balance ?? 0;
  return {
    ...(account ? fcmIbOf(g, account.user) : {}),
    account_id: accountId,
    fill_buy_qty: buys,
    fill_sell_qty: sells,
    buy_qty: buys,
    sell_qty: sells,
    open_position_pnl: money(open).toFixed(2),
    open_position_quantity: openQty,
    closed_position_pnl: money(closed).toFixed(2),
    net_quantity: net,
    margin_balance: money(balance + open).toFixed(2),
    account_balance: money(balance + open).toFixed(2),
    cash_on_hand: money(balance).toFixed(2),
    available_buying_power: money(balance + open).toFixed(2),
    day_open_pnl: money(open).toFixed(2),
    day_closed_pnl: money(closed).toFixed(2),
    day_pnl: money(open + closed).toFixed(2),
    ...stamp(new Date()),
  };
}

/** Pushes 450 + 451 to the PnL sessions subscribed to the account, after the current turn (or `pnlDelayMs`). */
export function pushPnl(g: Gateway, accountId: string, symbol: string, exchange: string): void {
  const targets = [...g.sessions].filter((x) => x.plant === 'pnl' && x.pnlAccounts.has(accountId));
  if (targets.length === 0) return;
  const send = (): void => {
    const instrument = encodeAs(450, instrumentPnl(g, accountId, symbol, exchange));
    const account = encodeAs(451, accountPnl(g, accountId));
    for (const target of targets) {
      target.sendEncoded(instrument);
      target.sendEncoded(account);
    }
  };
  // The PnL plant is a server of its own at Rithmic: its pushes never hold up the order plant's next request,
  // so they leave after the turn that filled (the order notifications of the fill have gone before them).
  if (g.faults.pnlDelayMs > 0) setTimeout(send, g.faults.pnlDelayMs).unref();
  else setImmediate(send);
}

function fcmIbOf(g: Gateway, user: string): { fcm_id: string; ib_id: string } {
  const found = g.users.get(user);
  return { fcm_id: found?.fcmId ?? 'FakeFCM', ib_id: found?.ibId ?? 'FakeIB' };
}

function money(value: number): number {
  return Math.round(value * 100) / 100;
}
