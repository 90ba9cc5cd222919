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
