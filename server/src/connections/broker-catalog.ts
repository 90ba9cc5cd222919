import type { Broker, BrokerId } from '@synctrade/api/types';
import type { BrokerRegistry } from '../brokers/registry';

/**
 * Brokers the product names (spec section 1), listed as not connectable when the registry lacks them.
 * `setUpByOperator`: the server has the adapter but registers it only once its operator configured it
 * (Tradovate needs OAuth credentials), so it reads "not set up on this server", not "coming soon".
 */
const KNOWN: Array<{ id: BrokerId; name: string; setUpByOperator?: true }> = [
  { id: 'tradovate', name: 'Tradovate', setUpByOperator: true },
  { id: 'rithmic', name: 'Rithmic' },
  { id: 'dxfeed', name: 'dxFeed' },
  { id: 'projectx', name: 'ProjectX' },
];

/**
 * The registry's adapters first, then every known broker the registry lacks. A broker this server has but
 * cannot connect because its operator configured no gateway (Rithmic without `RITHMIC_GATEWAYS`) is marked
 * `needs_setup`, so the drawer says how to enable it instead of "coming soon".
 */
export function listBrokers(registry: BrokerRegistry): Broker[] {
  const brokers: Broker[] = registry.list().map((adapter) => ({
    id: adapter.id,
    name: adapter.name,
    connectable: adapter.connectable,
    ...(!adapter.connectable && adapter.gateways !== undefined ? { needs_setup: true } : {}),
  }));
  for (const { id, name, setUpByOperator } of KNOWN) {
    if (brokers.some((broker) => broker.id === id)) continue;
    brokers.push({ id, name, connectable: false, ...(setUpByOperator ? { needs_setup: true } : {}) });
  }
  return brokers;
}

export function knownBrokerName(id: string): string | undefined {
  return KNOWN.find((broker) => broker.id === id)?.name;
}
