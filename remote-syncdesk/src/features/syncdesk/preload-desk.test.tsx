import { act, fakeToken, screen, waitFor, type ApiMock } from '@synctrade/test-utils';
import { clearToken } from '@synctrade/api';
import { preload } from '../../exposes/routes';
import { deskAccounts } from './support/builders';
import { FakeSocket } from './support/fake-socket';
import { deskApi, renderDesk, setUpDesk, USER_ID } from './support/render-desk';
import { resetEarlyFeed, UNCLAIMED_FEED_MS } from './store/desk-feed';
import { takePreloaded } from './preload-desk';

describe('the desk opened as the first page', () => {
  let api: ApiMock;
  beforeEach(() => {
    setUpDesk();
    takePreloaded();
    api = deskApi({ accounts: deskAccounts() });
  });
  afterEach(() => {
    resetEarlyFeed();
    api.restore();
    jest.useRealTimers();
  });

  it('when the host preloads the desk, then the feed and the lists start before it renders, and the desk takes them without asking again', async () => {
    preload();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    expect(api.callsTo('POST /auth/ws-ticket')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /brokers/accounts/table')).toHaveLength(1));
    expect(api.callsTo('GET /copier/groups')).toHaveLength(1);
    act(() => FakeSocket.latest().open());

    renderDesk();
    expect(await screen.findByRole('cell', { name: /^Paper 2/ })).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(api.callsTo('POST /auth/ws-ticket')).toHaveLength(1);
    expect(api.callsTo('GET /brokers/accounts/table')).toHaveLength(1);
    expect(api.callsTo('GET /copier/groups')).toHaveLength(1);
  });

  it('when the desk is opened again later, then it reads its lists and opens its own feed', async () => {
    preload();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const first = renderDesk();
    await screen.findByRole('cell', { name: /^Paper 2/ });
    first.unmount();
    expect(FakeSocket.latest().closed).toBe(true);

    renderDesk();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET /brokers/accounts/table')).toHaveLength(2));
    expect(api.callsTo('POST /auth/ws-ticket')).toHaveLength(2);
  });

  it('when the session changed before the desk mounts, then the desk reads its lists itself', async () => {
    preload();
    await waitFor(() => expect(api.callsTo('GET /copier/groups')).toHaveLength(1));
    // The stored token was refused and the trader signed in again: same trader, a new token.
    window.localStorage.setItem('access_token', `${fakeToken(USER_ID)}-renewed`);
    renderDesk();
    await waitFor(() => expect(api.callsTo('GET /copier/groups')).toHaveLength(2));
    expect(api.callsTo('GET /brokers/accounts/table')).toHaveLength(2);
  });

  it('when no desk takes the early feed in time, then it is closed', async () => {
    jest.useFakeTimers();
    preload();
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    act(() => jest.advanceTimersByTime(UNCLAIMED_FEED_MS));
    expect(FakeSocket.latest().closed).toBe(true);
  });

  it('when nobody is signed in, then nothing is asked for', async () => {
    clearToken();
    preload();
    await act(async () => undefined);
    expect(FakeSocket.instances).toHaveLength(0);
    expect(api.calls).toHaveLength(0);
  });
});
