import type { FakeRithmic } from '../../../fakes/rithmic/server';
import { login, type Msg, type RawRithmic } from './fake-client';

/** An order-plant session subscribed (308) to the account, as async_rithmic's bootstrap leaves it. */
export async function orderSession(fake: FakeRithmic, user: string, accountId: string): Promise<RawRithmic> {
  const { client, answer } = await login(fake.url, {
    user,
    password: 'pw',
    system: 'Rithmic Test',
    infraType: 2,
  });
  if (answer.rp_code?.[0] !== '0') throw new Error(`login refused: ${String(answer.rp_code)}`);
  const id = client.send(308, { account_id: accountId });
  await client.answer(309, id);
  return client;
}

export interface OrderFields {
  user_tag?: string;
  symbol?: string;
  exchange?: string;
  quantity?: number;
  transaction_type?: number;
  price_type?: number;
  price?: number;
  trigger_price?: number;
  trade_route?: string;
  account_id?: string;
  manual_or_auto?: number;
  [more: string]: unknown;
}

/** Sends a 312 (or 330) with async_rithmic's default fields, returns the one-frame answer. */
export async function place(
  client: RawRithmic,
  accountId: string,
  fields: OrderFields,
  template = 312,
): Promise<Msg> {
  const id = client.send(template, {
    symbol: 'ESZ6',
    exchange: 'CME',
    quantity: 1,
    transaction_type: 1,
    price_type: 2,
    duration: 1,
    manual_or_auto: 2,
    trade_route: 'simulator',
    account_id: accountId,
    ...fields,
  });
  return (await client.answer(template + 1, id)).terminal;
}

/** Every 351/352 of a basket received so far, as `351:13`, `352:5` … in arrival order. */
export function trail(client: RawRithmic, basketId: unknown): string[] {
  return client.received
    .filter((m) => (m.template_id === 351 || m.template_id === 352) && m.basket_id === basketId)
    .map((m) => `${m.template_id}:${String(m.notify_type)}`);
}

export async function settle(ms = 30): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** One leg of a 328 OCO, as pbeets/rithmic-rs `RithmicOcoOrderLeg` carries it. */
export interface OcoLeg {
  user_tag?: string;
  symbol: string;
  exchange: string;
  quantity: number;
  transaction_type: number;
  price_type: number;
  price?: number;
  trigger_price?: number;
}

/**
 * Sends a 328 laid out as pbeets/rithmic-rs `request_oco_order` builds it: one slot per leg in every order field,
 * prices zero-filled, the trade route of each leg's exchange, `user_tag` and `window_name` left out when no leg
 * sets one, the trailing fields left out when no leg trails. Returns the one-frame 329.
 */
export async function placeOco(
  client: RawRithmic,
  accountId: string,
  legs: OcoLeg[],
  routes: Record<string, string> = {},
): Promise<Msg> {
  const tags = legs.map((leg) => leg.user_tag ?? '');
  const id = client.send(328, {
    ...(tags.every((tag) => tag === '') ? {} : { user_tag: tags }),
    account_id: accountId,
    symbol: legs.map((leg) => leg.symbol),
    exchange: legs.map((leg) => leg.exchange),
    quantity: legs.map((leg) => leg.quantity),
    price: legs.map((leg) => leg.price ?? 0),
    trigger_price: legs.map((leg) => leg.trigger_price ?? 0),
    transaction_type: legs.map((leg) => leg.transaction_type),
    duration: legs.map(() => 1),
    price_type: legs.map((leg) => leg.price_type),
    trade_route: legs.map((leg) => routes[leg.exchange] ?? 'simulator'),
    manual_or_auto: legs.map(() => 2),
  });
  return (await client.answer(329, id)).terminal;
}
