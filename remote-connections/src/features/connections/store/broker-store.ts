import { create } from 'zustand';
import {
  connectBroker,
  connectBrokerWithKey,
  connectBrokerWithLogin,
  type ApiKeyConnectPayload,
  type LoginConnectPayload,
  errorMessage,
  isCanceled,
  latestSignal,
  listBrokers,
  successMessage,
  SUCCESS,
  type Broker,
  type BrokerId,
  type Environment,
} from '@synctrade/api';
import { bus } from '@synctrade/event-bus';
import { notify } from '@synctrade/ui';
import type { LoadStatus } from '../types';
import { browserWindow } from './browser-window';

export interface BrokerState {
  brokers: Broker[];
  status: LoadStatus;
  error: string | null;
  connecting: boolean;
  fetchBrokers(): Promise<void>;
  /** Starts the connect flow; true when the window is on its way to the broker. */
  connect(broker: BrokerId, input: { connection_name: string; environment: Environment }): Promise<boolean>;
  /** Connects a broker by user name and API key (ProjectX); true once the server stored the connection. */
  connectWithKey(broker: BrokerId, payload: ApiKeyConnectPayload): Promise<boolean>;
  /** Connects a broker by user name and password (Rithmic); true once the server stored the connection. */
  connectWithLogin(broker: BrokerId, payload: LoginConnectPayload): Promise<boolean>;
}

/** Display names for broker ids before (or without) the server's list. */
const KNOWN_NAMES: Record<BrokerId, string> = {
  tradovate: 'Tradovate',
  rithmic: 'Rithmic',
  dxfeed: 'dxFeed',
  projectx: 'ProjectX',
  sim: 'Paper trading',
};

export function brokerName(id: BrokerId, brokers: Broker[] = []): string {
  return brokers.find((broker) => broker.id === id)?.name ?? KNOWN_NAMES[id] ?? id;
}

export const useBrokerStore = create<BrokerState>()((set, get) => ({
  brokers: [],
  status: 'idle',
  error: null,
  connecting: false,

  async fetchBrokers() {
    const signal = latestSignal('brokers');
    set({ status: 'loading', error: null });
    try {
      const brokers = await listBrokers({ signal });
      set({ brokers, status: 'success' });
    } catch (error: unknown) {
      if (isCanceled(error)) return;
      // Shown inside the drawer; the connect fallback is the closest action of the spec's catalogue.
      set({ status: 'error', error: errorMessage(error, 'connect') });
    }
  },

  async connect(broker, input) {
    set({ connecting: true });
    try {
      const data = await connectBroker(broker, input);
      const fallback =
        broker === 'tradovate' ? SUCCESS.connect : `Redirecting to ${brokerName(broker, get().brokers)}`;
      notify.success(successMessage(data, fallback));
      // The whole window goes to the broker's page; it comes back to /connections with status and message.
      browserWindow.assign(data.url);
      return true;
    } catch (error: unknown) {
      notify.error(errorMessage(error, 'connect'));
      return false;
    } finally {
      set({ connecting: false });
    }
  },

  connectWithKey(broker, payload) {
    return stored(set, payload.connection_name, () => connectBrokerWithKey(broker, payload));
  },

  connectWithLogin(broker, payload) {
    return stored(set, payload.connection_name, () => connectBrokerWithLogin(broker, payload));
  },
}));

/** A connect the server checks and stores without a redirect: toasts the outcome; true once stored. */
async function stored(
  set: (partial: Partial<BrokerState>) => void,
  connectionName: string,
  call: () => Promise<{ message: string; connection_id: number }>,
): Promise<boolean> {
  set({ connecting: true });
  try {
    const data = await call();
    notify.success(successMessage(data, `Connection ${connectionName} added successfully`));
    // No redirect: the list (and every listener of the event) reloads here.
    bus.emit('connections:changed', { connectionId: data.connection_id });
    return true;
  } catch (error: unknown) {
    notify.error(errorMessage(error, 'connect'));
    return false;
  } finally {
    set({ connecting: false });
  }
}
