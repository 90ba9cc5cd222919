import type React from 'react';
import { useMemo } from 'react';
import { PropGuardPanel } from '../../propfirm';
import { useSyncdeskStore, type SyncdeskState } from '../store/syncdesk-store';

// A string answer: live P&L updates replace the rows often, the names and ids rarely; the panel re-renders
// only when one of those changes.
const namesKey = (state: SyncdeskState): string =>
  JSON.stringify(
    state.ids.map((id) => {
      const row = state.byId[id];
      return [id, row === undefined ? `#${id}` : `${row.account_name} (${row.connection_name})`];
    }),
  );

/** The prop-firm guard under the accounts, with the desk's account names. */
export function DeskPropGuard(): React.JSX.Element {
  const key = useSyncdeskStore(namesKey);
  const accounts = useMemo(
    () => (JSON.parse(key) as Array<[number, string]>).map(([id, name]) => ({ id, name })),
    [key],
  );
  return <PropGuardPanel accounts={accounts} />;
}
