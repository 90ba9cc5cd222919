import type React from 'react';
import { useCallback, useRef } from 'react';
import { PropGuardPanel } from '../../propfirm';
import { accountNames, NO_ACCOUNT_NAMES, type AccountNames } from '../store/account-names';
import { useSyncdeskStore, type SyncdeskState } from '../store/syncdesk-store';

/** The prop-firm guard under the accounts, with the desk's account names. */
export function DeskPropGuard(): React.JSX.Element {
  // The same list while no name or id changes: the panel re-renders only then, not on every live update.
  const last = useRef<AccountNames>(NO_ACCOUNT_NAMES);
  const names = useSyncdeskStore(
    useCallback((state: SyncdeskState) => {
      last.current = accountNames(last.current, state);
      return last.current;
    }, []),
  );
  return <PropGuardPanel accounts={names.list} />;
}
