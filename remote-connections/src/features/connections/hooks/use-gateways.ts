import { useCallback, useEffect, useState } from 'react';
import {
  errorMessage,
  isCanceled,
  listBrokerGateways,
  listGatewaySystems,
  type BrokerGateway,
  type BrokerId,
} from '@synctrade/api';
import type { LoadStatus } from '../types';

export interface Loaded<T> {
  data: T;
  status: LoadStatus;
  error: string | null;
  retry(): void;
}

/**
 * Loads `load()` whenever `key` changes (null: nothing to load), cancelling the previous request, so a list
 * always belongs to the key shown; `retry` asks again after a failure.
 */
function useLoad<T>(key: string | null, empty: T, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'retry'>>({ data: empty, status: 'idle', error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) {
      setState({ data: empty, status: 'idle', error: null });
      return undefined;
    }
    const controller = new AbortController();
    setState({ data: empty, status: 'loading', error: null });
    load(controller.signal).then(
      (data) => setState({ data, status: 'success', error: null }),
      (error: unknown) => {
        if (isCanceled(error) || controller.signal.aborted) return;
        setState({ data: empty, status: 'error', error: errorMessage(error, 'connect') });
      },
    );
    return () => controller.abort();
    // `load` and `empty` are recreated each render; the key and the retry count say when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}

const NO_GATEWAYS: BrokerGateway[] = [];
const NO_SYSTEMS: string[] = [];

/** The operator's gateways of a broker that signs in with a password (names and environments). */
export function useGateways(broker: BrokerId, enabled: boolean): Loaded<BrokerGateway[]> {
  return useLoad(enabled ? broker : null, NO_GATEWAYS, (signal) => listBrokerGateways(broker, { signal }));
}

/** The systems the chosen gateway lists, asked again whenever the gateway changes. */
export function useGatewaySystems(broker: BrokerId, gateway: string): Loaded<string[]> {
  return useLoad(gateway === '' ? null : gateway, NO_SYSTEMS, async (signal) => {
    const answer = await listGatewaySystems(broker, gateway, { signal });
    return answer.systems;
  });
}
