import type React from 'react';
import { EMPTY } from '@synctrade/api';
import { Card, EmptyState, ErrorPanel, SectionHeader, Spinner } from '@synctrade/ui';
import { useSyncdeskStore, type SyncdeskState } from '../store/syncdesk-store';
import { AccountsTable } from './accounts-table';
import { AccountsToolbar } from './accounts-toolbar';
import { GroupBar } from '../groups/group-bar';
import { MainButton } from './desk-styles';
import { PaceBanner } from './throttle-note';

// A boolean selector: the panel re-renders when the answer flips, not on every live update.
const hasRoles = (state: SyncdeskState): boolean =>
  state.ids.some((id) => state.byId[id]?.is_master || state.byId[id]?.is_follower);

const pacedFollowers = (state: SyncdeskState): number =>
  state.ids.filter((id) => state.byId[id]?.pace_warning).length;
// Joined into one string: the selector's answer compares by value, so live updates do not re-render the panel.
const paceTexts = (state: SyncdeskState): string =>
  [
    ...new Set(state.ids.map((id) => state.byId[id]?.pace_warning).filter((text): text is string => !!text)),
  ].join('\n');

interface AccountsPanelProps {
  onChangeLeader(): void;
  onOpenGuide(): void;
  onOpenLimitations(): void;
}

export function AccountsPanel(props: AccountsPanelProps): React.JSX.Element {
  const count = useSyncdeskStore((state) => state.ids.length);
  const roles = useSyncdeskStore(hasRoles);
  const status = useSyncdeskStore((state) => state.accountsStatus);
  const error = useSyncdeskStore((state) => state.accountsError);
  const loadAccounts = useSyncdeskStore((state) => state.loadAccounts);
  const paced = useSyncdeskStore(pacedFollowers);
  const texts = useSyncdeskStore(paceTexts);

  let body: React.JSX.Element;
  if (count === 0 && (status === 'idle' || status === 'loading')) body = <Spinner label="Loading accounts" />;
  else if (count === 0 && status === 'error')
    body = (
      <ErrorPanel title="Accounts could not load" message={error ?? ''} onRetry={() => void loadAccounts()} />
    );
  else if (count === 0) body = <EmptyState title={EMPTY.accounts} />;
  else if (!roles)
    body = (
      <EmptyState title="Choose Your Leader Account">
        <p>Pick the account you trade on; the desk copies its trades to the accounts that follow it.</p>
        <MainButton type="button" onClick={props.onChangeLeader}>
          Select Leader
        </MainButton>
      </EmptyState>
    );
  else
    body = (
      <>
        {paced > 0 && <PaceBanner followers={paced} texts={texts.split('\n')} />}
        <AccountsTable />
      </>
    );

  return (
    <Card as="section" aria-labelledby="syncdesk-accounts-title">
      <SectionHeader>
        <h2 id="syncdesk-accounts-title">Accounts</h2>
        <AccountsToolbar {...props} />
      </SectionHeader>
      <GroupBar />
      {body}
    </Card>
  );
}
