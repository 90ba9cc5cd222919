import type React from 'react';
import { lazy, Suspense } from 'react';
import { hasSimAccounts } from '../store/sim-accounts';
import { useSyncdeskStore } from '../store/syncdesk-store';

// The ticket pulls in the form library: it loads only when the desk has paper accounts to trade, after the desk
// itself, which keeps the desk's first load within its budget.
const LazyOrderTicket = lazy(() => import('./order-ticket').then((m) => ({ default: m.OrderTicket })));

/** The paper order ticket on the desk, once there is a paper account. */
export function DeskOrderTicket(): React.JSX.Element | null {
  const paper = useSyncdeskStore(hasSimAccounts);
  if (!paper) return null;
  return (
    <Suspense fallback={null}>
      <LazyOrderTicket />
    </Suspense>
  );
}
