import { eventOfNotification, screenOf } from '../../src/alerts/events';

describe('which alert event a notification is', () => {
  it.each([
    [
      { kind: 'copy_failed', title: 'Copy to APEX-1 failed', message: 'Buy 1 ESZ6: Insufficient margin' },
      'copy_failed',
    ],
    [
      { kind: 'copy_failed', title: 'Copy to APEX-1 rate limited', message: 'Too many requests' },
      'out_of_sync',
    ],
    [{ kind: 'out_of_sync', title: 'APEX-1 is out of sync', message: 'Long 1 ESZ6 vs flat' }, 'out_of_sync'],
    [{ kind: 'risk_stop', title: 'APEX-1 flattened', message: 'Flat by 15:59' }, 'firm_rule'],
    [{ kind: 'risk_stop', title: 'APEX-1 stopped following', message: 'Daily loss limit' }, 'firm_rule'],
    [
      { kind: 'risk_stop', title: 'LEAD-1 broke its firm rule', message: 'Drawdown reached' },
      'leader_breach',
    ],
    [
      { kind: 'broker_disconnected', title: 'Broker authorization expired', message: 'Renewal failed' },
      'connection',
    ],
    [{ kind: 'info', title: 'Daily summary for 3 Dec', message: '…' }, 'daily_summary'],
    [{ kind: 'info', title: 'Welcome', message: '…' }, null],
  ] as const)('when %o is raised, then it is %s', (input, event) => {
    expect(eventOfNotification(input)).toBe(event);
  });

  it('when an alert links to its screen, then it is under PUBLIC_URL', () => {
    expect(screenOf('connection', 'https://app.example.com')).toBe('https://app.example.com/connections');
    expect(screenOf('copy_failed', 'https://app.example.com')).toBe('https://app.example.com/syncdesk');
  });
});
