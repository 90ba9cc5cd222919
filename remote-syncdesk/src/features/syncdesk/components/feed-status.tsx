import type React from 'react';
import styled from 'styled-components';
import { useSyncdeskStore } from '../store/syncdesk-store';
import type { FeedStatus as Status } from '../types';

const Pill = styled.span<{ $status: Status }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
  font-size: 13px;
  color: ${({ theme }) => theme.color.textMuted};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ $status, theme }) =>
      $status === 'live'
        ? theme.color.success
        : $status === 'reconnecting'
          ? theme.color.warning
          : theme.color.border};
  }
`;

const TEXT: Record<Status, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Offline',
};

/** A discreet live/stale indicator: while the feed is down, traders must know the numbers may be old. */
export function FeedStatus(): React.JSX.Element {
  const status = useSyncdeskStore((state) => state.feedStatus);
  return (
    <Pill
      role="status"
      $status={status}
      title={status === 'reconnecting' ? 'The live feed dropped; the table may be stale.' : undefined}
    >
      {TEXT[status]}
    </Pill>
  );
}
