import type React from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { Card, formatMoney, Muted } from '@synctrade/ui';
import { nearestLimit, summarizeGroups, type GroupState } from './cockpit-summary';
import { healthDetail } from './connection-health-text';
import { useCockpit } from './use-cockpit';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;

  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Line = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;

  > span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Amount = styled.span<{ $sign: number }>`
  color: ${({ $sign, theme }) =>
    $sign < 0 ? theme.color.danger : $sign > 0 ? theme.color.success : theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const PNL_LINES = 10;

const STATE_TEXT: Record<GroupState, string> = {
  copying: 'Copying',
  paused: 'Paused',
  'leader breached': 'Leader breached: not copying',
  throttled: 'Throttled by the broker’s request limit',
  'no leader': 'No leader chosen',
};

const CONNECTION_TEXT = {
  connected: 'Connected',
  reauth_required: 'Sign in again',
  disconnected: 'Disconnected',
};

function Money({ amount }: { amount: number }): React.JSX.Element {
  // Nothing made or lost today is neither green nor red.
  return <Amount $sign={Math.sign(amount)}>{formatMoney(amount)}</Amount>;
}

/**
 * Home's cockpit: each copy group's state and followers in sync, today's P&L per account and in total, each
 * connection's health and the nearest prop-firm limit. Read from the same calls as the desk, so it says what the
 * desk says.
 */
export function CopyCockpit(): React.JSX.Element {
  const { groups, rows, connections, health, headroom, readAt, loaded, failed } = useCockpit();
  const summaries = summarizeGroups(groups, rows, headroom);
  const limit = nearestLimit(headroom, rows, formatMoney);
  const total = Math.round(rows.reduce((sum, row) => sum + row.day_pnl, 0) * 100) / 100;
  // The largest moves first; a long list of accounts stops at ten (the desk lists them all).
  const listed = [...rows].sort((a, b) => Math.abs(b.day_pnl) - Math.abs(a.day_pnl) || a.id - b.id);
  const shown = listed.slice(0, PNL_LINES);

  return (
    <section aria-labelledby="cockpit-title">
      <h2 id="cockpit-title">Copier</h2>
      {!loaded ? (
        <Muted role="status">Loading the copier’s state…</Muted>
      ) : failed && rows.length === 0 ? (
        <Muted role="status">The copier’s state could not be read. It refreshes every 15 seconds.</Muted>
      ) : rows.length === 0 ? (
        <p>
          No broker account yet. <Link to="/connections">Add a connection</Link> to start copying.
        </p>
      ) : (
        <Grid>
          {summaries.map((group) => (
            <Box key={group.id} role="group" aria-label={`Copy group ${group.name}`}>
              <h3>{group.name}</h3>
              <Line>
                <span>{STATE_TEXT[group.state]}</span>
              </Line>
              <Line>
                <span>Leader</span>
                <span>{group.leaderName ?? '—'}</span>
              </Line>
              <Line>
                <span>Followers in sync</span>
                <span>
                  {group.inSync} of {group.followers}
                </span>
              </Line>
              <Line>
                <span>Today’s P&amp;L</span>
                <Money amount={group.dayPnl} />
              </Line>
            </Box>
          ))}
          <Box role="group" aria-label="Today’s P&L">
            <h3>Today’s P&amp;L</h3>
            {shown.map((row) => (
              <Line key={row.id}>
                <span>{row.account_name}</span>
                <Money amount={row.day_pnl} />
              </Line>
            ))}
            {listed.length > shown.length && (
              <Muted>
                and {listed.length - shown.length} more account{listed.length - shown.length === 1 ? '' : 's'}{' '}
                on the Sync Desk
              </Muted>
            )}
            <Line>
              <strong>Total</strong>
              <Money amount={total} />
            </Line>
          </Box>
          <Box role="group" aria-label="Connections’ health">
            <h3>Connections</h3>
            {connections.map((connection) => (
              <div key={connection.id}>
                <Line>
                  <span>{connection.connection_name}</span>
                  <span>{connection.enabled ? CONNECTION_TEXT[connection.status] : 'Switched off'}</span>
                </Line>
                <Muted>{healthDetail(connection, health.get(connection.id), readAt)}</Muted>
              </div>
            ))}
          </Box>
          <Box role="group" aria-label="Nearest firm limit">
            <h3>Nearest firm limit</h3>
            {limit === null ? (
              <Muted>No account has firm rules.</Muted>
            ) : (
              <Line>
                <span>{limit.accountName}</span>
                <span>{limit.text}</span>
              </Line>
            )}
          </Box>
        </Grid>
      )}
    </section>
  );
}
