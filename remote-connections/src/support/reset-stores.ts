import { useBrokerStore, useConnectionStore } from '../features/connections';

/** Zustand stores live for the whole test file: start every test from their initial state. */
export function resetStores(): void {
  useConnectionStore.setState(useConnectionStore.getInitialState(), true);
  useBrokerStore.setState(useBrokerStore.getInitialState(), true);
}
