import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { EMPTY } from '@synctrade/api';
import {
  Button,
  Card,
  EmptyState,
  ErrorPanel,
  formatDateTime,
  Muted,
  Page,
  PageHeader,
  Row,
  Spinner,
} from '@synctrade/ui';
import { GroupFilter, inGroup, useCopyGroups } from './group-filter';
import { useNotificationsStore } from './notifications-store';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled(Card)<{ $unread: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  border-left: 4px solid ${({ $unread, theme }) => ($unread ? theme.color.primary : theme.color.border)};
  h2 {
    margin: 0 0 4px;
    font-size: 16px;
  }
  p {
    margin: 0 0 4px;
  }
`;

/** Risk stops, failed copies, out-of-sync followers and broker disconnections, newest first. */
export function NotificationsPage(): React.JSX.Element {
  const { items: all, unread, status, error, load, markRead, markAllRead } = useNotificationsStore();
  const groups = useCopyGroups();
  const [groupId, setGroupId] = useState<number | null>(null);
  const items = inGroup(
    all,
    groups.find((group) => group.id === groupId),
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Page>
      <PageHeader>
        <h1>Notifications</h1>
        <Row>
          <GroupFilter groups={groups} value={groupId} onChange={setGroupId} />
          <Button
            type="button"
            $variant="secondary"
            disabled={unread === 0}
            onClick={() => void markAllRead()}
          >
            Mark all as read
          </Button>
        </Row>
      </PageHeader>
      {status === 'loading' && items.length === 0 && <Spinner label="Loading notifications" />}
      {status === 'error' && error && (
        <ErrorPanel title="Notifications" message={error} onRetry={() => void load()} />
      )}
      {status === 'ready' && all.length === 0 && (
        <EmptyState title="No notifications yet">
          <Muted>{EMPTY.notificationsHint}</Muted>
        </EmptyState>
      )}
      {status === 'ready' && all.length > 0 && items.length === 0 && (
        <EmptyState title="No notifications about this group's accounts" />
      )}
      <List>
        {items.map((item) => (
          <li key={item.id}>
            <Item $unread={!item.read}>
              <div>
                <h2>
                  {item.title}
                  {!item.read && <span className="sr-only"> (unread)</span>}
                </h2>
                <p>{item.message}</p>
                <Muted>{formatDateTime(item.created_at)}</Muted>
              </div>
              {!item.read && (
                <Button
                  type="button"
                  $size="sm"
                  $variant="ghost"
                  onClick={() => void markRead(item.id)}
                  aria-label={`Mark "${item.title}" as read`}
                >
                  Mark as read
                </Button>
              )}
            </Item>
          </li>
        ))}
      </List>
    </Page>
  );
}
