import type React from 'react';
import { useEffect, useState } from 'react';
import { useBusEvent } from '@synctrade/event-bus';
import { Button, Page, PageHeader, Row } from '@synctrade/ui';
import { useAccountFeed } from '../hooks/use-account-feed';
import { useMediaQuery } from '../hooks/use-media-query';
import { takePreloaded } from '../preload-desk';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { AccountsPanel } from './accounts-panel';
import { DeskOrderTicket } from './desk-order-ticket';
import { CARD_QUERY } from './desk-styles';
import { DeskPropGuard } from './desk-prop-guard';
import { FeedStatus } from './feed-status';
import { GuideModal, LimitationsModal } from './info-modals';
import { KillSwitchPanel } from '../kill-switch/kill-switch-panel';
import { LeaderModal } from './leader-modal';
import { OrdersPanel } from './orders-panel';

type Dialog = 'guide' | 'limitations' | 'leader' | null;

/** /syncdesk: the live desk where traders run the copier. */
export function SyncdeskPage(): React.JSX.Element {
  const [dialog, setDialog] = useState<Dialog>(null);
  const loadAccounts = useSyncdeskStore((state) => state.loadAccounts);
  const loadGroups = useSyncdeskStore((state) => state.loadGroups);
  useAccountFeed();
  useEffect(() => {
    // Asked for already when the desk was the page opened (preloadDesk).
    if (takePreloaded()) return;
    void loadAccounts();
    void loadGroups();
  }, [loadAccounts, loadGroups]);
  // Another screen added, removed or toggled a connection: the desk's accounts changed with it.
  useBusEvent('connections:changed', () => void loadAccounts());
  const close = (): void => setDialog(null);
  // On a phone the accounts are a long column of cards: the kill switches and the ticket come first so they are
  // reachable at once. They are moved in the document, not only on screen, so the Tab order follows what is seen.
  const phone = useMediaQuery(CARD_QUERY);

  return (
    <Page>
      <PageHeader>
        <h1>Sync Desk</h1>
        <Row>
          <FeedStatus />
          <Button type="button" $variant="secondary" onClick={() => setDialog('guide')}>
            SyncDesk Guide
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setDialog('limitations')}>
            Limitations
          </Button>
        </Row>
      </PageHeader>
      {phone && <KillSwitchPanel />}
      {phone && <DeskOrderTicket />}
      <AccountsPanel
        onChangeLeader={() => setDialog('leader')}
        onOpenGuide={() => setDialog('guide')}
        onOpenLimitations={() => setDialog('limitations')}
      />
      <DeskPropGuard />
      {!phone && <DeskOrderTicket />}
      <OrdersPanel />
      <GuideModal open={dialog === 'guide'} onClose={close} />
      <LimitationsModal open={dialog === 'limitations'} onClose={close} />
      <LeaderModal open={dialog === 'leader'} onClose={close} />
    </Page>
  );
}
