import type {
  Broker,
  BrokerGateway,
  Connection,
  ConnectionDetails,
  GatewaySystemsResponse,
} from '@synctrade/api';
import {
  BrokerGatewaySchema,
  BrokerSchema,
  ConnectionDetailsSchema,
  ConnectionSchema,
  GatewaySystemsResponseSchema,
} from '@synctrade/api/schemas';
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

/** The list as a server with Rithmic gateways configured answers it; `needs_setup` when it has none. */
export function brokersWithRithmic(state: 'ready' | 'needs_setup'): Broker[] {
  return BROKERS.map((broker) =>
    broker.id !== 'rithmic'
      ? broker
      : serverShaped(
          BrokerSchema,
          state === 'ready'
            ? { ...broker, connectable: true }
            : { ...broker, connectable: false, needs_setup: true },
        ),
  );
}

export const RITHMIC_GATEWAYS: BrokerGateway[] = (
  [
    { name: 'Rithmic Test', environment: 'demo' },
    { name: 'Rithmic Chicago', environment: 'live' },
  ] satisfies BrokerGateway[]
).map((gateway) => serverShaped(BrokerGatewaySchema, gateway));

export function buildSystems(gateway: string, systems: string[]): GatewaySystemsResponse {
  return serverShaped(GatewaySystemsResponseSchema, { gateway, systems });
}

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
