import { act, screen, waitFor, within, type ApiMock } from '@synctrade/test-utils';
import type { FollowerThrottle, SyncAccount } from '@synctrade/api';
import { buildAccount } from '../support/builders';
import { FakeSocket } from '../support/fake-socket';
import { deskApi, renderDesk, rowOf, setUpDesk } from '../support/render-desk';

const NOW = Date.parse('2026-12-02T10:00:00.000Z');

const throttle = (overrides: Partial<FollowerThrottle> = {}): FollowerThrottle => ({
  queued: 3,
  next_send_at: new Date(NOW + 12_000).toISOString(),
  target_qty: -24,
  position: 33,
  limit_per_minute: 80,
  ...overrides,
});

describe('a follower waiting on its broker request limit', () => {
  let api: ApiMock;
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW });
    setUpDesk();
  });
  afterEach(() => {
    api.restore();
    jest.useRealTimers();
  });

  it('shows the wait instead of ok or a bare "Rate limited": queued requests, a live countdown to the next send, and the signed position it converges to', async () => {
    api = deskApi({
      accounts: [
        buildAccount({ id: 1, is_master: true }),
        buildAccount({
          id: 2,
          is_follower: true,
          ratio: 3,
          state: 'rate_limited',
          state_reason: null,
          throttle: throttle(),
        }),
        buildAccount({
          id: 3,
          is_follower: true,
          state: 'ok',
          throttle: throttle({ queued: 1, next_send_at: null, target_qty: 0, position: -2 }),
        }),
        buildAccount({ id: 4, is_follower: true, state: 'ok', throttle: null }),
      ],
    });
    renderDesk();
    const row = await rowOf('Paper 2');
    expect(within(row).getByText('Broker limit 80/min')).toBeInTheDocument();
    expect(within(row).queryByText('Rate limited')).not.toBeInTheDocument();
    expect(within(row).getByText('3 queued')).toBeInTheDocument();
    expect(within(row).getByText('next send in 12 s')).toBeInTheDocument();
    expect(within(row).getByText('converging to \u221224, now +33')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5_000));
    expect(within(row).getByText('next send in 7 s')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(8_000));
    expect(within(row).getByText('next send now')).toBeInTheDocument();

    const other = await rowOf('Paper 3');
    expect(within(other).getByText('1 queued')).toBeInTheDocument();
    expect(within(other).getByText('next send when the limit allows')).toBeInTheDocument();
    expect(within(other).getByText('converging to 0, now \u22122')).toBeInTheDocument();
    expect(within(await rowOf('Paper 4')).queryByText(/Broker limit/)).not.toBeInTheDocument();
  });

  it('when the feed brings the follower’s throttle, then the row shows it, and drops it when the wait is over', async () => {
    api = deskApi({
      accounts: [buildAccount({ id: 1, is_master: true }), buildAccount({ id: 2, is_follower: true })],
    });
    renderDesk();
    const row = await rowOf('Paper 2');
    expect(within(row).queryByText(/Broker limit/)).not.toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeSocket.latest();
    act(() => socket.open());
    const push = (accounts: SyncAccount[]): void =>
      act(() => {
        socket.receive({ type: 'account_data', accounts });
        // Updates are applied once per animation frame.
        jest.advanceTimersToNextFrame();
      });
    const leader = buildAccount({ id: 1, is_master: true });
    const waiting = buildAccount({ id: 2, is_follower: true, throttle: throttle({ queued: 2 }) });
    push([leader, waiting]);
    expect(within(row).getByText('2 queued')).toBeInTheDocument();
    push([leader, { ...waiting, throttle: null }]);
    expect(within(row).queryByText(/Broker limit/)).not.toBeInTheDocument();
  });

  it('shows a pace warning on each row that has one (its arithmetic one click away), and once above the table with each distinct arithmetic', async () => {
    // Clicks need running timers; this test has no countdown.
    jest.useRealTimers();
    const pace =
      'The leader placed 12 orders a minute; 4 followers on this login need 48 requests a minute, the limit is 80 with reads.';
    const other =
      'The leader placed 30 orders a minute; 3 followers on this login need 90 requests a minute, the limit is 80.';
    api = deskApi({
      accounts: [
        buildAccount({ id: 1, is_master: true }),
        buildAccount({ id: 2, is_follower: true, pace_warning: pace }),
        buildAccount({ id: 3, is_follower: true, pace_warning: pace }),
        buildAccount({ id: 4, is_follower: true, pace_warning: null }),
        buildAccount({ id: 5, is_follower: true, pace_warning: other }),
      ],
    });
    const { user } = renderDesk();
    for (const name of ['Paper 2', 'Paper 3']) {
      const row = await rowOf(name);
      const warning = within(row).getByRole('group');
      expect(within(warning).getByText('Pace warning')).toBeInTheDocument();
      expect(warning).not.toHaveAttribute('open');
      await user.click(within(warning).getByText('Pace warning'));
      expect(warning).toHaveAttribute('open');
      expect(within(warning).getByText(pace)).toBeVisible();
    }
    expect(within(await rowOf('Paper 4')).queryByText('Pace warning')).not.toBeInTheDocument();
    const banners = screen
      .getAllByRole('status')
      .filter((element) => /Pace warning/.test(element.textContent ?? ''));
    expect(banners).toHaveLength(1);
    expect(banners[0]).toHaveTextContent(/Pace warning on 3 followers/);
    expect(banners[0]!.textContent!.split(pace)).toHaveLength(2);
    expect(banners[0]).toHaveTextContent(other);
  });
});
