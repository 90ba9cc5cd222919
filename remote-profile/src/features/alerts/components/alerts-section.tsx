import type React from 'react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { ALERT_CHANNEL_LABELS } from '@synctrade/api';
import { Button, Card, Muted } from '@synctrade/ui';
import { useAlertsStore } from '../store/alerts-store';
import { DiscordForm } from './discord-form';
import { EventsTable } from './events-table';
import { LagForm } from './lag-form';
import { PushButton } from './push-button';
import { TelegramLink } from './telegram-link';

const Block = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h2,
  h3 {
    margin: 0;
  }
  h2 {
    font-size: 18px;
  }
  h3 {
    font-size: 15px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

/** The Profile's "Alerts" section: the channels the trader connected, how to add one, and the events table. */
export function AlertsSection(): React.JSX.Element {
  const setup = useAlertsStore((state) => state.setup);
  const status = useAlertsStore((state) => state.status);
  const busy = useAlertsStore((state) => state.busy);
  const load = useAlertsStore((state) => state.load);
  const test = useAlertsStore((state) => state.test);
  const disconnect = useAlertsStore((state) => state.disconnect);
  const addEmail = useAlertsStore((state) => state.addEmail);

  useEffect(() => {
    void load();
  }, [load]);

  const channels = setup?.channels ?? [];
  const hasEmail = channels.some((channel) => channel.kind === 'email');
  return (
    <Card>
      <Block aria-labelledby="alerts-title">
        <h2 id="alerts-title">Alerts</h2>
        <Muted>
          Rejected copies, followers out of sync, firm rules acting and lost connections reach you wherever
          you are.
        </Muted>
        {status === 'error' && !setup && (
          <div>
            <Button type="button" onClick={() => void load()}>
              Try again
            </Button>
          </div>
        )}
        {setup && (
          <>
            <h3>Channels</h3>
            {channels.length === 0 ? (
              <Muted>No alert channel yet.</Muted>
            ) : (
              <ul aria-label="Alert channels">
                {channels.map((channel) => {
                  const name = `${ALERT_CHANNEL_LABELS[channel.kind]}: ${channel.label}`;
                  const waiting = busy[String(channel.id)] ?? false;
                  return (
                    <li key={channel.id}>
                      <span>{name}</span>
                      <Button
                        type="button"
                        $size="sm"
                        disabled={waiting}
                        aria-label={`Send a test message to ${name}`}
                        onClick={() => void test(channel.id)}
                      >
                        Test message
                      </Button>
                      <Button
                        type="button"
                        $size="sm"
                        $variant="secondary"
                        disabled={waiting}
                        aria-label={`Disconnect ${name}`}
                        onClick={() => void disconnect(channel.id)}
                      >
                        Disconnect
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
            <h3>Connect a channel</h3>
            {setup.telegram && <TelegramLink />}
            <DiscordForm />
            {!hasEmail && (
              <div>
                <Button type="button" disabled={busy.new ?? false} onClick={() => void addEmail()}>
                  Send alerts by e-mail
                </Button>
              </div>
            )}
            {setup.webpush_key && <PushButton publicKey={setup.webpush_key} />}
            {channels.length > 0 && (
              <>
                <h3>Events</h3>
                <EventsTable channels={channels} />
                <LagForm seconds={setup.out_of_sync_after_s} />
              </>
            )}
          </>
        )}
      </Block>
    </Card>
  );
}
