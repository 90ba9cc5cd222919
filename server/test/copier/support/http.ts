import type { FastifyInstance } from 'fastify';
import type { Order, OrderData, SyncAccount } from '@synctrade/api/types';
import type { TestUser } from '../../support/users';

export async function call<T>(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
}

export async function table(app: FastifyInstance, user: TestUser): Promise<SyncAccount[]> {
  return (await call<SyncAccount[]>(app, user, 'GET', '/brokers/accounts/table')).body;
}

/** Reads until `check` holds, or fails with `describe` of the last reading. */
async function pollUntil<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  describe: (value: T) => string,
  timeoutMs = 5_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > until) throw new Error(describe(value));
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

/** Polls the desk until `check` holds (the engine copies asynchronously), or fails with the last rows. */
export function waitForDesk(
  app: FastifyInstance,
  user: TestUser,
  check: (rows: SyncAccount[]) => boolean,
  timeoutMs = 5_000,
): Promise<SyncAccount[]> {
  return pollUntil(
    () => table(app, user),
    check,
    (rows) =>
      `desk never reached the expected state: ${JSON.stringify(rows.map((r) => [r.id, r.side, r.qty, r.state]))}`,
    timeoutMs,
  );
}

/** Polls the orders list until `check` holds (outcomes are stored behind the copies), or fails with the last list. */
export function waitForOrders(
  app: FastifyInstance,
  user: TestUser,
  check: (orders: Order[]) => boolean,
): Promise<Order[]> {
  const list = async (): Promise<Order[]> =>
    (await call<OrderData>(app, user, 'GET', `/copier/order-data/${user.id}`)).body.orders;
  return pollUntil(list, check, (orders) => {
    const rows = orders.map((o) => [o.id, o.role, o.status, o.reason, o.latency_ms]);
    return `orders never reached the expected state: ${JSON.stringify(rows)}`;
  });
}
