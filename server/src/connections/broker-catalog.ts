import type { Broker, BrokerId } from '@synctrade/api/types';
import type { BrokerRegistry } from '../brokers/registry';

/** Brokers the product names (spec section 1) that have no adapter yet: listed as not connectable. */
const KNOWN: Array<{ id: BrokerId; name: string }> = [
  { id: 'tradovate', name: 'Tradovate' },
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
  for (const known of KNOWN) {
    if (!brokers.some((broker) => broker.id === known.id)) brokers.push({ ...known, connectable: false });
  }
  return brokers;
}

export function knownBrokerName(id: string): string | undefined {
  return KNOWN.find((broker) => broker.id === id)?.name;
}
