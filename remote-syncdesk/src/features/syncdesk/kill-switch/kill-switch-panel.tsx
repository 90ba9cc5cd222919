import type React from 'react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { getGroups, getTwoFactorStatus, type CopyGroup, type SyncAccount } from '@synctrade/api';
import { Button } from '@synctrade/ui';
import { useSyncdeskStore } from '../store/syncdesk-store';
import { KillSwitchDialog, type KillTarget } from './kill-switch-dialog';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.md};

  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
`;

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding-top: ${({ theme }) => theme.space(2)};
  border-top: 1px solid ${({ theme }) => theme.color.border};

  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Line = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;

  span {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

function positionText(account: SyncAccount): string {
  if (account.qty === 0 || account.side === 'flat') return 'flat';
  return `${account.side === 'long' ? 'long' : 'short'} ${account.qty}`;
}

function roleText(account: SyncAccount): string {
  if (account.is_master) return 'leader';
  return account.is_follower ? 'follower' : 'not copying';
}

/**
 * The phone's kill switches: one per copy group and one per account, each confirmed (with the 2FA code when 2FA
 * is on). A trader away from the desk stops everything from here without scrolling through the full desk.
 */
export function KillSwitchPanel(): React.JSX.Element {
  const byId = useSyncdeskStore((state) => state.byId);
  const [groups, setGroups] = useState<CopyGroup[]>([]);
  const [twoFactor, setTwoFactor] = useState(false);
  const [target, setTarget] = useState<KillTarget | null>(null);

  useEffect(() => {
    let live = true;
    getGroups().then(
      (list) => live && setGroups(list),
      () => undefined,
    );
    // When the status cannot be read the server still asks for the code: the dialog then shows its answer.
    getTwoFactorStatus().then(
      (status) => live && setTwoFactor(status.enabled),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <Section aria-labelledby="kill-switch-heading">
      <h2 id="kill-switch-heading">Kill switch</h2>
      {groups.length === 0 && <p>Loading your copy groups…</p>}
      {groups.map((group) => {
        const accounts = group.account_ids
          .map((id) => byId[id])
          .filter((account): account is SyncAccount => account !== undefined);
        return (
          <Group key={group.id}>
            <Line>
              <h3>
                {group.name}
                {group.paused ? ' (paused)' : ''}
              </h3>
              <Button
                type="button"
                $variant="danger"
                onClick={() => setTarget({ kind: 'group', id: group.id, name: group.name })}
              >
                Stop group
              </Button>
            </Line>
            <List aria-label={`Accounts of ${group.name}`}>
              {accounts.map((account) => (
                <li key={account.id}>
                  <Line>
                    <span>
                      {account.account_name} · {roleText(account)} · {positionText(account)}
                    </span>
                    <Button
                      type="button"
                      $variant="secondary"
                      $size="sm"
                      aria-label={`Stop ${account.account_name}`}
                      onClick={() =>
                        setTarget({ kind: 'account', id: account.id, name: account.account_name })
                      }
                    >
                      Stop
                    </Button>
                  </Line>
                </li>
              ))}
            </List>
          </Group>
        );
      })}
      {target && <KillSwitchDialog target={target} twoFactor={twoFactor} onClose={() => setTarget(null)} />}
    </Section>
  );
}
