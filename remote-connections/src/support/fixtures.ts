import type { Broker, Connection, ConnectionDetails } from '@synctrade/api';
import { BrokerSchema, ConnectionDetailsSchema, ConnectionSchema } from '@synctrade/api/schemas';
import { serverShaped } from '@synctrade/test-utils';

// Every fixture is checked against the server's schema as it is built: it must be an answer the server can send.

export const BROKERS: Broker[] = (
  [
    { id: 'sim', name: 'Paper trading (SyncTrade Sim)', connectable: true },
    { id: 'tradovate', name: 'Tradovate', connectable: true },
    { id: 'rithmic', name: 'Rithmic', connectable: false },
    { id: 'dxfeed', name: 'dxFeed', connectable: false },
    { id: 'projectx', name: 'ProjectX', connectable: true },
  ] satisfies Broker[]
).map((broker) => serverShaped(BrokerSchema, broker));

export function buildConnection(overrides: Partial<Connection> = {}): Connection {
  return serverShaped(ConnectionSchema, {
    id: 4,
    connection_name: 'Apex evals',
    enabled: true,
    broker_name: 'tradovate',
    account_count: 3,
    environment: 'demo',
    status: 'connected',
    ...overrides,
  });
}

export function buildDetails(overrides: Partial<ConnectionDetails> = {}): ConnectionDetails {
  return serverShaped(ConnectionDetailsSchema, {
    connection: {
      id: 4,
      connection_name: 'Apex evals',
      user_data: 'trader.joe',
      broker_name: 'tradovate',
      environment: 'demo',
    },
    accounts: [
      {
        id: 11,
        account_name: 'APEX-1',
        currency_name: 'USD',
        currency_symbol: '$',
        cash_balance: 50250.5,
        active: true,
        enabled: true,
      },
      {
        id: 12,
        account_name: 'APEX-2',
        currency_name: 'USD',
        currency_symbol: '$',
        cash_balance: -125,
        active: false,
        enabled: false,
      },
    ],
    ...overrides,
  });
}
