import type { BrokerAccountInfo } from '../types';
import { type Answer, dataOf, number, RithmicRefusal, text } from './answers';
import { ORDER_PLANT, PNL_PLANT, type RithmicTimings } from './config';
import { type LoginParams, loginPlant } from './login';
import type { PlantHandlers, PlantSocket } from './plant-socket';
import { USER_TYPE_TRADER } from './codes';

/** Accounts of one login, at most (an account list is rows of 303). */
const MAX_ACCOUNTS = 500;

export interface OrderPlant {
  socket: PlantSocket;
  fcmId: string;
  ibId: string;
  userType: number;
  accounts: BrokerAccountInfo[];
  /** Trade route per exchange, from 311 (never hard-coded: names differ per system). */
  routes: Map<string, string>;
}

/**
 * The order plant's bootstrap (async_rithmic `plants/order.py` `_login`): login, 300 login info, 302 accounts,
 * 310 trade routes (subscribed for updates), then 308 order updates and 336 bracket updates per account.
 */
export async function openOrderPlant(
  params: LoginParams,
  timings: RithmicTimings,
  handlers: PlantHandlers,
  subscribe: boolean,
): Promise<OrderPlant> {
  const login = await loginPlant(params, ORDER_PLANT, timings, handlers);
  const { socket } = login;
  try {
    const info = (await socket.request(300, {})).final;
    const fcmId = text(info, 'fcm_id') ?? login.fcmId;
    const ibId = text(info, 'ib_id') ?? login.ibId;
    const userType = number(info, 'user_type') ?? USER_TYPE_TRADER;
    const accounts = accountsOf(
      await socket.request(302, { fcm_id: fcmId, ib_id: ibId, user_type: userType }),
    );
    const plant: OrderPlant = { socket, fcmId, ibId, userType, accounts, routes: new Map() };
    if (!subscribe) return plant;
    applyRoutes(plant, dataOf(await socket.request(310, { subscribe_for_updates: true })));
    for (const account of accounts) {
      const ids = { fcm_id: fcmId, ib_id: ibId, account_id: account.externalId };
      await socket.request(308, ids);
      // Bracket updates are wanted but not needed to copy: a refusal leaves the session working.
      await socket.request(336, ids).catch((error: unknown) => {
        if (!(error instanceof RithmicRefusal)) throw error;
        handlers.warn(`Rithmic bracket updates refused: ${error.code}`);
      });
    }
    return plant;
  } catch (error: unknown) {
    socket.close('bootstrap failed');
    throw error;
  }
}

/** 311 rows (and later 350 pushes): one route per exchange, the default one when several are listed. */
export function applyRoutes(
  plant: Pick<OrderPlant, 'routes' | 'fcmId' | 'ibId'>,
  rows: Answer['rows'],
): void {
  const defaults = new Set<string>();
  for (const row of rows) {
    const exchange = text(row, 'exchange');
    const route = text(row, 'trade_route');
    if (exchange === undefined || route === undefined) continue;
    const fcm = text(row, 'fcm_id');
    const ib = text(row, 'ib_id');
    if ((fcm !== undefined && fcm !== plant.fcmId) || (ib !== undefined && ib !== plant.ibId)) continue;
    const isDefault = row.is_default === true;
    if (defaults.has(exchange) && !isDefault) continue;
    if (isDefault) defaults.add(exchange);
    if (plant.routes.size < 200 || plant.routes.has(exchange)) plant.routes.set(exchange, route);
  }
}

function accountsOf(answer: Answer): BrokerAccountInfo[] {
  const accounts: BrokerAccountInfo[] = [];
  for (const row of dataOf(answer)) {
    const id = text(row, 'account_id');
    if (id === undefined || accounts.some((account) => account.externalId === id)) continue;
    const currency = text(row, 'account_currency') ?? 'USD';
    accounts.push({
      externalId: id,
      name: text(row, 'account_name') ?? id,
      currency,
      currencySymbol: currency === 'USD' ? '$' : currency,
      cashBalance: 0,
      active: true,
    });
    if (accounts.length >= MAX_ACCOUNTS) break;
  }
  return accounts;
}

/** The PnL plant: login, 400 subscribe per account, 402 snapshot per account (its 450/451 rows come as pushes). */
export async function openPnlPlant(
  params: LoginParams,
  timings: RithmicTimings,
  handlers: PlantHandlers,
  ids: { fcmId: string; ibId: string; accountIds: string[] },
): Promise<PlantSocket> {
  const { socket } = await loginPlant(params, PNL_PLANT, timings, handlers);
  try {
    for (const accountId of ids.accountIds) {
      const account = { fcm_id: ids.fcmId, ib_id: ids.ibId, account_id: accountId };
      await socket.request(400, { ...account, request: 1 });
      await socket.request(402, account);
    }
    return socket;
  } catch (error: unknown) {
    socket.close('bootstrap failed');
    throw error;
  }
}
