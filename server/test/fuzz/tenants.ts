import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AccountSummary, HistoryData } from '@synctrade/api/types';
import { connectSim } from '../support/connect-sim';
import { registerUser, type TestUser } from '../support/users';

/** A trader with data of every kind, and the texts that must never appear in another trader's answers. */
export interface Tenant {
  user: TestUser;
  accountIds: number[];
  connectionId: number;
  tradeId: number;
  /** Texts only this tenant's data holds. */
  markers: string[];
}

async function call(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

export async function makeTenant(app: FastifyInstance, label: string): Promise<Tenant> {
  const tag = `${label}${randomBytes(4).toString('hex')}`;
  const user = await registerUser(app, `tenant-${tag.toLowerCase()}@example.com`);
  const connectionName = `Desk-${tag}`;
  const { connection } = await connectSim(app, user, connectionName);
  const accounts = (await call(app, user, 'GET', '/brokers/accounts')).json() as AccountSummary[];
  await call(app, user, 'POST', '/copier/trade-history/import', {
    trades: [
      {
        symbol: 'ES',
        side: 'buy',
        qty: 1,
        entry_time: '2026-01-05T14:30:00Z',
        exit_time: '2026-01-05T14:35:00Z',
        entry_price: 5000,
        exit_price: 5001,
        pnl: 50,
        external_id: `ext-${tag}`,
      },
    ],
  });
  const history = (await call(app, user, 'GET', `/copier/trade-history/${user.id}`)).json() as HistoryData;
  const tradeId = history.trades[0]?.id ?? 0;
  await call(app, user, 'PUT', `/copier/trade-history/trades/${tradeId}/journal`, {
    journal: `journal-${tag}`,
  });
  await call(app, user, 'PUT', '/copier/journal/days/2026-01-05', { note: `note-${tag}` });
  await call(app, user, 'PUT', '/auth/profile', { bio: `bio-${tag}`, first_name: `First${tag}` });
  return {
    user,
    accountIds: accounts.map((account) => account.id),
    connectionId: connection.id,
    tradeId,
    markers: [user.email, connectionName, `journal-${tag}`, `note-${tag}`, `bio-${tag}`, `First${tag}`],
  };
}
