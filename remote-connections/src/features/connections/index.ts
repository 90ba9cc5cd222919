/** The connections feature's public face for the other features and the exposes. */
export { ConnectionsPage } from './components/connections-page';
export { StatusBadge } from './components/status-badge';
export { useConnectionStore, type ConnectionState } from './store/connection-store';
export { useBrokerStore, brokerName } from './store/broker-store';
export type { LoadStatus } from './types';
