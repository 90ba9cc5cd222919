import type { FastifyInstance } from 'fastify';
import type { Order, OrderData, SyncAccount } from '@synctrade/api/types';
import type { TestUser } from '../../support/users';

export async function call<T>(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST',
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

/** Polls the desk until `check` holds (the engine copies asynchronously), or fails with the last rows. */
export async function waitForDesk(
  app: FastifyInstance,
  user: TestUser,
  check: (rows: SyncAccount[]) => boolean,
  timeoutMs = 5_000,
): Promise<SyncAccount[]> {
  const until = Date.now() + timeoutMs;
  let rows = await table(app, user);
  while (!check(rows)) {
    if (Date.now() > until)
      throw new Error(
        `desk never reached the expected state: ${JSON.stringify(rows.map((r) => [r.id, r.side, r.qty, r.state]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
    rows = await table(app, user);
  }
  return rows;
}

/** Polls the orders list until `check` holds (outcomes are stored behind the copies), or fails with the last list. */
export async function waitForOrders(
  app: FastifyInstance,
  user: TestUser,
  check: (orders: Order[]) => boolean,
  timeoutMs = 5_000,
): Promise<Order[]> {
  const until = Date.now() + timeoutMs;
  const list = async (): Promise<Order[]> =>
    (await call<OrderData>(app, user, 'GET', `/copier/order-data/${user.id}`)).body.orders;
  let orders = await list();
  while (!check(orders)) {
    if (Date.now() > until)
      throw new Error(
        `orders never reached the expected state: ${JSON.stringify(orders.map((o) => [o.id, o.role, o.status, o.reason, o.latency_ms]))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
    orders = await list();
  }
  return orders;
}
