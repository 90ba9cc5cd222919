import { eventOfNotification, screenOf } from '../../src/alerts/events';
import { noticeOf } from '../../src/copier/engine-notices';

describe('which alert event a notification is', () => {
  it.each([
    [
      { kind: 'copy_failed', title: 'Copy to APEX-1 failed', message: 'Buy 1 ESZ6: Insufficient margin' },
      'copy_failed',
    ],
    // A copy the rate limit kept from going out was not sent: a failed copy.
    [
      noticeOf({ kind: 'copy_rate_limited', accountName: 'APEX-1', reason: 'Too many requests' }),
      'copy_failed',
    ],
    // Out of sync at once is the desk's notice only: the alert waits for the trader's setting.
    [noticeOf({ kind: 'out_of_sync', accountName: 'APEX-1', differences: 'Long 1 ESZ6 vs flat' }), null],
    [
      noticeOf({
        kind: 'lagging',
        accountName: 'APEX-1',
        state: 'rate_limited',
        lagSeconds: 30,
        reason: "Waiting for the broker's request limit",
      }),
      'out_of_sync',
    ],
    [{ kind: 'out_of_sync', title: 'APEX-1 out of sync for 2 min', message: '…' }, 'out_of_sync'],
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

  it('when a follower lags, then its notice says how long and why, without a doubled full stop', () => {
    const lag = (lagSeconds: number, reason: string) =>
      noticeOf({ kind: 'lagging', accountName: 'APEX-1', state: 'out_of_sync', lagSeconds, reason });
    expect(lag(30, 'Out of sync (ESZ6: 0, leader × ratio: 1)')).toEqual({
      kind: 'out_of_sync',
      title: 'APEX-1 out of sync for 30 s',
      message: 'Out of sync (ESZ6: 0, leader × ratio: 1). Open the desk to see it.',
      alert: 'out_of_sync',
    });
    expect(lag(300, 'Outcome unknown.').title).toBe('APEX-1 out of sync for 5 min');
    expect(lag(300, 'Outcome unknown.').message).toBe('Outcome unknown. Open the desk to see it.');
    expect(lag(0, 'x').title).toBe('APEX-1 out of sync for a moment');
  });

  it('when an alert links to its screen, then it is under PUBLIC_URL', () => {
    expect(screenOf('connection', 'https://app.example.com')).toBe('https://app.example.com/connections');
    expect(screenOf('copy_failed', 'https://app.example.com')).toBe('https://app.example.com/syncdesk');
  });
});
