import type React from 'react';
import { ALERT_CHANNEL_LABELS, ALERT_EVENT_LABELS, type AlertChannel } from '@synctrade/api';
import { ALERT_EVENTS } from '@synctrade/api/validation';
import { Switch, Table, TableWrap } from '@synctrade/ui';
import { useAlertsStore } from '../store/alerts-store';

/** One row per event, one column per channel, a switch in each cell. */
export function EventsTable({ channels }: { channels: AlertChannel[] }): React.JSX.Element {
  const busy = useAlertsStore((state) => state.busy);
  const toggle = useAlertsStore((state) => state.toggle);
  return (
    <TableWrap>
      <Table aria-label="Alert events">
        <thead>
          <tr>
            <th scope="col">Event</th>
            {channels.map((channel) => (
              <th scope="col" key={channel.id}>
                {ALERT_CHANNEL_LABELS[channel.kind]}: {channel.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ALERT_EVENTS.map((event) => (
            <tr key={event}>
              <th scope="row">{ALERT_EVENT_LABELS[event]}</th>
              {channels.map((channel) => (
                <td key={channel.id}>
                  <Switch
                    label={`${ALERT_EVENT_LABELS[event]} by ${ALERT_CHANNEL_LABELS[channel.kind]} (${channel.label})`}
                    checked={channel.events.includes(event)}
                    disabled={busy[String(channel.id)] ?? false}
                    onChange={(next) => void toggle(channel.id, event, next)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
